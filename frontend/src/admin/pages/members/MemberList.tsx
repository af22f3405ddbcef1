import { useState } from 'react'
import { DataTable } from 'react-admin'
import { Button } from '@mui/material'
import RefreshIcon from '@mui/icons-material/Refresh'
import AddIcon from '@mui/icons-material/PersonAddAlt'
import { PageHeader } from '../../components/PageHeader'
import { bodyWithRowTestId, ListEmpty } from '../../components/list/ListStates'
import { CardList } from '../../components/list/CardList'
import { ListExport } from '../../components/list/ListExport'
import { PagePager } from '../../components/list/PagePager'
import { useAdminTools } from '../../components/useAdminTools'
import { MemberDetailsDialog } from './MemberDetailsDialog'
import { MemberFormDialog } from './MemberFormDialog'
import { MemberDeleteConfirm } from './MemberDeleteConfirm'
import { BlockDialog } from './BlockDialog'
import { MemberStats } from './MemberStats'
import { MemberActions } from './MemberActions'
import { memberBulkToolbar } from './MemberBulkActions'
import { SelectMember, SelectPageMembers } from './MemberSelection'
import { memberEmailCell, memberNameCell, memberRoleCell, memberStatusCell } from './MemberRowCells'
import { memberFilters, memberRoleFilter } from './memberFilters'
import { memberSidebar } from './MemberSidebar'
import type { MemberRecord } from './types'
import { useShownMember } from './useShownMember'

const MemberBody = bodyWithRowTestId((member: MemberRecord) => `member-row-${member.member_id}`)
const Col = DataTable.Col<MemberRecord>

/** /admin/members: member records with stats, search, role filter, pager and dialogs. */
export function MemberList() {
  // react-admin's refresh invalidates every query: the list and the stats.
  const { toast, refresh, handleError, dataProvider } = useAdminTools()
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
  const forgetShown = useShownMember((id) => view({ id } as MemberRecord))

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
      <MemberStats />
      <CardList
        what="members"
        filters={memberFilters}
        toolbar={
          <>
            {memberRoleFilter}
            <ListExport what="members" />
          </>
        }
        aside={memberSidebar}
        perPage={50}
        sort={{ field: 'id', order: 'ASC' }}
        pagination={false}
      >
        <DataTable
          bulkActionButtons={false}
          bulkActionsToolbar={memberBulkToolbar}
          rowClick={false}
          body={MemberBody}
          empty={<ListEmpty text="No members found" testId="members-empty" />}
        >
          <Col
            label={<SelectPageMembers />}
            disableSort
            render={(member) => <SelectMember member={member} />}
            cellSx={() => ({ width: 48, px: 0.5 })}
          />
          <Col
            source="member_id"
            label="Member ID"
            cellSx={() => ({ fontFamily: 'monospace', whiteSpace: 'nowrap' })}
          />
          <Col source="insured_full_name" label="Name" render={memberNameCell} />
          <Col source="insured_role" label="Role" render={memberRoleCell} />
          <Col source="email" label="Email" render={memberEmailCell} />
          <Col
            source="product_name"
            label="Product"
            render={(member) => member.product_alias || member.product_name || '—'}
          />
          <Col source="status" label="Status" render={memberStatusCell} />
          <Col
            source="completed_migrations_count"
            label="Migrations"
            disableSort
            render={(member) => member.completed_migrations_count ?? 0}
          />
          <Col
            label="Actions"
            align="right"
            render={(member) => (
              <MemberActions
                member={member}
                onView={view}
                onEdit={edit}
                onBlock={setBlocking}
                onDelete={setDeleting}
              />
            )}
          />
        </DataTable>
        <PagePager numbered />
      </CardList>
      <MemberDetailsDialog
        member={viewing}
        onClose={() => {
          setViewing(null)
          forgetShown()
        }}
      />
      <MemberFormDialog
        open={editing !== null}
        member={editing?.member ?? null}
        onClose={() => setEditing(null)}
        onSave={save}
      />
      <BlockDialog member={blocking} onClose={() => setBlocking(null)} />
      <MemberDeleteConfirm member={deleting} onClose={() => setDeleting(null)} />
    </>
  )
}
