import { useState, type MouseEvent } from 'react'
import { useListContext } from 'react-admin'
import { Stack, Typography } from '@mui/material'
import ReceiptLongIcon from '@mui/icons-material/ReceiptLongOutlined'
import { IconAction } from '../../components/IconAction'
import { SubStatusIcon } from '../../components/SubStatusIcon'
import type { MigrationRow } from '../dashboard/types'
import { ApiLogsDialog } from './ApiLogsDialog'
import { MigrationRetry, type RetryAction } from './MigrationRetry'

/** Clicks in a cell's buttons and in their dialogs (rendered in the row's tree) do not open the row. */
const stop = (event: MouseEvent) => event.stopPropagation()

/** The row's API Audit Logs button and dialog. */
export function ApiLogsButton({ migrationId }: { migrationId: number }) {
  const [open, setOpen] = useState(false)
  return (
    <span onClick={stop}>
      <IconAction
        title="API Audit Logs"
        icon={ReceiptLongIcon}
        onClick={() => setOpen(true)}
        data-testid="open-api-logs"
      />
      <ApiLogsDialog migrationId={open ? migrationId : null} onClose={() => setOpen(false)} />
    </span>
  )
}

type StepSource = 'payment_status' | 'document_status' | 'email_status' | 'api_status'

/** A step's cell: its sub-status icon, with its retry (or regenerate) button. */
export const stepCell =
  (label: string, source: StepSource, action?: RetryAction) => (row: MigrationRow) => (
    <Stack direction="row" spacing={0.25} sx={{ alignItems: 'center' }}>
      <SubStatusIcon
        label={label}
        status={row[source]}
        testId={`substatus-${label.toLowerCase()}`}
      />
      {action ? <MigrationRetry migrationId={row.id} action={action} /> : null}
    </Stack>
  )

/** When the API cut the list (MIGRATION_LIST_LIMIT): how many of how many are shown. */
export function CutNotice() {
  const { total, meta } = useListContext()
  if (!total || !meta?.total || meta.total <= total) return null
  return (
    <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
      Showing the newest {total} of {meta.total} migrations. Refine the search to find older ones.
    </Typography>
  )
}
