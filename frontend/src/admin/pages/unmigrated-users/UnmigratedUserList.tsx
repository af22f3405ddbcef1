import { useState } from 'react'
import { ListBase, Pagination, useListContext } from 'react-admin'
import { Button, Card } from '@mui/material'
import SendIcon from '@mui/icons-material/Send'
import { PageHeader } from '../../components/PageHeader'
import { ListError, ListFetching } from '../../components/list/ListStates'
import { useAdminTools } from '../../components/useAdminTools'
import { useSecureLinks } from './useSecureLinks'
import { useUserExport } from './useUserExport'
import { UnmigratedToolbar } from './UnmigratedToolbar'
import { ListSidebar } from '../../components/views/ListSidebar'
import { UnmigratedUserTable } from './UnmigratedUserTable'
import { ReplaceLinkConfirm } from './ReplaceLinkConfirm'
import { GenerateLinksConfirm } from './GenerateLinksConfirm'
import { SendInvitationsConfirm } from './SendInvitationsConfirm'
import type { LinkPlan } from './linkTexts'
import type { UnmigratedUser } from './types'

/**
 * Rows drawn at a time. The list holds up to 10,000 members (all of them are selectable and
 * exported); drawing every row with its controls took 15 s or more (docs/benchmarks.md).
 */
const ROWS_PER_PAGE = 100

function UnmigratedUsersView() {
  const { toast, refresh } = useAdminTools()
  const { total, meta, selectedIds, error, filterValues } = useListContext<UnmigratedUser>()
  const users = (meta?.rows ?? []) as UnmigratedUser[]
  const serverTotal = Number(meta?.total ?? total ?? 0)
  const secureLinks = useSecureLinks(refresh)
  const exporter = useUserExport(users, serverTotal, secureLinks.links)
  const [replacing, setReplacing] = useState<UnmigratedUser | null>(null)
  const [confirming, setConfirming] = useState(false)
  const [linking, setLinking] = useState<LinkPlan | null>(null)

  /** Generate Links acts on the selection, else on what is listed: the dialog says how many links that is. */
  function askToGenerate() {
    const selected = new Set(selectedIds.map(Number))
    const scope = selected.size > 0 ? users.filter((user) => selected.has(user.id)) : users
    const count = scope.filter((user) => !user.has_valid_token && !user.is_blocked).length
    if (count === 0)
      return toast.info(
        selected.size > 0
          ? 'Every selected member already has a valid link'
          : 'Every listed member already has a valid link'
      )
    const search =
      typeof filterValues?.search === 'string' && filterValues.search.trim()
        ? filterValues.search.trim()
        : undefined
    setLinking({
      count,
      selected: selected.size > 0,
      scope: selected.size > 0 ? { memberIds: [...selected] } : { search },
    })
  }

  /** Copying a link issued before this session replaces it (only hashes are stored): ask first. */
  const copy = (user: UnmigratedUser) => {
    if (user.has_valid_token && !secureLinks.links.has(user.id)) setReplacing(user)
    else void secureLinks.copy(user.id)
  }

  function askToSend() {
    if (selectedIds.length === 0) return toast.error('Please select at least one user')
    setConfirming(true)
  }

  return (
    <>
      <PageHeader
        title="Unmigrated Users"
        subtitle="Principal members who have not migrated yet (members on disabled products are not listed)"
        back="migrations"
        actions={
          <Button
            variant="contained"
            startIcon={<SendIcon />}
            onClick={askToSend}
            sx={{ whiteSpace: 'nowrap' }}
            data-testid="send-invitations"
          >
            Send Invitations{selectedIds.length > 0 ? ` (${selectedIds.length})` : ''}
          </Button>
        }
      />
      <ListSidebar />
      <Card>
        <UnmigratedToolbar
          listed={users.length}
          serverTotal={serverTotal}
          generating={secureLinks.busy}
          onGenerate={askToGenerate}
          onExportCsv={exporter.exportCsv}
          onExportXlsx={exporter.exportXlsx}
        />
        <ListFetching />
        {error ? (
          <ListError what="unmigrated users" />
        ) : (
          <>
            <UnmigratedUserTable
              links={secureLinks.links}
              onGenerate={(user) => void secureLinks.generate(user.id)}
              onCopy={copy}
            />
            <Pagination rowsPerPageOptions={[ROWS_PER_PAGE]} data-testid="unmigrated-pagination" />
          </>
        )}
      </Card>
      <ReplaceLinkConfirm
        user={replacing}
        onCopy={(user) => void secureLinks.copy(user.id)}
        onClose={() => setReplacing(null)}
      />
      <GenerateLinksConfirm
        plan={linking}
        onGenerate={secureLinks.generateAll}
        onClose={() => setLinking(null)}
      />
      <SendInvitationsConfirm open={confirming} onClose={() => setConfirming(false)} />
    </>
  )
}

/** /admin/unmigrated-users (admin-backoffice.md §2): page, sort and search in the URL; the whole list (up to 10,000) is selectable and exported. */
export function UnmigratedUserList() {
  return (
    <ListBase perPage={ROWS_PER_PAGE} sort={{ field: 'insured_full_name', order: 'ASC' }}>
      <UnmigratedUsersView />
    </ListBase>
  )
}
