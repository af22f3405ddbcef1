import { useState } from 'react'
import { DataTable, List, SearchInput, TopToolbar, useRefresh } from 'react-admin'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Button, Card, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material'
import RefreshIcon from '@mui/icons-material/Refresh'
import AddIcon from '@mui/icons-material/PersonAddAlt'
import ViewIcon from '@mui/icons-material/VisibilityOutlined'
import EditIcon from '@mui/icons-material/EditOutlined'
import DeleteIcon from '@mui/icons-material/DeleteOutlined'
import BlockIcon from '@mui/icons-material/Block'
import LockOpenIcon from '@mui/icons-material/LockOpenOutlined'
import { useToast } from '../../../common/toast'
import { PageHeader } from '../../components/PageHeader'
import { DeleteConfirm } from '../../components/DeleteConfirm'
import { useAdminErrorHandler } from '../../components/adminErrors'
import { ChoiceFilter } from '../../components/list/ChoiceFilter'
import { bodyWithRowTestId, ListEmpty, ListError, ListFetching } from '../../components/list/ListStates'
import { useAdminData } from '../../dataProvider'
import { adminPath } from '../../paths'
import { MemberStatsCards } from './MemberStatsCards'
import { MemberPager } from './MemberPager'
import { MemberDetailsDialog } from './MemberDetailsDialog'
import { MemberFormDialog } from './MemberFormDialog'
import { BlockDialog } from './BlockDialog'
import { PAGE_SIZE, ROLES, type MemberRecord, type MemberStats } from './types'

const STATUS_COLOR: Record<string, 'success' | 'default' | 'warning'> = { Active: 'success', Inactive: 'default', Pending: 'warning' }
const filters = [<SearchInput key="search" source="search" alwaysOn placeholder="Search by name, member ID, email or unique ID..." sx={{ width: { xs: '100%', sm: 420 } }} slotProps={{ htmlInput: { 'data-testid': 'members-search', 'aria-label': 'Search members' } }} />]
const MemberBody = bodyWithRowTestId((member: MemberRecord) => `member-row-${member.member_id}`)
const Col = DataTable.Col<MemberRecord>

