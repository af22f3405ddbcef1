import { useState } from 'react'
import { DataTable, SearchInput } from 'react-admin'
import { useQuery } from '@tanstack/react-query'
import { Box, Button, Chip, Stack, Tooltip, Typography } from '@mui/material'
import RefreshIcon from '@mui/icons-material/Refresh'
import PeopleIcon from '@mui/icons-material/PeopleAltOutlined'
import PersonIcon from '@mui/icons-material/PersonOutlined'
import FamilyIcon from '@mui/icons-material/FamilyRestroomOutlined'
import ActiveIcon from '@mui/icons-material/CheckCircleOutlined'
import MailIcon from '@mui/icons-material/MailOutlined'
import ProductIcon from '@mui/icons-material/Inventory2Outlined'
import AddIcon from '@mui/icons-material/PersonAddAlt'
import ViewIcon from '@mui/icons-material/VisibilityOutlined'
import EditIcon from '@mui/icons-material/EditOutlined'
import DeleteIcon from '@mui/icons-material/DeleteOutlined'
import BlockIcon from '@mui/icons-material/Block'
import LockOpenIcon from '@mui/icons-material/LockOpenOutlined'
import { PageHeader } from '../../components/PageHeader'
import { StatCard } from '../../components/StatCard'
import { IconAction } from '../../components/IconAction'
import { DeleteConfirm } from '../../components/DeleteConfirm'
import { ChoiceFilter } from '../../components/list/ChoiceFilter'
import { bodyWithRowTestId, ListEmpty } from '../../components/list/ListStates'
import { CardList } from '../../components/list/CardList'
import { PagePager } from '../../components/list/PagePager'
import { MemberDetailsDialog } from './MemberDetailsDialog'
import { MemberFormDialog } from './MemberFormDialog'
import { BlockDialog } from './BlockDialog'
import { ROLES, type MemberRecord, type MemberStats } from './types'
import { useAdminTools } from '../../components/useAdminTools'
import { formatCount } from '../../../common/format'

const STATUS_COLOR: Record<string, 'success' | 'default' | 'warning'> = {
  Active: 'success',
  Inactive: 'default',
  Pending: 'warning',
}
const filters = [
  <SearchInput
    key="search"
    source="search"
    alwaysOn
    placeholder="Search by name, member ID, email or unique ID..."
    sx={{ width: { xs: '100%', sm: 420 } }}
    slotProps={{ htmlInput: { 'data-testid': 'members-search', 'aria-label': 'Search members' } }}
  />,
]
const MemberBody = bodyWithRowTestId((member: MemberRecord) => `member-row-${member.member_id}`)
const Col = DataTable.Col<MemberRecord>
const number = formatCount
/** The six figures above the members table: label, figure, icon, accent, test id. */
const STATS: [string, keyof MemberStats, typeof PeopleIcon, string, string][] = [
  ['Total Members', 'total_members', PeopleIcon, 'primary.main', 'stat-total-members'],
  ['Principals', 'principals_count', PersonIcon, '#5c6bc0', 'stat-principals'],
  ['Dependents', 'dependents_count', FamilyIcon, '#8e24aa', 'stat-dependents'],
  ['Active', 'active_members', ActiveIcon, 'success.main', 'stat-active'],
  ['With Email', 'members_with_email', MailIcon, 'info.main', 'stat-with-email'],
  ['Unique Products', 'unique_products', ProductIcon, 'warning.main', 'stat-products'],
]

