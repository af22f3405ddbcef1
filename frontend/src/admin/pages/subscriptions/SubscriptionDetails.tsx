import { useEffect, useState } from 'react'
import { Box, Chip, CircularProgress, Grid, Link, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material'
import { formatDate, formatMoney } from '../../../common/format'
import { useFormatting } from '../../../common/formatting'
import { useToast } from '../../../common/toast'
import { StatusBadge } from '../../components/StatusBadge'
import type { Payment, SubscriptionRow } from './types'
import { useAdminData } from '../../dataProvider'

/** The expanded part of a row: planned schedule and payment history. */
export function SubscriptionDetails({ subscription }: { subscription: SubscriptionRow }) {
  const { dateFormat } = useFormatting()
  const toast = useToast()
  const dataProvider = useAdminData()
  const [payments, setPayments] = useState<Payment[] | null>(null)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    dataProvider
      .subscriptionPayments(subscription.id)
      .then((answer: { payments: Payment[] }) => setPayments(answer.payments))
      .catch(() => {
        // Errors are toasts (admin-backoffice.md §8); the panel keeps an empty state.
        toast.error('Failed to load payment history.')
        setFailed(true)
      })
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [subscription.id])

  return (
    <Grid container spacing={3} sx={{ py: 2 }} data-testid="subscription-details">
      <Grid size={{ xs: 12, md: 5 }}>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          Planned Payment Schedule
        </Typography>
        {subscription.installment_schedule.length === 0 ? (
          <Typography variant="body2" color="text.secondary">No planned schedule recorded.</Typography>
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>#</TableCell>
                <TableCell>Due</TableCell>
                <TableCell align="right">Amount</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {subscription.installment_schedule.map((installment) => (
                <TableRow key={installment.paymentNumber}>
                  <TableCell>{installment.paymentNumber}</TableCell>
                  <TableCell>{formatDate(installment.dueDate, dateFormat)}</TableCell>
                  <TableCell align="right">
                    {formatMoney(installment.amount, subscription.currency)}
                    {installment.isReconciliation ? <Chip size="small" label="Reconciliation" sx={{ ml: 1 }} /> : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Grid>
      <Grid size={{ xs: 12, md: 7 }}>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          Payment History
        </Typography>
        {failed ? (
          <Typography variant="body2" color="text.secondary" data-testid="payment-history-unavailable">
            Payment history is not available.
          </Typography>
        ) : payments === null ? (
          <Box sx={{ py: 2 }}>
            <CircularProgress size={22} />
          </Box>
        ) : payments.length === 0 ? (
          <Typography variant="body2" color="text.secondary">No payments yet.</Typography>
        ) : (
          <Table size="small" data-testid="payment-history">
            <TableHead>
              <TableRow>
                <TableCell>Date</TableCell>
                <TableCell>Period</TableCell>
                <TableCell align="right">Amount</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Invoice</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {payments.map((payment) => (
                <TableRow key={payment.id}>
                  <TableCell>{formatDate(payment.created, dateFormat)}</TableCell>
                  <TableCell>
                    {payment.period_start ? `${formatDate(payment.period_start, dateFormat)} – ${formatDate(payment.period_end, dateFormat)}` : '—'}
                  </TableCell>
                  <TableCell align="right">{formatMoney(payment.amount, payment.currency)}</TableCell>
                  <TableCell>
                    <StatusBadge status={payment.status} />
                  </TableCell>
                  <TableCell>
                    {payment.hosted_invoice_url ? (
                      <Link href={payment.hosted_invoice_url} target="_blank" rel="noopener noreferrer" onClick={(event) => event.stopPropagation()}>
                        View
                      </Link>
                    ) : (
                      '—'
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Grid>
    </Grid>
  )
}
