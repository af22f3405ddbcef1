import { useEffect, useRef, useState } from 'react'
import { useMutation, useQuery } from '@tanstack/react-query'
import {
  Alert,
  Box,
  Button,
  Card,
  LinearProgress,
  Stack,
  TextField,
  Typography,
} from '@mui/material'
import WarningIcon from '@mui/icons-material/WarningAmberOutlined'
import { useReportError } from './useReportError'
import { useAdminTools } from '../../components/useAdminTools'
import type { CleanRun } from './types'

const CLEAN_PHRASE = 'DELETE ALL DATA'
/** How often a running clean's progress is read. */
const POLL_MS = 1000

function percentOf(run: CleanRun) {
  return run.totalRows > 0
    ? Math.min(100, Math.round((run.deletedRows / run.totalRows) * 100))
    : 100
}

/** The danger zone: the phrase must be typed exactly (the server checks it again); a long clean shows its progress. */
export function CleanDatabaseCard({ onCleaned }: { onCleaned: () => void }) {
  const { toast, dataProvider } = useAdminTools()
  const reportError = useReportError()
  const [phrase, setPhrase] = useState('')
  // The run this screen started and follows; the latest run is read too, so a reload shows a clean still going.
  const [followed, setFollowed] = useState<number | null>(null)
  const latest = useQuery({
    queryKey: ['import', 'clean'],
    queryFn: async () => (await dataProvider.cleanStatus()).clean,
    refetchInterval: (query) => (query.state.data?.status === 'running' ? POLL_MS : false),
    retry: false,
  })
  const finished = (run: CleanRun) => {
    setFollowed(null)
    if (run.status === 'done') {
      toast.success(
        `Database cleaned successfully! Deleted: ${run.deletedCounts.members} members, ${run.deletedCounts.migrations} migrations`
      )
      setPhrase('')
    } else {
      toast.error('Failed to clean database')
    }
    onCleaned()
  }
  const cleaning = useMutation({
    mutationFn: (confirmation: string) => dataProvider.cleanDatabase(confirmation),
    onSuccess: ({ clean }) => {
      if (clean.status === 'done') finished(clean)
      else setFollowed(clean.id)
      void latest.refetch()
    },
    onError: (error) => reportError(error, 'Failed to clean database'),
  })

  const run = latest.data ?? null
  const reported = useRef<number | null>(null)
  useEffect(() => {
    if (run && followed === run.id && run.status !== 'running' && reported.current !== run.id) {
      reported.current = run.id
      finished(run)
    }
  })
  const running = run?.status === 'running'
  const busy = cleaning.isPending || running

  const clean = () => {
    if (phrase !== CLEAN_PHRASE) return toast.error('Please type "DELETE ALL DATA" to confirm')
    cleaning.mutate(phrase)
  }

  return (
    <Card sx={{ border: 2, borderColor: 'error.main', p: 2, pb: 3 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <WarningIcon color="error" />
        <Typography variant="h6" component="h2" color="error">
          Danger Zone: Clean Database
        </Typography>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Deletes all migrations, subscriptions and payment data, members, migration blocks, email
        overrides and secure links. The products table and its settings are kept. This cannot be
        undone.
      </Typography>
      {running && run && (
        <Box sx={{ mb: 2 }} data-testid="clean-progress">
          <Typography variant="body2" id="clean-progress-label">
            Cleaning: {run.deletedRows.toLocaleString()} of {run.totalRows.toLocaleString()} rows
            deleted ({percentOf(run)}%)
          </Typography>
          <LinearProgress
            variant="determinate"
            value={percentOf(run)}
            aria-labelledby="clean-progress-label"
          />
        </Box>
      )}
      {run?.status === 'interrupted' && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          The last clean stopped before its end ({run.deletedRows.toLocaleString()} of{' '}
          {run.totalRows.toLocaleString()} rows deleted): the server was stopped while it ran. Type
          the phrase and clean again to finish it.
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          size="small"
          label={`Type ${CLEAN_PHRASE} to confirm`}
          value={phrase}
          onChange={(e) => setPhrase(e.target.value)}
          sx={{ flex: 1 }}
          slotProps={{ htmlInput: { 'data-testid': 'clean-phrase' } }}
        />
        <Button
          variant="contained"
          color="error"
          onClick={clean}
          disabled={busy}
          data-testid="clean-database"
        >
          {busy ? 'Cleaning...' : 'Clean Database'}
        </Button>
      </Stack>
    </Card>
  )
}
