import { Confirm, DataTable, List, SearchInput, TopToolbar, useListContext, useRefresh } from 'react-admin'
import { Button, Card, IconButton, Stack, Tooltip, Typography } from '@mui/material'
import { Link as RouterLink } from 'react-router-dom'
import ReplayIcon from '@mui/icons-material/Replay'
import ReceiptLongIcon from '@mui/icons-material/ReceiptLongOutlined'
import { useState } from 'react'
import { formatDate, formatMoney } from '../../../common/format'
import { useFormatting } from '../../../common/formatting'
import { StatusBadge } from '../../components/StatusBadge'
import { SubStatusIcon } from '../../components/SubStatusIcon'
import { EmailText } from '../../components/EmailText'
import { PageHeader } from '../../components/PageHeader'
import { ChoiceFilter } from '../../components/list/ChoiceFilter'
import { bodyWithRowTestId, ListEmpty, ListError, ListFetching } from '../../components/list/ListStates'
import { adminPath } from '../../paths'
import type { MigrationRow } from '../dashboard/types'
import { ApiLogsDialog } from './ApiLogsDialog'
import { FULFILMENT_ACTIONS, useFulfilmentActions, type FulfilmentAction } from './fulfilmentActions'

const STATUS_CHOICES = [
  { id: 'pending', name: 'Pending' },
  { id: 'processing', name: 'Processing' },
  { id: 'completed', name: 'Completed' },
  { id: 'completed_with_warnings', name: 'Completed with Warnings' },
  { id: 'failed', name: 'Failed' },
]

const filters = [
  <SearchInput key="search" source="search" alwaysOn placeholder="Search by name, member ID, or reference..." sx={{ width: { xs: '100%', sm: 360 } }} slotProps={{ htmlInput: { 'data-testid': 'migrations-search', 'aria-label': 'Search migrations' } }} />,
]

/** An icon with its retry (or regenerate) button; clicks do not open the row. */
function StepCell(props: { label: string; status: string; action?: FulfilmentAction; actionLabel?: string; migrationId: number; onAction?: (id: number, action: FulfilmentAction) => void }) {
  return (
    <Stack direction="row" spacing={0.25} sx={{ alignItems: 'center' }}>
      <SubStatusIcon label={props.label} status={props.status} testId={`substatus-${props.label.toLowerCase()}`} />
      {props.action && props.onAction ? (
        <Tooltip title={props.actionLabel}>
          <IconButton
            size="small"
            aria-label={props.actionLabel}
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

/** When the API cut the list (MIGRATION_LIST_LIMIT): how many of how many are shown. */
function CutNotice() {
  const { total, meta } = useListContext()
  if (!total || !meta?.total || meta.total <= total) return null
  return (
    <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
      Showing the newest {total} of {meta.total} migrations. Refine the search to find older ones.
    </Typography>
  )
}

const MigrationBody = bodyWithRowTestId('migration-row')
const Col = DataTable.Col<MigrationRow>

/** /admin/migrations: the Migrations Dashboard (admin-backoffice.md §2). */
export function MigrationList() {
  const { dateFormat } = useFormatting()
  const [logsFor, setLogsFor] = useState<number | null>(null)
  const actions = useFulfilmentActions(useRefresh())
  return (
    <>
      <PageHeader title="Migrations Dashboard" subtitle="Every migration with its payment, documents, email and enrolment steps" actions={<Button component={RouterLink} to={adminPath('dead-letters')} variant="outlined" data-testid="dead-letters-link">Dead Letters</Button>} />
      <List
        resource="migrations"
        title={false}
        filters={filters}
        actions={
          <TopToolbar sx={{ alignItems: 'center', minHeight: 'auto' }}>
            <ChoiceFilter source="status" label="Status" allLabel="All Statuses" choices={STATUS_CHOICES} testId="migrations-status-filter" />
          </TopToolbar>
        }
        sort={{ field: 'created_at', order: 'DESC' }}
        perPage={50}
        empty={false}
        error={<ListError what="migrations" />}
        component={Card}
        sx={{ '& .RaList-actions': { px: 2 } }}
      >
        <ListFetching />
        <DataTable
          bulkActionButtons={false}
          body={MigrationBody}
          rowClick={(id) => adminPath(`migrations/${id}`)}
          empty={<ListEmpty text="No migrations found" testId="migrations-empty" />}
          sx={{ '& th, & td': { px: 1 }, '& th:first-of-type, & td:first-of-type': { pl: 2 } }}
        >
          <Col source="migration_reference" label="Reference" render={(row) => row.migration_reference || row.id} cellSx={() => ({ fontFamily: 'monospace', whiteSpace: 'nowrap' })} />
          <Col
            source="insured_full_name"
            label="Member"
            render={(row) => (
              <>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {row.insured_full_name}
                </Typography>
                <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                  {row.member_id_str}
                </Typography>
              </>
            )}
          />
          <Col source="email" label="Email" render={(row) => (row.email ? <EmailText email={row.email} /> : 'N/A')} sx={{ maxWidth: 180, overflowWrap: 'anywhere' }} />
          <Col source="total_amount" label="Amount" align="right" render={(row) => formatMoney(row.total_amount, row.currency)} sx={{ whiteSpace: 'nowrap' }} />
          <Col
            source="duration_days"
            label="Duration"
            render={(row) => (
              <>
                {row.duration_days} days
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  {row.duration_type.replace(/_/g, ' ')}
                </Typography>
              </>
            )}
            sx={{ whiteSpace: 'nowrap' }}
          />
          <Col source="status" label="Status" render={(row) => <StatusBadge status={row.status} testId="migration-status" />} />
          <Col source="payment_status" label="Payment" disableSort render={(row) => <StepCell label="Payment" status={row.payment_status} migrationId={row.id} />} />
          <Col source="document_status" label="Documents" disableSort render={(row) => <StepCell label="Documents" status={row.document_status} action="documents" actionLabel="Regenerate documents" migrationId={row.id} onAction={actions.ask} />} />
          <Col source="email_status" label="Email" disableSort render={(row) => <StepCell label="Email" status={row.email_status} action="emails" actionLabel="Retry emails" migrationId={row.id} onAction={actions.ask} />} />
          <Col source="api_status" label="API" disableSort render={(row) => <StepCell label="API" status={row.api_status} action="api" actionLabel="Retry API calls" migrationId={row.id} onAction={actions.ask} />} />
          <Col source="created_at" label="Created" render={(row) => formatDate(row.created_at, dateFormat)} sx={{ whiteSpace: 'nowrap' }} />
          <Col
            label="Actions"
            align="right"
            render={(row) => (
              <Tooltip title="API Audit Logs">
                <IconButton
                  size="small"
                  aria-label="API Audit Logs"
                  data-testid="open-api-logs"
                  onClick={(event) => {
                    event.stopPropagation()
                    setLogsFor(row.id)
                  }}
                >
                  <ReceiptLongIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          />
        </DataTable>
        <CutNotice />
      </List>
      <Confirm
        isOpen={actions.pending !== null}
        title={actions.pending ? FULFILMENT_ACTIONS[actions.pending.action].label : ''}
        content={actions.pending ? FULFILMENT_ACTIONS[actions.pending.action].question : ''}
        loading={actions.busy}
        onConfirm={actions.confirm}
        onClose={actions.cancel}
      />
      <ApiLogsDialog migrationId={logsFor} onClose={() => setLogsFor(null)} />
    </>
  )
}
