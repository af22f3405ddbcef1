import { useCallback, useEffect, useState } from 'react'
import { Button, Card, InputAdornment, LinearProgress, Stack, TextField, Typography } from '@mui/material'
import SearchIcon from '@mui/icons-material/Search'
import SendIcon from '@mui/icons-material/Send'
import VpnKeyIcon from '@mui/icons-material/VpnKey'
import DownloadIcon from '@mui/icons-material/Download'
import { useToast } from '../../../common/toast'
import { formatDate } from '../../../common/format'
import { useFormatting } from '../../../common/formatting'
import { PageHeader } from '../../components/PageHeader'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { describeError, useAdminErrorHandler, useSessionEnded } from '../../components/adminErrors'
import { UsersTable } from './UsersTable'
import { useSecureLinks } from './useSecureLinks'
import { useUserExport } from './useUserExport'
import type { UnmigratedUser } from './types'
import { adminPath } from '../../paths'
import { useAdminData } from '../../dataProvider'

const LIST_LIMIT = 10000

interface InvitationAnswer {
  sent: number
  failed: number
  skipped: number
  blocked: number
  errors: string[]
}

export default function UnmigratedUsersPage() {
  const toast = useToast()
  const handleError = useAdminErrorHandler()
  const sessionEnded = useSessionEnded()
  const [search, setSearch] = useState('')
  const [users, setUsers] = useState<UnmigratedUser[]>([])
  const [total, setTotal] = useState(0)
  const [loading, setLoading] = useState(true)
  const [selected, setSelected] = useState<Set<number>>(new Set())
  const [confirming, setConfirming] = useState(false)
  const [sending, setSending] = useState(false)
  const dataProvider = useAdminData()

  const load = useCallback(async (query: string) => {
    setLoading(true)
    try {
      // The whole list (up to 10,000) in the server's order: selection and exports cover every row.
      const answer = await dataProvider.getList<UnmigratedUser>('unmigrated-users', { pagination: { page: 1, perPage: LIST_LIMIT }, sort: { field: '', order: 'ASC' }, filter: { search: query.trim() } })
      setUsers(answer.data)
      setTotal(Number(answer.meta?.total ?? answer.total))
    } catch (error) {
      handleError(error)
    } finally {
      setLoading(false)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  useEffect(() => {
    const timer = setTimeout(() => load(search), 300)
    return () => clearTimeout(timer)
  }, [search, load])

  const secureLinks = useSecureLinks(() => load(search))
  const exporter = useUserExport(users, total, secureLinks.links)
  const { dateFormat } = useFormatting()
  const [replacing, setReplacing] = useState<UnmigratedUser | null>(null)
  /** Copying a link issued before this session replaces it (only hashes are stored): ask first. */
  const askBeforeReplacing = (id: number) => {
    const user = users.find((row) => row.id === id)
    if (user && user.has_valid_token && !secureLinks.links.has(id)) setReplacing(user)
    else void secureLinks.copy(id)
  }

  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })
  const toggleAll = () => setSelected((current) => (users.every((user) => current.has(user.id)) ? new Set() : new Set(users.map((user) => user.id))))

  function askToSend() {
    if (selected.size === 0) return toast.error('Please select at least one user')
    setConfirming(true)
  }

  async function send() {
    setSending(true)
    try {
      const answer: InvitationAnswer = await dataProvider.sendInvitations([...selected])
      if (answer.sent > 0) toast.success(`Successfully sent ${answer.sent} emails!`)
      if (answer.failed > 0) {
        console.error('Invitation failures', answer.errors)
        toast.error(`Failed to send ${answer.failed} emails. Check console for details.`)
      }
      if (answer.blocked > 0) toast.info(answer.blocked === 1 ? '1 blocked member was skipped' : `${answer.blocked} blocked members were skipped`)
      if (answer.skipped > 0) toast.info(answer.skipped === 1 ? '1 member without an email address was skipped' : `${answer.skipped} members without an email address were skipped`)
      setSelected(new Set())
      await load(search)
    } catch (error) {
      if (!(await sessionEnded(error))) toast.error('Failed to send emails')
    } finally {
      setSending(false)
      setConfirming(false)
    }
  }

  return (
    <>
      <PageHeader
        title="Unmigrated Users"
        subtitle="Principal members who have not migrated yet (members on disabled products are not listed)"
        backTo={adminPath('migrations')}
        backLabel="Back to Migrations"
        actions={
          <Button variant="contained" startIcon={<SendIcon />} onClick={askToSend} sx={{ whiteSpace: 'nowrap' }} data-testid="send-invitations">
            Send Invitations{selected.size > 0 ? ` (${selected.size})` : ''}
          </Button>
        }
      />
      <Card>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ p: 2, alignItems: { md: 'center' } }}>
          <TextField
            size="small"
            fullWidth
            placeholder="Search by name, member ID, or email..."
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> }, htmlInput: { 'data-testid': 'unmigrated-search' } }}
          />
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }} data-testid="unmigrated-count">
            {users.length === total ? `${total} users` : `${users.length} of ${total} users`}
            {selected.size > 0 ? ` · ${selected.size} selected` : ''}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ '& .MuiButton-root': { whiteSpace: 'nowrap' } }}>
            <Button variant="outlined" startIcon={<VpnKeyIcon />} onClick={secureLinks.generateAll} disabled={secureLinks.busy} data-testid="generate-all-links">
              Generate Links
            </Button>
            <Button variant="outlined" startIcon={<DownloadIcon />} onClick={exporter.exportCsv} data-testid="export-csv">
              Export CSV
            </Button>
            <Button variant="outlined" startIcon={<DownloadIcon />} onClick={exporter.exportXlsx} data-testid="export-xlsx">
              Export XLSX
            </Button>
          </Stack>
        </Stack>
        {loading ? <LinearProgress /> : null}
        <UsersTable users={users} selected={selected} links={secureLinks.links} onToggle={toggle} onToggleAll={toggleAll} onGenerate={secureLinks.generate} onCopy={askBeforeReplacing} />
      </Card>
      <ConfirmDialog
        open={replacing !== null}
        title="Replace the secure link?"
        message={replacing ? `This replaces the link sent on ${formatDate(replacing.token_issued_at, dateFormat)}: only its hash is stored, so copying creates a new link and the earlier one stops working, also in an email already sent to ${replacing.insured_full_name}.` : ''}
        confirmLabel="Copy new link"
        onConfirm={() => {
          const user = replacing!
          setReplacing(null)
          void secureLinks.copy(user.id)
        }}
        onClose={() => setReplacing(null)}
      />
      <ConfirmDialog
        open={confirming}
        title="Send migration invitations"
        message={`Send a migration invitation with a new secure login link to ${selected.size} selected member${selected.size === 1 ? '' : 's'}? Their earlier links stop working. Members without an email address are skipped.`}
        confirmLabel={sending ? 'Sending...' : 'Send Invitations'}
        busy={sending}
        onConfirm={send}
        onClose={() => setConfirming(false)}
      />
    </>
  )
}
