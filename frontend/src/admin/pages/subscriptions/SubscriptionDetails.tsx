import { useEffect } from 'react'
import { useQuery } from '@tanstack/react-query'
import { ArrayField, DataTable, UrlField, useRecordContext } from 'react-admin'
import { Box, Chip, Grid, Typography } from '@mui/material'
import type { ApiAnswer } from '../../../common/api_contract'
import { formatDate, formatMoney } from '../../../common/format'
import { useFormatting } from '../../../common/formatting'
import { StatusBadge } from '../../components/StatusBadge'
import { ListEmpty } from '../../components/list/ListStates'
import type { SubscriptionRow } from './types'
import { useAdminTools } from '../../components/useAdminTools'
import { MigrationMoneyLists } from '../migrations/MigrationMoneyLists'
import { stageLabel } from '../finance/dunning'

/** GET /admin/subscriptions/{id}/payments. */
type Payment = ApiAnswer<'/api/admin/subscriptions/{id}/payments', 'get'>['payments'][number]
const Due = DataTable.Col<SubscriptionRow['installment_schedule'][number]>
const Paid = DataTable.Col<Payment>
const TABLE = { bulkActionButtons: false, rowClick: false, size: 'small' } as const
const heading = (title: string) => (
  <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
    {title}
  </Typography>
)

/** The payments of the expanded subscription (GET /admin/subscriptions/{id}/payments), newest first. */
function PaymentHistory({ subscription }: { subscription: SubscriptionRow }) {
  const { dateFormat, toast, dataProvider } = useAdminTools()
  const { data, isPending, error } = useQuery({
    queryKey: ['subscriptions', subscription.id, 'payments'],
    queryFn: async () => (await dataProvider.subscriptionPayments(subscription.id)).payments,
    retry: false,
  })
  // Errors are toasts (admin-backoffice.md §8); the panel says the history is not available.
  useEffect(() => {
    if (error) toast.error('Failed to load payment history.')
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error])
  if (error) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="payment-history-unavailable">
        Payment history is not available.
      </Typography>
    )
  }
  return (
    <Box data-testid={isPending ? 'payment-history-loading' : 'payment-history'}>
      <DataTable
        data={data}
        isPending={isPending}
        {...TABLE}
        empty={<ListEmpty text="No payments yet." testId="payment-history-empty" />}
      >
        <Paid
          source="created"
          label="Date"
          disableSort
          render={(row) => formatDate(row.created, dateFormat)}
        />
        <Paid
          source="period_start"
          label="Period"
          disableSort
          render={(row) =>
            row.period_start
              ? `${formatDate(row.period_start, dateFormat)} – ${formatDate(row.period_end, dateFormat)}`
              : '—'
          }
        />
        <Paid
          source="amount"
          label="Amount"
          align="right"
          disableSort
          render={(row) => formatMoney(row.amount, row.currency)}
        />
        <Paid
          source="status"
          label="Status"
          disableSort
          render={(row) => <StatusBadge status={row.status} />}
        />
        <Paid source="hosted_invoice_url" label="Invoice" disableSort>
          <UrlField
            source="hosted_invoice_url"
            content="View"
            target="_blank"
            rel="noopener noreferrer"
            emptyText="—"
          />
        </Paid>
      </DataTable>
    </Box>
  )
}

/** The expand panel of a subscription row: planned schedule, payment history with the dunning stage, refunds and disputes. */
export function SubscriptionDetails() {
  const subscription = useRecordContext<SubscriptionRow>()
  const { dateFormat } = useFormatting()
  if (!subscription) return null
  return (
    <Grid container spacing={3} sx={{ py: 2 }} data-testid="subscription-details">
      <Grid size={{ xs: 12, md: 5 }}>
        {heading('Planned Payment Schedule')}
        <ArrayField source="installment_schedule">
          <DataTable
            {...TABLE}
            empty={<ListEmpty text="No planned schedule recorded." testId="schedule-empty" />}
          >
            <Due source="paymentNumber" label="#" disableSort />
            <Due
              source="dueDate"
              label="Due"
              disableSort
              render={(row) => formatDate(row.dueDate, dateFormat)}
            />
            <Due
              source="amount"
              label="Amount"
              align="right"
              disableSort
              render={(row) => (
                <>
                  {formatMoney(row.amount, subscription.currency)}
                  {row.isReconciliation ? (
                    <Chip size="small" label="Reconciliation" sx={{ ml: 1 }} />
                  ) : null}
                </>
              )}
            />
          </DataTable>
        </ArrayField>
      </Grid>
      <Grid size={{ xs: 12, md: 7 }}>
        {heading('Payment History')}
        {subscription.never_started ? (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ mb: 1 }}
            data-testid="never-started-note"
          >
            This checkout never started: no payment went through, so no period was covered.
          </Typography>
        ) : null}
        <PaymentHistory subscription={subscription} />
        {subscription.dunning_stage ? (
          <Typography variant="body2" sx={{ mt: 1 }} data-testid="subscription-dunning-stage">
            Dunning of the latest failed installment:{' '}
            <Chip size="small" label={stageLabel(subscription.dunning_stage)} />
          </Typography>
        ) : null}
      </Grid>
      {subscription.migration_id ? (
        <Grid size={12}>
          <MigrationMoneyLists migrationId={subscription.migration_id} heading="h2" />
        </Grid>
      ) : null}
    </Grid>
  )
}
