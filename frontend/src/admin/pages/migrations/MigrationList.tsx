import { useState, type MouseEvent } from 'react'
import { Link as RouterLink } from 'react-router-dom'
import { useMutation } from '@tanstack/react-query'
import { Confirm, DataTable, SearchInput, useListContext } from 'react-admin'
import { Button, Stack, Typography } from '@mui/material'
import ReplayIcon from '@mui/icons-material/Replay'
import ReceiptLongIcon from '@mui/icons-material/ReceiptLongOutlined'
import { formatDate, formatMoney } from '../../../common/format'
import { useFormatting } from '../../../common/formatting'
import { Captioned } from '../../components/Captioned'
import { StatusBadge } from '../../components/StatusBadge'
import { SubStatusIcon } from '../../components/SubStatusIcon'
import { EmailText } from '../../components/EmailText'
import { IconAction } from '../../components/IconAction'
import { PageHeader } from '../../components/PageHeader'
import { ChoiceFilter } from '../../components/list/ChoiceFilter'
import { bodyWithRowTestId, ListEmpty } from '../../components/list/ListStates'
import { CardList } from '../../components/list/CardList'
import { adminPath } from '../../paths'
import type { MigrationRow } from '../dashboard/types'
import { ApiLogsDialog } from './ApiLogsDialog'
import { useAdminTools } from '../../components/useAdminTools'

const STATUS_CHOICES = [
  'Pending',
  'Processing',
  'Completed',
  'Completed with Warnings',
  'Failed',
].map((name) => ({
  id: name.toLowerCase().replace(/ /g, '_'),
  name,
}))

const filters = [
  <SearchInput
    key="search"
    source="search"
    alwaysOn
    placeholder="Search by name, member ID, or reference..."
    sx={{ width: { xs: '100%', sm: 360 } }}
    slotProps={{
      htmlInput: { 'data-testid': 'migrations-search', 'aria-label': 'Search migrations' },
    }}
  />,
]

type RetryAnswer = { success: boolean; count: number; error: string | null }

/** Each retry with its call, confirmation and toasts (admin-backoffice.md §5, §8), by the test id it has. */
const RETRIES = {
  emails: {
    path: 'retry-emails',
    label: 'Retry emails',
    question: 'Retry sending emails for this migration?',
    failedCall: 'Failed to retry emails',
    succeeded: () => 'Emails sent successfully!',
    failedKind: 'warning',
    failed: () => 'Emails partially sent. Check details.',
  },
  api: {
    path: 'retry-api',
    label: 'Retry API calls',
    question: 'Retry API calls for this migration?',
    failedCall: 'Failed to retry API calls',
    succeeded: () => 'API calls completed successfully!',
    failedKind: 'error',
    failed: (answer: RetryAnswer) => `API calls failed: ${answer.error ?? 'unknown error'}`,
  },
  documents: {
    path: 'regenerate-documents',
    label: 'Regenerate documents',
    question: 'Regenerate documents for this migration?',
    failedCall: 'Failed to regenerate documents',
    succeeded: (answer: RetryAnswer) => `${answer.count} documents regenerated successfully!`,
    failedKind: 'error',
    failed: (answer: RetryAnswer) =>
      `Document regeneration failed: ${answer.error ?? 'unknown error'}`,
  },
} as const
type Action = keyof typeof RETRIES

/** Clicks in a cell's buttons and in their dialogs (rendered in the row's tree) do not open the row. */
const stop = (event: MouseEvent) => event.stopPropagation()

/** The row's API Audit Logs button and dialog. */
function ApiLogs({ migrationId }: { migrationId: number }) {
  const [open, setOpen] = useState(false)
  return (
    <span onClick={stop}>
      <IconAction
        title="API Audit Logs"
        icon={ReceiptLongIcon}
        onClick={() => setOpen(true)}
        data-testid="open-api-logs"
      />
      <ApiLogsDialog migrationId={open ? migrationId : null} onClose={() => setOpen(false)} />
    </span>
  )
}

/** A step's retry (or regenerate): asks the spec question, runs it, toasts the answer and reloads the list. */
function Retry({ migrationId, action }: { migrationId: number; action: Action }) {
  const retry = RETRIES[action]
  const [asking, setAsking] = useState(false)
  const { dataProvider, toast, handleError, refresh } = useAdminTools()
  const close = () => setAsking(false)
  const { mutate, isPending: busy } = useMutation({
    mutationFn: (): Promise<RetryAnswer> =>
      dataProvider.retryMigrationStep(migrationId, retry.path),
    onSuccess: (answer) =>
      answer.success
        ? toast.success(retry.succeeded(answer))
        : toast[retry.failedKind](retry.failed(answer)),
    onError: (error) => handleError(error, retry.failedCall),
    onSettled: () => {
      close()
      refresh()
    },
  })
  return (
    <span onClick={stop}>
      <IconAction
        title={retry.label}
        icon={ReplayIcon}
        onClick={() => setAsking(true)}
        data-testid={`retry-${action}`}
      />
      <Confirm
        isOpen={asking}
        title={retry.label}
        content={retry.question}
        loading={busy}
        onConfirm={() => mutate()}
        onClose={close}
      />
    </span>
  )
}

type StepSource = 'payment_status' | 'document_status' | 'email_status' | 'api_status'

/** A step's cell: its sub-status icon, with its retry (or regenerate) button. */
const step = (label: string, source: StepSource, action?: Action) => (row: MigrationRow) => (
  <Stack direction="row" spacing={0.25} sx={{ alignItems: 'center' }}>
    <SubStatusIcon label={label} status={row[source]} testId={`substatus-${label.toLowerCase()}`} />
    {action ? <Retry migrationId={row.id} action={action} /> : null}
  </Stack>
)

/** The member's name over their member ID (the Migrations and Subscriptions lists). */
export const memberCell = (row: { insured_full_name: string; member_id_str: string | null }) => (
  <Captioned caption={row.member_id_str} strong>
    {row.insured_full_name}
  </Captioned>
)

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
        filters={filters}
        toolbar={
          <ChoiceFilter
            source="status"
            label="Status"
            allLabel="All Statuses"
            choices={STATUS_CHOICES}
            testId="migrations-status-filter"
          />
        }
        sort={{ field: 'created_at', order: 'DESC' }}
        perPage={50}
      >
        <DataTable
          bulkActionButtons={false}
          body={MigrationBody}
          rowClick={(id) => adminPath(`migrations/${id}`)}
          empty={<ListEmpty text="No migrations found" testId="migrations-empty" />}
          // Fits 1280 px beside the sidebar (issue 27 §10): headers on one line, tighter cells.
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
            render={step('Payment', 'payment_status')}
          />
          <Col
            source="document_status"
            label="Documents"
            disableSort
            render={step('Documents', 'document_status', 'documents')}
          />
          <Col
            source="email_status"
            label="Email"
            disableSort
            render={step('Email', 'email_status', 'emails')}
          />
          <Col
            source="api_status"
            label="API"
            disableSort
            render={step('API', 'api_status', 'api')}
          />
          <Col
            source="created_at"
            label="Created"
            render={(row) => formatDate(row.created_at, dateFormat)}
            sx={{ whiteSpace: 'nowrap' }}
          />
          <Col label="Actions" align="right" render={(row) => <ApiLogs migrationId={row.id} />} />
        </DataTable>
        <CutNotice />
      </CardList>
    </>
  )
}
