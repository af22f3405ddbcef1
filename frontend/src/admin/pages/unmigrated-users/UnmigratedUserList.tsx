import { useState } from 'react'
import { useMutation } from '@tanstack/react-query'
import { Confirm, DataTable, ListBase, Pagination, useListContext } from 'react-admin'
import { Button, Card, Stack, Typography } from '@mui/material'
import SendIcon from '@mui/icons-material/Send'
import VpnKeyIcon from '@mui/icons-material/VpnKey'
import DownloadIcon from '@mui/icons-material/Download'
import { formatDate } from '../../../common/format'
import { PageHeader } from '../../components/PageHeader'
import { EmailText } from '../../components/EmailText'
import { Captioned } from '../../components/Captioned'
import {
  bodyWithRowTestId,
  ListEmpty,
  ListError,
  ListFetching,
} from '../../components/list/ListStates'
import { LiveSearch } from '../../components/list/LiveSearch'
import { InvitationCell, LinkCell, SelectAllCheckbox, SelectUserCheckbox } from './UserCells'
import { useSecureLinks, type LinkScope } from './useSecureLinks'
import { useUserExport } from './useUserExport'
import type { UnmigratedUser } from './types'
import { useAdminTools } from '../../components/useAdminTools'

/**
 * Rows drawn at a time. The list holds up to 10,000 members (all of them are selectable and
 * exported); drawing every row with its controls took 15 s or more (docs/benchmarks.md).
 */
const ROWS_PER_PAGE = 100

/** Rows carry the test handles `unmigrated-row` and the member ID. */
const UserBody = bodyWithRowTestId('unmigrated-row', (user: UnmigratedUser) => ({
  'data-member-id': user.member_id,
}))
const Col = DataTable.Col<UnmigratedUser>
const NO_EMAIL = (
  <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
    No email
  </Typography>
)

const plural = (n: number, one: string, many: string) =>
  n === 1 ? one : many.replace('{n}', String(n))

/** What Generate Links will do: how many links, for whom, and what happens to earlier links. */
interface LinkPlan {
  count: number
  selected: boolean
  scope: LinkScope
}

function generateLinksText({ count, selected }: LinkPlan) {
  const whom = selected ? 'selected' : 'listed'
  return `${plural(count, '1 new secure link will be issued', '{n} new secure links will be issued')}, one for each ${whom} member without a valid link (members with a valid link and blocked members are skipped). Existing links of ${plural(count, 'this member', 'these members')} will stop working, including links already sent by email.`
}

