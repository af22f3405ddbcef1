import { useCallback, useEffect, useState } from 'react'
import { Button, Card, InputAdornment, LinearProgress, MenuItem, Stack, TextField } from '@mui/material'
import SearchIcon from '@mui/icons-material/Search'
import RefreshIcon from '@mui/icons-material/Refresh'
import AddIcon from '@mui/icons-material/PersonAddAlt'
import { api } from '../../../common/api'
import { useToast } from '../../../common/toast'
import { PageHeader } from '../../components/PageHeader'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { useAdminErrorHandler } from '../../components/adminErrors'
import { MemberStatsCards } from './MemberStatsCards'
import { MemberTable } from './MemberTable'
import { MemberPager } from './MemberPager'
import { MemberDetailsDialog } from './MemberDetailsDialog'
import { MemberFormDialog } from './MemberFormDialog'
import { PAGE_SIZE, ROLES, type MemberRecord, type MemberStats } from './types'
import { adminPath } from '../../paths'

export default function MembersPage() {
  const toast = useToast()
  const handleError = useAdminErrorHandler()
  const [members, setMembers] = useState<MemberRecord[]>([])
  const [total, setTotal] = useState(0)
  const [stats, setStats] = useState<MemberStats | null>(null)
  const [page, setPage] = useState(1)
  const [search, setSearch] = useState('')
  const [role, setRole] = useState('')
  const [loading, setLoading] = useState(true)
  const [viewing, setViewing] = useState<MemberRecord | null>(null)
  const [editing, setEditing] = useState<{ member: MemberRecord | null } | null>(null)
  const [deleting, setDeleting] = useState<MemberRecord | null>(null)
  const [busy, setBusy] = useState(false)

  const loadStats = useCallback(async () => {
    // A stats failure is not shown (admin-backoffice.md §8).
    const answer = await api.get<{ stats: MemberStats }>('/admin/members-stats').catch(() => null)
    if (answer) setStats(answer.stats)
  }, [])

  const loadMembers = useCallback(async () => {
    setLoading(true)
    try {
      const params = new URLSearchParams({ page: String(page), limit: String(PAGE_SIZE), search: search.trim() })
      if (role) params.set('role', role)
      const answer = await api.get<{ members: MemberRecord[]; total: number }>(`/admin/members?${params}`)
      setMembers(answer.members)
      setTotal(answer.total)
    } catch (error) {
      handleError(error)
    } finally {
      setLoading(false)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page, search, role])

  useEffect(() => {
    const timer = setTimeout(loadMembers, 300)
    return () => clearTimeout(timer)
  }, [loadMembers])
  useEffect(() => {
    loadStats()
  }, [loadStats])

  const refresh = () => Promise.all([loadMembers(), loadStats()])

  /** Details come from the server and are merged into the row (the list may be stale). */
  const withDetails = async (member: MemberRecord) => {
    try {
      const { member: details } = await api.get<{ member: MemberRecord }>(`/admin/members/${member.id}`)
      return { ...member, ...details }
    } catch (error) {
      handleError(error)
      return null
    }
  }

  const save = async (body: Record<string, string | null>) => {
    const member = editing?.member
    if (member) await api.put(`/admin/members/${member.id}`, body)
    else await api.post('/admin/members', body)
    toast.success(member ? 'Member updated successfully' : 'Member created successfully')
    setEditing(null)
    await refresh()
  }

  const remove = async () => {
    if (!deleting) return
    setBusy(true)
    try {
      await api.delete(`/admin/members/${deleting.id}`)
      toast.success('Member deleted successfully')
      setDeleting(null)
      await refresh()
    } catch (error) {
      handleError(error)
    } finally {
      setBusy(false)
    }
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
      <MemberStatsCards stats={stats} />
      <Card>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ p: 2 }}>
          <TextField
            size="small"
            placeholder="Search by name, member ID, email or unique ID..."
            value={search}
            onChange={(event) => {
              setSearch(event.target.value)
              setPage(1)
            }}
            sx={{ flex: 1 }}
            slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon /></InputAdornment> }, htmlInput: { 'data-testid': 'members-search' } }}
          />
          <TextField
            select
            size="small"
            label="Role"
            value={role}
            onChange={(event) => {
              setRole(event.target.value)
              setPage(1)
            }}
            sx={{ minWidth: 180 }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">All Roles</MenuItem>
            {ROLES.map((value) => (
              <MenuItem key={value} value={value}>
                {value}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {loading ? <LinearProgress /> : null}
        <MemberTable
          members={members}
          onView={async (member) => setViewing(await withDetails(member))}
          onEdit={async (member) => {
            const details = await withDetails(member)
            if (details) setEditing({ member: details })
          }}
          onDelete={setDeleting}
        />
        <MemberPager page={page} pageSize={PAGE_SIZE} total={total} onPage={setPage} />
      </Card>
      <MemberDetailsDialog member={viewing} onClose={() => setViewing(null)} />
      <MemberFormDialog open={editing !== null} member={editing?.member ?? null} onClose={() => setEditing(null)} onSave={save} />
      <ConfirmDialog
        open={deleting !== null}
        title="Confirm Delete"
        message={deleting ? `Delete ${deleting.insured_full_name} (${deleting.member_id})? This action cannot be undone.` : ''}
        confirmLabel="Delete"
        busy={busy}
        onConfirm={remove}
        onClose={() => setDeleting(null)}
      />
    </>
  )
}
