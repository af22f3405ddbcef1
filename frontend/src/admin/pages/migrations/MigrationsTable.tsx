import { useNavigate } from 'react-router-dom'
import { Box, IconButton, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tooltip, Typography } from '@mui/material'
import ReplayIcon from '@mui/icons-material/Replay'
import ReceiptLongIcon from '@mui/icons-material/ReceiptLongOutlined'
import { formatDate, formatMoney } from '../../../common/format'
import { useFormatting } from '../../../common/formatting'
import { StatusBadge } from '../../components/StatusBadge'
import { SubStatusIcon } from '../../components/SubStatusIcon'
import { EmailText } from '../../components/EmailText'
import type { MigrationRow } from '../dashboard/types'
import type { FulfilmentAction } from './fulfilmentActions'
import { adminPath } from '../../paths'

/** An icon with its retry (or regenerate) button; clicks do not open the row. */
function StepCell(props: { label: string; status: string; action?: FulfilmentAction; actionLabel?: string; migrationId: number; onAction?: (id: number, action: FulfilmentAction) => void }) {
  return (
    <Stack direction="row" spacing={0.25} sx={{ alignItems: 'center' }}>
      <SubStatusIcon label={props.label} status={props.status} testId={`substatus-${props.label.toLowerCase()}`} />
      {props.action && props.onAction ? (
        <Tooltip title={props.actionLabel}>
          <IconButton
            size="small"
            data-testid={`retry-${props.action}`}
            onClick={(event) => {
              event.stopPropagation()
              props.onAction!(props.migrationId, props.action!)
            }}
          >
            <ReplayIcon sx={{ fontSize: 16 }} />
          </IconButton>
        </Tooltip>
      ) : null}
    </Stack>
  )
}

export function MigrationsTable(props: { rows: MigrationRow[]; onAction: (id: number, action: FulfilmentAction) => void; onShowLogs: (id: number) => void }) {
  const navigate = useNavigate()
  const { dateFormat } = useFormatting()
  if (props.rows.length === 0) {
    return (
      <Box sx={{ py: 6, textAlign: 'center' }} data-testid="migrations-empty">
        <Typography color="text.secondary">No migrations found</Typography>
      </Box>
    )
  }
  return (
    <TableContainer>
      {/* Twelve columns: tighter cell padding keeps them on a laptop screen; wider tables scroll in the card. */}
      <Table size="small" sx={{ '& th, & td': { px: 1 }, '& th:first-of-type, & td:first-of-type': { pl: 2 } }}>
        <TableHead>
          <TableRow>
            <TableCell>Reference</TableCell>
            <TableCell>Member</TableCell>
            <TableCell>Email</TableCell>
            <TableCell align="right">Amount</TableCell>
            <TableCell>Duration</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Payment</TableCell>
            <TableCell>Documents</TableCell>
            <TableCell>Email</TableCell>
            <TableCell>API</TableCell>
            <TableCell>Created</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {props.rows.map((row) => (
            <TableRow key={row.id} hover sx={{ cursor: 'pointer' }} onClick={() => navigate(adminPath(`migrations/${row.id}`))} data-testid="migration-row">
              <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{row.migration_reference || row.id}</TableCell>
              <TableCell sx={{ minWidth: 140 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {row.insured_full_name}
                </Typography>
                <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                  {row.member_id_str}
                </Typography>
              </TableCell>
              <TableCell sx={{ minWidth: 150, maxWidth: 200, overflowWrap: 'anywhere' }}>{row.email ? <EmailText email={row.email} /> : 'N/A'}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatMoney(row.total_amount, row.currency)}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {row.duration_days} days
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  {row.duration_type.replace(/_/g, ' ')}
                </Typography>
              </TableCell>
              <TableCell>
                <StatusBadge status={row.status} testId="migration-status" />
              </TableCell>
              <TableCell>
                <StepCell label="Payment" status={row.payment_status} migrationId={row.id} />
              </TableCell>
              <TableCell>
                <StepCell label="Documents" status={row.document_status} action="documents" actionLabel="Regenerate documents" migrationId={row.id} onAction={props.onAction} />
              </TableCell>
              <TableCell>
                <StepCell label="Email" status={row.email_status} action="emails" actionLabel="Retry emails" migrationId={row.id} onAction={props.onAction} />
              </TableCell>
              <TableCell>
                <StepCell label="API" status={row.api_status} action="api" actionLabel="Retry API calls" migrationId={row.id} onAction={props.onAction} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(row.created_at, dateFormat)}</TableCell>
              <TableCell align="right">
                <Tooltip title="API Audit Logs">
                  <IconButton
                    size="small"
                    data-testid="open-api-logs"
                    onClick={(event) => {
                      event.stopPropagation()
                      props.onShowLogs(row.id)
                    }}
                  >
                    <ReceiptLongIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  )
}
