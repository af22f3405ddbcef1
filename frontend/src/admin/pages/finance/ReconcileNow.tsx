import { useState } from 'react'
import { useNotify, useRefresh } from 'react-admin'
import { Box, Button, LinearProgress, Stack, TextField, Typography } from '@mui/material'
import { financeHttp } from '../../dataProvider/finance'

const isoDay = (date: Date) => date.toISOString().slice(0, 10)

/**
 * Reconcile now for whole days (at most 31): the request runs until the comparison ends, so a
 * progress bar and "Reconciling…" show meanwhile; the answer's counts are announced and the list
 * shows the new run.
 */
export function ReconcileNow() {
  const today = new Date()
  const [from, setFrom] = useState(isoDay(new Date(today.getTime() - 6 * 86_400_000)))
  const [to, setTo] = useState(isoDay(today))
  const [running, setRunning] = useState(false)
  const notify = useNotify()
  const refresh = useRefresh()

  async function run() {
    setRunning(true)
    try {
      const { json } = await financeHttp('/api/admin/finance/reconciliation-runs', {
        method: 'POST',
        body: JSON.stringify({ from, to }),
      })
      notify(
        `Reconciled: ${json.run?.provider_rows ?? 0} provider records compared, ${json.run?.mismatches ?? 0} mismatches`,
        { type: 'success' }
      )
      refresh()
    } catch (error: any) {
      notify(error?.body?.error ?? error?.message ?? 'Reconciliation failed', { type: 'error' })
    } finally {
      setRunning(false)
    }
  }

  return (
    <Box sx={{ width: '100%' }}>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          type="date"
          size="small"
          label="From"
          value={from}
          onChange={(event) => setFrom(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          disabled={running}
        />
        <TextField
          type="date"
          size="small"
          label="To"
          value={to}
          onChange={(event) => setTo(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          disabled={running}
        />
        <Button
          variant="contained"
          onClick={() => void run()}
          disabled={running}
          data-testid="reconcile-now"
        >
          Reconcile now
        </Button>
      </Stack>
      {running ? (
        <Box role="status" sx={{ mt: 1 }} data-testid="reconcile-progress">
          <LinearProgress aria-label="Reconciling" />
          <Typography variant="body2" color="text.secondary">
            Reconciling… comparing the provider's records with our payments.
          </Typography>
        </Box>
      ) : null}
    </Box>
  )
}
