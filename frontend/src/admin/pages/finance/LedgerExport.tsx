import { useState } from 'react'
import { Button, Stack, TextField, Typography } from '@mui/material'
import DownloadIcon from '@mui/icons-material/Download'

const isoDay = (date: Date) => date.toISOString().slice(0, 10)

/**
 * The ledger of a period (payments, refunds, disputes) as CSV or XLSX: plain download links, so the
 * server streams the file straight to disk and writes the export to the audit trail
 * (docs/payments.md "Ledger export"). The period defaults to this month so far.
 */
export function LedgerExport() {
  const today = new Date()
  const [from, setFrom] = useState(isoDay(new Date(today.getFullYear(), today.getMonth(), 1, 12)))
  const [to, setTo] = useState(isoDay(today))
  const href = (format: 'csv' | 'xlsx') =>
    `/api/admin/finance/ledger-export?${new URLSearchParams({ from, to, format })}`
  const invalid = !from || !to || to < from
  return (
    <Stack
      direction="row"
      sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
      data-testid="ledger-export"
    >
      <Typography component="h2" variant="subtitle2" sx={{ width: '100%' }}>
        Ledger export
      </Typography>
      <TextField
        type="date"
        size="small"
        label="Ledger from"
        value={from}
        onChange={(event) => setFrom(event.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        type="date"
        size="small"
        label="Ledger to"
        value={to}
        onChange={(event) => setTo(event.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
        error={invalid}
        helperText={invalid ? 'The end date must not be before the start date' : undefined}
      />
      {(['csv', 'xlsx'] as const).map((format) => (
        <Button
          key={format}
          component="a"
          href={invalid ? undefined : href(format)}
          download={`ledger_${from}_${to}.${format}`}
          disabled={invalid}
          startIcon={<DownloadIcon />}
          data-testid={`ledger-${format}`}
        >
          Ledger {format.toUpperCase()}
        </Button>
      ))}
    </Stack>
  )
}
