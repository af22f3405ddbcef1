import { Link as RouterLink } from 'react-router-dom'
import { DataTable } from 'react-admin'
import { Button, Typography } from '@mui/material'
import { formatDate, formatMoney } from '../../../common/format'
import { useFormatting } from '../../../common/formatting'
import { StatusBadge } from '../../components/StatusBadge'
import { Caption } from '../../components/Caption'
import { bodyWithRowTestId, ListEmpty } from '../../components/list/ListStates'
import type { DashboardStats } from './types'
import { adminPath } from '../../paths'
import { SectionCard } from '../../components/SectionCard'

/** Amount and date have columns of their own from 600 px; on a phone they sit under member and status. */
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } }
const PHONE_ONLY = { display: { xs: 'block', sm: 'none' } }
type MigrationRow = DashboardStats['recentMigrations'][number]
const Col = DataTable.Col<MigrationRow>
const Body = bodyWithRowTestId('recent-migration-row')

/** The latest migrations; a row opens its detail page. */
export function RecentMigrations({ rows }: { rows: MigrationRow[] }) {
  const { dateFormat } = useFormatting()
  const amount = (row: MigrationRow) => formatMoney(row.total_amount, row.currency)
  const created = (row: MigrationRow) => formatDate(row.created_at, dateFormat)
  return (
    <SectionCard
      title="Recent Migrations"
      actions={
        <Button
          component={RouterLink}
          to={adminPath('migrations')}
          size="small"
          data-testid="view-all-migrations"
        >
          View All
        </Button>
      }
    >
      <DataTable
        resource="recent-migrations"
        data={rows}
        bulkActionButtons={false}
        rowClick={(id) => adminPath(`migrations/${id}`)}
        body={Body}
        empty={<ListEmpty text="No recent migrations" testId="recent-migrations-empty" compact />}
        // The phone layout wraps (the back-office keeps table cells on one line on a phone).
        sx={{
          '&& .RaDataTable-table .MuiTableCell-root': {
            px: { xs: 1, sm: 2 },
            whiteSpace: 'normal',
          },
        }}
      >
        <Col
          source="migration_reference"
          label="Reference"
          cellSx={() => ({ fontFamily: 'monospace' })}
          render={(row) => row.migration_reference || row.id}
        />
        <Col
          source="insured_full_name"
          label="Member"
          render={(row) => (
            <>
              {row.insured_full_name}
              <Caption>{row.member_id_str}</Caption>
              <Typography variant="caption" sx={PHONE_ONLY}>
                {amount(row)}
              </Typography>
            </>
          )}
        />
        <Col source="total_amount" label="Amount" align="right" sx={WIDE_ONLY} render={amount} />
        <Col
          source="status"
          label="Status"
          render={(row) => (
            <>
              <StatusBadge status={row.status} />
              <Typography variant="caption" color="text.secondary" sx={PHONE_ONLY}>
                {created(row)}
              </Typography>
            </>
          )}
        />
        <Col source="created_at" label="Date" sx={WIDE_ONLY} render={created} />
      </DataTable>
    </SectionCard>
  )
}