/** /admin/members: member records with stats, search, role filter, pager and dialogs. */
export function MemberList() {
  // react-admin's refresh invalidates every query: the list and the stats.
  const { toast, refresh, handleError, dataProvider } = useAdminTools()
  // A stats failure is not shown (admin-backoffice.md §8).
  const { data: stats } = useQuery({
    queryKey: ['members', 'stats'],
    queryFn: async () => (await dataProvider.memberStats()).stats,
    retry: false,
  })
  const [viewing, setViewing] = useState<MemberRecord | null>(null)
  const [editing, setEditing] = useState<{ member: MemberRecord | null } | null>(null)
  const [deleting, setDeleting] = useState<MemberRecord | null>(null)
  const [blocking, setBlocking] = useState<MemberRecord | null>(null)

  /** Opens a dialog on the member's details from the server, merged into the row (the list may be stale). */
  const withDetails = (open: (member: MemberRecord) => void) => (member: MemberRecord) =>
    dataProvider
      .getOne<MemberRecord>('members', { id: member.id })
      .then(({ data }) => open({ ...member, ...data }), handleError)
  const view = withDetails(setViewing)
  const edit = withDetails((details) => setEditing({ member: details }))

  const actions = (member: MemberRecord) => (
    <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
      <IconAction
        title="View"
        icon={ViewIcon}
        onClick={() => view(member)}
        aria-label="View member"
      />
      <IconAction
        title="Edit"
        icon={EditIcon}
        onClick={() => edit(member)}
        aria-label="Edit member"
      />
      {member.insured_role === 'Principal' ? (
        <IconAction
          title={member.is_blocked ? 'Unblock' : 'Block'}
          icon={member.is_blocked ? LockOpenIcon : BlockIcon}
          onClick={() => setBlocking(member)}
          aria-label={member.is_blocked ? 'Unblock member' : 'Block member'}
          data-testid="member-block-toggle"
        />
      ) : null}
      <IconAction
        title="Delete"
        icon={DeleteIcon}
        color="error"
        onClick={() => setDeleting(member)}
        aria-label="Delete member"
      />
    </Stack>
  )

  const save = async (body: Record<string, string | null>) => {
    const member = editing?.member
    if (member)
      await dataProvider.update('members', { id: member.id, data: body, previousData: member })
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
        back="migrations"
        actions={
          <>
            <Button variant="outlined" startIcon={<RefreshIcon />} onClick={refresh}>
              Refresh
            </Button>
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setEditing({ member: null })}
              data-testid="add-member"
            >
              Add Member
            </Button>
          </>
        }
      />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          mb: 3,
          gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)', xl: 'repeat(6, 1fr)' },
        }}
      >
        {STATS.map(([label, figure, Icon, accent, testId]) => (
          <StatCard
            key={label}
            label={label}
            value={number(stats?.[figure])}
            icon={<Icon />}
            accent={accent}
            testId={testId}
          />
        ))}
      </Box>
      <CardList
        what="members"
        filters={filters}
        toolbar={
          <ChoiceFilter
            source="role"
            label="Role"
            allLabel="All Roles"
            choices={ROLES.map((role) => ({ id: role, name: role }))}
            testId="members-role-filter"
            minWidth={180}
          />
        }
        perPage={50}
        sort={{ field: 'id', order: 'ASC' }}
        pagination={false}
      >
        <DataTable
          bulkActionButtons={false}
          rowClick={false}
          body={MemberBody}
          empty={<ListEmpty text="No members found" testId="members-empty" />}
        >
          <Col
            source="member_id"
            label="Member ID"
            cellSx={() => ({ fontFamily: 'monospace', whiteSpace: 'nowrap' })}
          />
          <Col
            source="insured_full_name"
            label="Name"
            render={(member) => (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <span>{member.insured_full_name}</span>
                {member.is_blocked ? (
                  <Tooltip
                    title={
                      member.block_reason
                        ? `Blocked: ${member.block_reason}`
                        : 'Blocked from migrating'
                    }
                  >
                    <Chip
                      size="small"
                      color="error"
                      variant="outlined"
                      sx={{ color: 'error.dark' }}
                      label="Blocked"
                      data-testid="member-blocked"
                    />
                  </Tooltip>
                ) : null}
              </Stack>
            )}
          />
          <Col
            source="insured_role"
            label="Role"
            render={(member) => (
              <Chip
                size="small"
                variant="outlined"
                label={member.insured_role}
                color={member.insured_role === 'Principal' ? 'primary' : 'default'}
              />
            )}
          />
          <Col
            source="email"
            label="Email"
            render={(member) =>
              member.email ?? (
                <Typography component="span" color="text.secondary">
                  —
                </Typography>
              )
            }
          />
          <Col
            source="product_name"
            label="Product"
            render={(member) => member.product_alias || member.product_name || '—'}
          />
          <Col
            source="status"
            label="Status"
            render={(member) => {
              const colour = STATUS_COLOR[member.status] ?? 'default'
              // Outlined with the dark shade: white text on a brand's green is too faint (axe contrast).
              return (
                <Chip
                  size="small"
                  variant="outlined"
                  label={member.status}
                  color={colour}
                  sx={colour === 'default' ? undefined : { color: `${colour}.dark` }}
                />
              )
            }}
          />
          <Col
            source="completed_migrations_count"
            label="Migrations"
            render={(member) => member.completed_migrations_count ?? 0}
          />
          <Col label="Actions" align="right" render={actions} />
        </DataTable>
        <PagePager numbered />
      </CardList>
      <MemberDetailsDialog member={viewing} onClose={() => setViewing(null)} />
      <MemberFormDialog
        open={editing !== null}
        member={editing?.member ?? null}
        onClose={() => setEditing(null)}
        onSave={save}
      />
      <BlockDialog member={blocking} onClose={() => setBlocking(null)} />
      <DeleteConfirm
        record={deleting}
        title="Confirm Delete"
        content={
          deleting
            ? `Delete ${deleting.insured_full_name} (${deleting.member_id})? This action cannot be undone.`
            : ''
        }
        success="Member deleted successfully"
        onClose={() => setDeleting(null)}
      />
    </>
  )
}
