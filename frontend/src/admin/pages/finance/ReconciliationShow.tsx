import { Show, SimpleShowLayout, TextField, FunctionField } from 'react-admin'
import { PageHeader } from '../../components/PageHeader'
import { centsLabel, kindLabel, type ReconciliationItem } from './reconciliation'

/** /admin/finance/reconciliation/:id: one mismatch, both sides. */
export function ReconciliationShow() {
  return (
    <>
      <PageHeader title="Finance" subtitle="Reconciliation mismatch" />
      <Show title={false}>
        <SimpleShowLayout>
          <FunctionField<ReconciliationItem> label="Kind" render={(row) => kindLabel(row.kind)} />
          <TextField source="object_type" label="Object" />
          <TextField source="source" label="Provider" />
          <TextField source="run_id" label="Run" />
          <FunctionField<ReconciliationItem>
            label="Provider ID"
            render={(row) => row.provider_id ?? '—'}
          />
          <FunctionField<ReconciliationItem>
            label="Our payment"
            render={(row) => row.payment_key ?? '—'}
          />
          <FunctionField<ReconciliationItem>
            label="Provider amount"
            render={(row) => centsLabel(row.provider_amount_cents, row.provider_currency)}
          />
          <FunctionField<ReconciliationItem>
            label="Our amount"
            render={(row) => centsLabel(row.our_amount_cents, row.our_currency)}
          />
          <FunctionField<ReconciliationItem>
            label="Provider status"
            render={(row) => row.provider_status ?? '—'}
          />
          <FunctionField<ReconciliationItem>
            label="Our status"
            render={(row) => row.our_status ?? '—'}
          />
        </SimpleShowLayout>
      </Show>
    </>
  )
}
