import { Show, SimpleShowLayout, TextField, FunctionField, Link } from 'react-admin'
import { formatDate, formatMoney } from '../../../common/format'
import { PageHeader } from '../../components/PageHeader'
import { useAdminTools } from '../../components/useAdminTools'
import { adminPath } from '../../paths'
import { stageLabel, type DunningCase } from './dunning'

/** /admin/finance/dunning/:id: one failed installment's dunning. */
export function DunningShow() {
  const { dateFormat } = useAdminTools()
  return (
    <>
      <PageHeader title="Finance" subtitle="Dunning case" />
      <Show title={false}>
        <SimpleShowLayout>
          <FunctionField<DunningCase>
            label="Migration"
            render={(row) => (
              <Link to={adminPath(`migrations/${row.migration_id}`)}>
                {row.migration_reference}
              </Link>
            )}
          />
          <TextField source="member_name" label="Member" />
          <TextField source="member_id" label="Member ID" />
          <TextField source="provider_payment_id" label="Provider payment" />
          <FunctionField<DunningCase>
            label="Amount"
            render={(row) => formatMoney(row.amount, row.currency)}
          />
          <FunctionField<DunningCase>
            label="Failed on"
            render={(row) => formatDate(row.failed_at, dateFormat)}
          />
          <FunctionField<DunningCase> label="Stage" render={(row) => stageLabel(row.stage)} />
          <TextField source="notices_sent" label="Emails sent" />
          <FunctionField<DunningCase>
            label="Last email"
            render={(row) =>
              row.last_notice_at ? formatDate(row.last_notice_at, dateFormat) : '—'
            }
          />
        </SimpleShowLayout>
      </Show>
    </>
  )
}
