import { useCallback, useEffect, useState } from 'react'
import { Card, InputAdornment, LinearProgress, MenuItem, Stack, TextField, Typography } from '@mui/material'
import SearchIcon from '@mui/icons-material/Search'
import { api } from '../../../common/api'
import { PageHeader } from '../../components/PageHeader'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { useAdminErrorHandler } from '../../components/adminErrors'
import type { MigrationRow } from '../dashboard/types'
import { MigrationsTable } from './MigrationsTable'
import { ApiLogsDialog } from './ApiLogsDialog'
import { FULFILMENT_ACTIONS, useFulfilmentActions } from './fulfilmentActions'

const STATUS_OPTIONS = [
  { value: '', label: 'All Statuses' },
  { value: 'pending', label: 'Pending' },
  { value: 'processing', label: 'Processing' },
  { value: 'completed', label: 'Completed' },
  { value: 'completed_with_warnings', label: 'Completed with Warnings' },
  { value: 'failed', label: 'Failed' },
]

/** Waits for typing to pause before searching. */
function useDebounced<T>(value: T, delay = 300): T {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay)
    return () => clearTimeout(timer)
  }, [value, delay])
  return debounced
}

export default function MigrationsPage() {
  const handleError = useAdminErrorHandler()
  const [search, setSearch] = useState('')
  const [status, setStatus] = useState('')
  const [rows, setRows] = useState<MigrationRow[]>([])
  const [total, setTotal] = useState(0)
  const [loading, setLoading] = useState(true)
  const [logsFor, setLogsFor] = useState<number | null>(null)
  const query = useDebounced(search)

  const load = useCallback(async () => {
    setLoading(true)
    try {
      const params = new URLSearchParams({ search: query.trim(), status })
      const answer = await api.get<{ migrations: MigrationRow[]; total: number }>(`/admin/migrations?${params}`)
      setRows(answer.migrations)
      setTotal(answer.total)
    } catch (error) {
      handleError(error)
    } finally {
      setLoading(false)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query, status])

  useEffect(() => {
    load()
  }, [load])

  const actions = useFulfilmentActions(load)
  return (
    <>
      <PageHeader title="Migrations Dashboard" subtitle="Every migration with its payment, documents, email and enrolment steps" />
      <Card>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ p: 2 }}>
          <TextField
            size="small"
            fullWidth
            placeholder="Search by name, member ID, or reference..."
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> }, htmlInput: { 'data-testid': 'migrations-search' } }}
          />
          <TextField
            select
            size="small"
            label="Status"
            value={status}
            onChange={(event) => setStatus(event.target.value)}
            sx={{ minWidth: 240 }}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'migrations-status-filter' } as any } }}
          >
            {STATUS_OPTIONS.map((option) => (
              <MenuItem key={option.value} value={option.value}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {loading ? <LinearProgress /> : null}
        <MigrationsTable rows={rows} onAction={actions.ask} onShowLogs={setLogsFor} />
        {rows.length > 0 && total > rows.length ? (
          <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
            Showing the newest {rows.length} of {total} migrations. Refine the search to find older ones.
          </Typography>
        ) : null}
      </Card>
      <ConfirmDialog
        open={actions.pending !== null}
        title={actions.pending ? FULFILMENT_ACTIONS[actions.pending.action].label : ''}
        message={actions.pending ? FULFILMENT_ACTIONS[actions.pending.action].question : ''}
        busy={actions.busy}
        onConfirm={actions.confirm}
        onClose={actions.cancel}
      />
      <ApiLogsDialog migrationId={logsFor} onClose={() => setLogsFor(null)} />
    </>
  )
}
