import { Link as RouterLink } from 'react-router-dom'
import { DataTable } from 'react-admin'
import { Button } from '@mui/material'
import { formatDate, formatMoney } from '../../../common/format'
import { useFormatting } from '../../../common/formatting'
import { Captioned } from '../../components/Captioned'
import { StatusBadge } from '../../components/StatusBadge'
import { EmailText } from '../../components/EmailText'
import { PageHeader } from '../../components/PageHeader'
import { memberCell } from '../../components/MemberCells'
import { bodyWithRowTestId, ListEmpty } from '../../components/list/ListStates'
import { CardList } from '../../components/list/CardList'
import { ListExport } from '../../components/list/ListExport'
import { adminPath } from '../../paths'
import type { MigrationRow } from '../dashboard/types'
import { ApiLogsButton, CutNotice, stepCell } from './MigrationRowCells'
import { migrationFilters, migrationStatusFilter } from './migrationFilters'
import { migrationSidebar } from './MigrationSidebar'

const MigrationBody = bodyWithRowTestId('migration-row')
const Col = DataTable.Col<MigrationRow>

/** /admin/migrations: the Migrations Dashboard (admin-backoffice.md §2). */
export function MigrationList() {
  const { dateFormat } = useFormatting()
  return (
    <>
      <PageHeader
        title="Migrations Dashboard"
        subtitle="Every migration with its payment, documents, email and enrolment steps"
        actions={
          <Button
            component={RouterLink}
            to={adminPath('dead-letters')}
            variant="outlined"
            data-testid="dead-letters-link"
          >
            Dead Letters
          </Button>
        }
      />
      <CardList
        what="migrations"
        filters={migrationFilters}
        toolbar={
          <>
            {migrationStatusFilter}
            <ListExport what="migrations" />
          </>
        }
        aside={migrationSidebar}
        sort={{ field: 'created_at', order: 'DESC' }}
        perPage={50}
      >
        <DataTable
          bulkActionButtons={false}
          body={MigrationBody}
          rowClick={(id) => adminPath(`migrations/${id}`)}
          empty={<ListEmpty text="No migrations found" testId="migrations-empty" />}
          // Fits 1280 px beside the sidebar: headers on one line, tighter cells.
          sx={{
            '& th': { whiteSpace: 'nowrap' },
            '& th, & td': { px: 0.5, fontSize: '0.8125rem' },
            '& th:first-of-type, & td:first-of-type': { pl: 2 },
          }}
        >
          <Col
            source="migration_reference"
            label="Reference"
            render={(row) => row.migration_reference || row.id}
            cellSx={() => ({ fontFamily: 'monospace', whiteSpace: 'nowrap' })}
          />
          <Col source="insured_full_name" label="Member" render={memberCell} />
          <Col
            source="email"
            label="Email"
            disableSort
            render={(row) => (row.email ? <EmailText email={row.email} /> : 'N/A')}
            cellSx={() => ({ maxWidth: 140, overflowWrap: 'anywhere' })}
          />
          <Col
            source="total_amount"
            label="Amount"
            align="right"
            render={(row) => formatMoney(row.total_amount, row.currency)}
            sx={{ whiteSpace: 'nowrap' }}
          />
          <Col
            source="duration_days"
            label="Duration"
            render={(row) => (
              <Captioned caption={row.duration_type.replace(/_/g, ' ')}>
                {row.duration_days} days
              </Captioned>
            )}
            sx={{ whiteSpace: 'nowrap' }}
          />
          <Col
            source="status"
            label="Status"
            render={(row) => <StatusBadge status={row.status} testId="migration-status" />}
          />
          <Col
            source="payment_status"
            label="Payment"
            disableSort
            render={stepCell('Payment', 'payment_status')}
          />
          <Col
            source="document_status"
            label="Documents"
            disableSort
            render={stepCell('Documents', 'document_status', 'documents')}
          />
          <Col
            source="email_status"
            label="Email"
            disableSort
            render={stepCell('Email', 'email_status', 'emails')}
          />
          <Col
            source="api_status"
            label="API"
            disableSort
            render={stepCell('API', 'api_status', 'api')}
          />
          <Col
            source="created_at"
            label="Created"
            render={(row) => formatDate(row.created_at, dateFormat)}
            sx={{ whiteSpace: 'nowrap' }}
          />
          <Col
            label="Actions"
            disableSort
            align="right"
            render={(row) => <ApiLogsButton migrationId={row.id} />}
          />
        </DataTable>
        <CutNotice />
      </CardList>
    </>
  )
}
