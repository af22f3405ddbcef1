import { Show, SimpleShowLayout, TextField, FunctionField, Link } from 'react-admin'
import { formatDate } from '../../../common/format'
import { PageHeader } from '../../components/PageHeader'
import { StatusBadge } from '../../components/StatusBadge'
import { useAdminTools } from '../../components/useAdminTools'
import { adminPath } from '../../paths'
import { centsLabel } from './reconciliation'
import { disputeStatusLabel, originLabel, type FinanceDispute, type FinanceRefund } from './money'

const migrationLink = (row: { migration_id: number | null; migration_reference: string | null }) =>
  row.migration_id ? (
    <Link to={adminPath(`migrations/${row.migration_id}`)}>
      {row.migration_reference ?? row.migration_id}
    </Link>
  ) : (
    '—'
  )

/** /admin/finance/refunds/:id: one refund. */
export function RefundShow() {
  const { dateFormat } = useAdminTools()
  const date = (value: string | null) => (value ? formatDate(value, dateFormat) : '—')
  return (
    <>
      <PageHeader title="Finance" subtitle="Refund" />
      <Show title={false}>
        <SimpleShowLayout>
          <FunctionField<FinanceRefund> label="Migration" render={migrationLink} />
          <TextField source="member_id" label="Member ID" emptyText="—" />
          <FunctionField<FinanceRefund>
            label="Amount"
            render={(row) => centsLabel(row.amount_cents, row.currency)}
          />
          <FunctionField<FinanceRefund>
            label="Status"
            render={(row) => <StatusBadge status={row.status} testId="refund-status" />}
          />
          <FunctionField<FinanceRefund> label="Origin" render={(row) => originLabel(row.origin)} />
          <TextField source="reason" label="Reason" emptyText="—" />
          <TextField source="provider" label="Provider" />
          <TextField source="provider_refund_id" label="Provider refund" emptyText="—" />
          <TextField source="provider_payment_id" label="Provider payment" emptyText="—" />
          <FunctionField<FinanceRefund> label="Created" render={(row) => date(row.created_at)} />
          <FunctionField<FinanceRefund> label="Refunded" render={(row) => date(row.refunded_at)} />
        </SimpleShowLayout>
      </Show>
    </>
  )
}

/** /admin/finance/disputes/:id: one card dispute. */
export function DisputeShow() {
  const { dateFormat } = useAdminTools()
  const date = (value: string | null) => (value ? formatDate(value, dateFormat) : '—')
  return (
    <>
      <PageHeader title="Finance" subtitle="Card dispute" />
      <Show title={false}>
        <SimpleShowLayout>
          <FunctionField<FinanceDispute> label="Migration" render={migrationLink} />
          <TextField source="member_id" label="Member ID" emptyText="—" />
          <FunctionField<FinanceDispute>
            label="Amount"
            render={(row) => centsLabel(row.amount_cents, row.currency)}
          />
          <FunctionField<FinanceDispute>
            label="Status"
            render={(row) => disputeStatusLabel(row.status)}
          />
          <TextField source="reason" label="Reason" emptyText="—" />
          <TextField source="provider" label="Provider" />
          <TextField source="provider_dispute_id" label="Provider dispute" />
          <TextField source="provider_payment_id" label="Provider payment" emptyText="—" />
          <FunctionField<FinanceDispute> label="Opened" render={(row) => date(row.opened_at)} />
          <FunctionField<FinanceDispute> label="Closed" render={(row) => date(row.closed_at)} />
          <FunctionField<FinanceDispute>
            label="Evidence due"
            render={(row) => date(row.evidence_due_by)}
          />
        </SimpleShowLayout>
      </Show>
    </>
  )
}
