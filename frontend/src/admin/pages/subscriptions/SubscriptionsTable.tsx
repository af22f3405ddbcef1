import { Fragment, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { Box, Button, Chip, Collapse, IconButton, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material'
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown'
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp'
import { formatDate, formatMoney } from '../../../common/format'
import { useFormatting } from '../../../common/formatting'
import { StatusBadge } from '../../components/StatusBadge'
import { SubscriptionDetails } from './SubscriptionDetails'
import type { SubscriptionRow } from './types'
import { adminPath } from '../../paths'

/** Subscriptions with expandable details; a row opens its migration. */
export function SubscriptionsTable(props: { rows: SubscriptionRow[]; earlyCancellations?: boolean; onMarkReviewed?: (row: SubscriptionRow) => void; emptyText: string }) {
  const navigate = useNavigate()
  const { dateFormat } = useFormatting()
  const [open, setOpen] = useState<number | null>(null)
  const columns = props.earlyCancellations ? 9 : 8

  if (props.rows.length === 0) {
    return (
      <Box sx={{ py: 6, textAlign: 'center' }}>
        <Typography color="text.secondary">{props.emptyText}</Typography>
      </Box>
    )
  }
  return (
    <TableContainer>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell width={48}>
              <Box component="span" sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }}>
                Details
              </Box>
            </TableCell>
            <TableCell>Reference</TableCell>
            <TableCell>Member</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Frequency</TableCell>
            <TableCell align="right">Installment</TableCell>
            <TableCell align="right">Total (USD)</TableCell>
            <TableCell>{props.earlyCancellations ? 'Cancelled' : 'Period End'}</TableCell>
            {props.earlyCancellations ? <TableCell>Remaining / Review</TableCell> : null}
          </TableRow>
        </TableHead>
        <TableBody>
          {props.rows.map((row) => (
            <Fragment key={row.id}>
              <TableRow hover sx={{ cursor: 'pointer', '& > td': { borderBottom: open === row.id ? 'none' : undefined } }} onClick={() => navigate(adminPath(`migrations/${row.migration_id}`))} data-testid="subscription-row">
                <TableCell>
                  <IconButton
                    size="small"
                    aria-label="Show schedule and payments"
                    data-testid="expand-subscription"
                    onClick={(event) => {
                      event.stopPropagation()
                      setOpen(open === row.id ? null : row.id)
                    }}
                  >
                    {open === row.id ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
                  </IconButton>
                </TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>{row.migration_reference}</TableCell>
                <TableCell>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>{row.insured_full_name}</Typography>
                  <Typography variant="caption" color="text.secondary">{row.member_id_str}</Typography>
                </TableCell>
                <TableCell><StatusBadge status={row.status} testId="subscription-status" /></TableCell>
                <TableCell sx={{ textTransform: 'capitalize' }}>{row.payment_frequency}</TableCell>
                <TableCell align="right">{formatMoney(row.subscription_amount, row.currency)}</TableCell>
                <TableCell align="right">{formatMoney(row.total_amount_usd, 'USD')}</TableCell>
                <TableCell>{formatDate(props.earlyCancellations ? row.cancelled_at : row.current_period_end, dateFormat) || '—'}</TableCell>
                {props.earlyCancellations ? (
                  <TableCell onClick={(event) => event.stopPropagation()}>
                    <Typography variant="body2" data-testid="remaining-days">{row.remaining_days} days left</Typography>
                    {row.early_cancellation_reviewed ? (
                      <Chip size="small" color="success" variant="outlined" label="Reviewed" data-testid="reviewed-chip" />
                    ) : (
                      <Button size="small" variant="outlined" onClick={() => props.onMarkReviewed?.(row)} data-testid="mark-reviewed">
                        Mark reviewed
                      </Button>
                    )}
                  </TableCell>
                ) : null}
              </TableRow>
              <TableRow>
                {/* One divider per row: the row's own when closed, this one below the details when open. */}
                <TableCell colSpan={columns} sx={{ py: 0, bgcolor: '#fafbff', borderBottom: open === row.id ? undefined : 'none' }}>
                  <Collapse in={open === row.id} unmountOnExit>
                    <SubscriptionDetails subscription={row} />
                  </Collapse>
                </TableCell>
              </TableRow>
            </Fragment>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  )
}