function UnmigratedUsersView() {
  const { toast, sessionEnded, dataProvider, refresh, dateFormat } = useAdminTools()
  const { total, meta, selectedIds, onUnselectItems, error, filterValues } =
    useListContext<UnmigratedUser>()
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

  const { mutate: send, isPending: sending } = useMutation({
    mutationFn: () => dataProvider.sendInvitations([...selectedIds]),
    onSuccess: (answer) => {
      if (answer.sent > 0) toast.success(`Successfully sent ${answer.sent} emails!`)
      if (answer.failed > 0) {
        console.error('Invitation failures', answer.errors)
        toast.error(`Failed to send ${answer.failed} emails. Check console for details.`)
      }
      if (answer.blocked > 0)
        toast.info(
          plural(answer.blocked, '1 blocked member was skipped', '{n} blocked members were skipped')
        )
      if (answer.skipped > 0)
        toast.info(
          plural(
            answer.skipped,
            '1 member without an email address was skipped',
            '{n} members without an email address were skipped'
          )
        )
      onUnselectItems()
      refresh()
    },
    onError: async (failure) => {
      if (!(await sessionEnded(failure))) toast.error('Failed to send emails')
    },
    onSettled: () => setConfirming(false),
  })

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
      <Card>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          sx={{ p: 2, alignItems: { md: 'center' } }}
        >
          <LiveSearch
            placeholder="Search by name, member ID, or email..."
            label="Search unmigrated users"
            testId="unmigrated-search"
          />
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ whiteSpace: 'nowrap' }}
            data-testid="unmigrated-count"
          >
            {error
              ? ''
              : users.length === serverTotal
                ? `${serverTotal} users`
                : `${users.length} of ${serverTotal} users`}
            {selectedIds.length > 0 ? ` · ${selectedIds.length} selected` : ''}
          </Typography>
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{
              'flexShrink': 0,
              'flexWrap': { xs: 'wrap', md: 'nowrap' },
              '& .MuiButton-root': { whiteSpace: 'nowrap' },
            }}
          >
            <Button
              variant="outlined"
              startIcon={<VpnKeyIcon />}
              onClick={askToGenerate}
              disabled={secureLinks.busy || users.length === 0}
              data-testid="generate-all-links"
            >
              Generate Links
            </Button>
            <Button
              variant="outlined"
              startIcon={<DownloadIcon />}
              onClick={exporter.exportCsv}
              disabled={users.length === 0}
              data-testid="export-csv"
            >
              Export CSV
            </Button>
            <Button
              variant="outlined"
              startIcon={<DownloadIcon />}
              onClick={exporter.exportXlsx}
              disabled={users.length === 0}
              data-testid="export-xlsx"
            >
              Export XLSX
            </Button>
          </Stack>
        </Stack>
        <ListFetching />
        {error ? (
          <ListError what="unmigrated users" />
        ) : (
          <>
            <DataTable
              bulkActionButtons={false}
              rowClick={false}
              body={UserBody}
              empty={<ListEmpty text="No unmigrated users found" testId="unmigrated-empty" />}
              sx={{
                '& th': { whiteSpace: 'nowrap' },
                '& th, & td': { px: 0.5 },
                '& td': { fontSize: '0.8125rem' },
              }}
            >
              <Col
                label={<SelectAllCheckbox />}
                disableSort
                render={(user) => <SelectUserCheckbox user={user} />}
                cellSx={() => ({ width: 40 })}
              />
              <Col
                source="member_id"
                label="Member ID"
                cellSx={() => ({ fontFamily: 'monospace', whiteSpace: 'nowrap' })}
              />
              <Col
                source="insured_full_name"
                label="Name"
                cellSx={() => ({
                  fontWeight: 600,
                  minWidth: 90,
                  maxWidth: 200,
                  overflowWrap: 'anywhere',
                })}
              />
              <Col
                source="email"
                label="Email"
                render={(user) => (user.email ? <EmailText email={user.email} /> : NO_EMAIL)}
                cellSx={() => ({ minWidth: 100, maxWidth: 200, overflowWrap: 'anywhere' })}
              />
              <Col
                source="date_of_birth"
                label="Date of Birth"
                render={(user) => formatDate(user.date_of_birth, dateFormat)}
                cellSx={() => ({ whiteSpace: 'nowrap' })}
              />
              <Col
                source="product_name"
                label="Product / Plan"
                render={(user) => (
                  <Captioned caption={user.plan_name}>{user.product_name || 'N/A'}</Captioned>
                )}
                cellSx={() => ({ minWidth: 100 })}
              />
              <Col
                source="policy_end_date"
                label="Policy End"
                render={(user) => formatDate(user.policy_end_date, dateFormat)}
                cellSx={() => ({ whiteSpace: 'nowrap' })}
              />
              <Col
                source="invited_at"
                label="Invitation"
                render={(user) => <InvitationCell user={user} />}
              />
              <Col
                label="Secure Link"
                disableSort
                render={(user) => (
                  <LinkCell
                    user={user}
                    link={secureLinks.links.get(user.id)}
                    onGenerate={() => void secureLinks.generate(user.id)}
                    onCopy={() => copy(user)}
                  />
                )}
              />
            </DataTable>
            <Pagination rowsPerPageOptions={[ROWS_PER_PAGE]} data-testid="unmigrated-pagination" />
          </>
        )}
      </Card>
      <Confirm
        isOpen={replacing !== null}
        title="Replace the secure link?"
        content={
          replacing
            ? `This replaces the link sent on ${formatDate(replacing.token_issued_at, dateFormat)}: only its hash is stored, so copying creates a new link and the earlier one stops working, also in an email already sent to ${replacing.insured_full_name}.`
            : ''
        }
        confirm="Copy new link"
        onConfirm={() => {
          setReplacing(null)
          void secureLinks.copy(replacing!.id)
        }}
        onClose={() => setReplacing(null)}
      />
      <Confirm
        isOpen={linking !== null}
        title="Generate secure links?"
        content={linking ? generateLinksText(linking) : ''}
        confirm={plural(linking?.count ?? 0, 'Generate 1 link', 'Generate {n} links')}
        onConfirm={() => {
          secureLinks.generateAll(linking!.scope)
          setLinking(null)
        }}
        onClose={() => setLinking(null)}
      />
      <Confirm
        isOpen={confirming}
        title="Send migration invitations"
        content={`Send a migration invitation with a new secure login link to ${selectedIds.length} selected member${selectedIds.length === 1 ? '' : 's'}? Their earlier links stop working. Members without an email address are skipped.`}
        confirm={sending ? 'Sending...' : 'Send Invitations'}
        loading={sending}
        onConfirm={() => send()}
        onClose={() => setConfirming(false)}
      />
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