/** /admin/members: member records with stats, search, role filter, pager and dialogs. */
export function MemberList() {
  const toast = useToast()
  const refreshList = useRefresh()
  const queryClient = useQueryClient()
  const handleError = useAdminErrorHandler()
  const dataProvider = useAdminData()
  // A stats failure is not shown (admin-backoffice.md §8).
  const { data: stats } = useQuery({ queryKey: ['members', 'stats'], queryFn: async () => (await dataProvider.memberStats()).stats as MemberStats, retry: false })
  const [viewing, setViewing] = useState<MemberRecord | null>(null)
  const [editing, setEditing] = useState<{ member: MemberRecord | null } | null>(null)
  const [deleting, setDeleting] = useState<MemberRecord | null>(null)
  const [blocking, setBlocking] = useState<MemberRecord | null>(null)

  const refresh = () => {
    refreshList()
    void queryClient.invalidateQueries({ queryKey: ['members', 'stats'] })
  }

  /** Details come from the server and are merged into the row (the list may be stale). */
  const withDetails = async (member: MemberRecord) => {
    try {
      return { ...member, ...(await dataProvider.getOne<MemberRecord>('members', { id: member.id })).data }
    } catch (error) {
      handleError(error)
      return null
    }
  }

  const save = async (body: Record<string, string | null>) => {
    const member = editing?.member
    if (member) await dataProvider.update('members', { id: member.id, data: body, previousData: member })
    else await dataProvider.create('members', { data: body })
    toast.success(member ? 'Member updated successfully' : 'Member created successfully')
    setEditing(null)
    refresh()
  }

  return (
    <>
      <PageHeader
        title="Members"
        subtitle="Insured members imported from the census"
        backTo={adminPath('migrations')}
        backLabel="Back to Migrations"
        actions={
          <>
            <Button variant="outlined" startIcon={<RefreshIcon />} onClick={refresh}>
              Refresh
            </Button>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ member: null })} data-testid="add-member">
              Add Member
            </Button>
          </>
        }
      />
      <MemberStatsCards stats={stats ?? null} />
      <List
        resource="members"
        title={false}
        filters={filters}
        actions={
          <TopToolbar sx={{ alignItems: 'center', minHeight: 'auto' }}>
            <ChoiceFilter source="role" label="Role" allLabel="All Roles" choices={ROLES.map((role) => ({ id: role, name: role }))} testId="members-role-filter" minWidth={180} />
          </TopToolbar>
        }
        perPage={PAGE_SIZE}
        sort={{ field: 'id', order: 'ASC' }}
        empty={false}
        pagination={false}
        error={<ListError what="members" />}
        component={Card}
        sx={{ '& .RaList-actions': { px: 2 } }}
      >
        <ListFetching />
        <Stack data-testid="members-table">
          <DataTable bulkActionButtons={false} rowClick={false} body={MemberBody} empty={<ListEmpty text="No members found" testId="members-empty" />}>
            <Col source="member_id" label="Member ID" cellSx={() => ({ fontFamily: 'monospace', whiteSpace: 'nowrap' })} />
            <Col
              source="insured_full_name"
              label="Name"
              render={(member) => (
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <span>{member.insured_full_name}</span>
                  {member.is_blocked ? (
                    <Tooltip title={member.block_reason ? `Blocked: ${member.block_reason}` : 'Blocked from migrating'}>
                      <Chip size="small" color="error" variant="outlined" sx={{ color: 'error.dark' }} label="Blocked" data-testid="member-blocked" />
                    </Tooltip>
                  ) : null}
                </Stack>
              )}
            />
            <Col source="insured_role" label="Role" render={(member) => <Chip size="small" variant="outlined" label={member.insured_role} color={member.insured_role === 'Principal' ? 'primary' : 'default'} />} />
            <Col source="email" label="Email" render={(member) => member.email ?? <Typography component="span" color="text.secondary">—</Typography>} />
            <Col source="product_name" label="Product" render={(member) => member.product_alias || member.product_name || '—'} />
            <Col source="status" label="Status" render={(member) => {
                const colour = STATUS_COLOR[member.status] ?? 'default'
                // Outlined with the dark shade: white text on a brand's green is too faint (axe contrast).
                return <Chip size="small" variant="outlined" label={member.status} color={colour} sx={colour === 'default' ? undefined : { color: `${colour}.dark` }} />
              }} />
            <Col source="completed_migrations_count" label="Migrations" render={(member) => member.completed_migrations_count ?? 0} />
            <Col
              label="Actions"
              align="right"
              render={(member) => (
                <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
                  <Tooltip title="View">
                    <IconButton size="small" onClick={async () => setViewing(await withDetails(member))} aria-label="View member">
                      <ViewIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title="Edit">
                    <IconButton
                      size="small"
                      onClick={async () => {
                        const details = await withDetails(member)
                        if (details) setEditing({ member: details })
                      }}
                      aria-label="Edit member"
                    >
                      <EditIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  {member.insured_role === 'Principal' ? (
                    <Tooltip title={member.is_blocked ? 'Unblock' : 'Block'}>
                      <IconButton size="small" onClick={() => setBlocking(member)} aria-label={member.is_blocked ? 'Unblock member' : 'Block member'} data-testid="member-block-toggle">
                        {member.is_blocked ? <LockOpenIcon fontSize="small" /> : <BlockIcon fontSize="small" />}
                      </IconButton>
                    </Tooltip>
                  ) : null}
                  <Tooltip title="Delete">
                    <IconButton size="small" color="error" onClick={() => setDeleting(member)} aria-label="Delete member">
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </Stack>
              )}
            />
          </DataTable>
        </Stack>
        <MemberPager />
      </List>
      <MemberDetailsDialog member={viewing} onClose={() => setViewing(null)} />
      <MemberFormDialog open={editing !== null} member={editing?.member ?? null} onClose={() => setEditing(null)} onSave={save} />
      <BlockDialog
        member={blocking}
        onClose={() => setBlocking(null)}
        onSave={async (reason) => {
          const action = blocking!.is_blocked ? 'unblock' : 'block'
          await dataProvider.blockPrincipal(blocking!.id, action, reason || undefined)
          toast.success(action === 'block' ? 'Successfully blocked member' : 'Successfully unblocked member')
          setBlocking(null)
          refresh()
        }}
      />
      <DeleteConfirm
        resource="members"
        record={deleting}
        title="Confirm Delete"
        content={deleting ? `Delete ${deleting.insured_full_name} (${deleting.member_id})? This action cannot be undone.` : ''}
        success="Member deleted successfully"
        onDeleted={refresh}
        onClose={() => setDeleting(null)}
      />
    </>
  )
}
