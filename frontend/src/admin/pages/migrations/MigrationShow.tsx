import { useState, type ReactNode } from 'react'
import { useNavigate, useParams } from 'react-router-dom'
import { DataTable, useGetOne } from 'react-admin'
import { Alert, Button, Chip, Grid, Skeleton, Stack, Typography } from '@mui/material'
import BlockIcon from '@mui/icons-material/Block'
import LockOpenIcon from '@mui/icons-material/LockOpen'
import type { ApiAnswer } from '../../../common/api_contract'
import { formatDate, formatMoney } from '../../../common/format'
import { PageHeader } from '../../components/PageHeader'
import { SectionCard } from '../../components/SectionCard'
import { StatusBadge } from '../../components/StatusBadge'
import { describeError } from '../../components/adminErrors'
import { useAdminMutation } from '../../components/useAdminMutation'
import { EmailText } from '../../components/EmailText'
import { TableRegion } from '../../components/TableRegion'
import { bodyWithRowTestId, ListEmpty } from '../../components/list/ListStates'
import { adminPath } from '../../paths'
import { EmailDeliveriesCard, IN_FLIGHT } from './EmailDeliveriesCard'
import { OutboxCard } from './OutboxCard'
import { FrozenQuoteCard } from './FrozenQuoteCard'
import { CancelCoverageButton } from './CancelCoverage'
import { MoneyReturnedCard } from './MoneyReturnedCard'
import { ConsentCard } from './ConsentCard'
import { BlockDialog } from '../members/BlockDialog'
import { HistoryPanel } from '../../audit/HistoryPanel'
import { useAdminTools } from '../../components/useAdminTools'

/** GET /api/admin/migrations/{id}: the migration with its members, installments and emails. */
type MigrationDetail = ApiAnswer<'/api/admin/migrations/{id}', 'get'>['migration']

const Member = DataTable.Col<MigrationDetail['selectedMembers'][number]>
const MemberBody = bodyWithRowTestId('migrated-member-row')

/** A fulfilled coverage can be cancelled (docs/payments.md, "Who may do what"). */
const CANCELLABLE = ['completed', 'completed_with_warnings']

/** admin-backoffice.md §2: a recurring frequency with an active or trialing subscription. */
function isActiveSubscription(
  migration: Pick<MigrationDetail, 'payment_frequency' | 'subscription_status'>
) {
  const recurring = !['one-time', 'disabled', '', null].includes(migration.payment_frequency)
  return recurring && ['active', 'trialing'].includes(migration.subscription_status ?? '')
}

/** Labelled values in a grid of four columns: [label, value, test id]; an absent value reads N/A. */
function Fields({ fields }: { fields: [string, ReactNode, string?][] }) {
  return (
    <Grid container spacing={2}>
      {fields.map(([label, value, testId]) => (
        <Grid key={label} size={{ xs: 12, sm: 6, md: 3 }} sx={{ py: 1 }}>
          <Typography
            variant="caption"
            color="text.secondary"
            sx={{ textTransform: 'uppercase', letterSpacing: 0.5, fontWeight: 600 }}
          >
            {label}
          </Typography>
          <Typography component="div" sx={{ overflowWrap: 'anywhere' }} data-testid={testId}>
            {value ?? 'N/A'}
          </Typography>
        </Grid>
      ))}
    </Grid>
  )
}

export default function MigrationDetailPage() {
  const { id } = useParams()
  const navigate = useNavigate()
  const { toast, dataProvider, sessionEnded, dateFormat } = useAdminTools()
  const [blockDialog, setBlockDialog] = useState(false)
  // A migration that cannot be loaded: the reason as a toast, back to the list (unless the session ended).
  const { data: migration } = useGetOne<MigrationDetail>(
    'migrations',
    { id: Number(id) },
    {
      retry: false,
      // A queued Resend is sent by the worker in a moment: look again every 2 s until no email is in flight.
      // Until the detail answers, react-admin shows the list's row for this id, which has no email_deliveries.
      refetchInterval: (query) =>
        query.state.data?.email_deliveries?.some((email) => IN_FLIGHT.includes(email.status))
          ? 2000
          : false,
      onError: async (error) => {
        if (await sessionEnded(error)) return
        toast.error(describeError(error))
        navigate(adminPath('migrations'))
      },
    }
  )
  const blockMember = (action: 'block' | 'unblock') => dataProvider.blockMember(id!, action)
  const blocked = (_answer: unknown, action: 'block' | 'unblock') =>
    action === 'block' ? 'Successfully blocked member' : 'Successfully unblocked member'
  const { mutate: setBlock, isPending: busy } = useAdminMutation(blockMember, blocked)

  if (!migration) {
    return (
      <>
        <PageHeader title="Migration" back="migrations" />
        <Skeleton variant="rounded" height={360} />
      </>
    )
  }

  const date = (value: string | null) => (value ? formatDate(value, dateFormat) : null)
  const status = (
    <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
      <StatusBadge status={migration.status} />
      {isActiveSubscription(migration) ? (
        <Chip
          size="small"
          color="success"
          variant="outlined"
          sx={{ color: 'success.dark' }}
          label="Active Subscription"
          data-testid="active-subscription"
        />
      ) : null}
    </Stack>
  )
  return (
    <>
      <PageHeader
        title={`Migration ${migration.migration_reference || migration.id}`}
        subtitle={migration.insured_full_name}
        back="migrations"
        actions={
          <>
            {CANCELLABLE.includes(migration.status) ? (
              <CancelCoverageButton migrationId={migration.id} />
            ) : null}
            <Button
              variant="outlined"
              color="error"
              sx={{ color: 'error.dark' }}
              startIcon={<BlockIcon />}
              disabled={busy}
              onClick={() => setBlockDialog(true)}
              data-testid="block-member"
            >
              Block Member
            </Button>
            <Button
              variant="outlined"
              color="success"
              sx={{ color: 'success.dark' }}
              startIcon={<LockOpenIcon />}
              disabled={busy}
              onClick={() => setBlock('unblock')}
              data-testid="unblock-member"
            >
              Unblock Member
            </Button>
          </>
        }
      />
      <BlockDialog
        member={
          blockDialog
            ? {
                id: migration.id,
                is_blocked: false,
                insured_full_name: migration.insured_full_name,
                member_id: migration.member_id_str,
                block_reason: null,
              }
            : null
        }
        send={(action, reason) => dataProvider.blockMember(migration.id, action, reason)}
        onClose={() => setBlockDialog(false)}
      />
      <Stack spacing={2}>
        {migration.is_blocked ? (
          <Chip
            color="error"
            label="This member is blocked from migrating"
            sx={{ alignSelf: 'flex-start' }}
            data-testid="blocked-chip"
          />
        ) : null}
        <SectionCard title="Migration Information">
          <Fields
            fields={[
              ['Reference', migration.migration_reference || migration.id, 'detail-reference'],
              ['Status', status, 'detail-status'],
              [
                'Total Amount',
                formatMoney(migration.total_amount, migration.currency),
                'detail-amount',
              ],
              [
                'Duration',
                `${migration.duration_days} days (${migration.duration_type.replace(/_/g, ' ')})`,
              ],
              ['End Date', date(migration.end_date)],
              ['Created At', date(migration.created_at)],
              ['Completed At', date(migration.completed_at) ?? 'Pending', 'detail-completed'],
              ['Payment Frequency', migration.payment_frequency],
              [
                'Payment',
                <StatusBadge status={migration.payment_status} testId="detail-payment-status" />,
              ],
            ]}
          />
          {migration.failure_reason ? (
            <Alert severity="warning" sx={{ mt: 2 }} data-testid="detail-failure-reason">
              {migration.failure_reason}
            </Alert>
          ) : null}
        </SectionCard>
        <SectionCard title="Principal Member">
          <Fields
            fields={[
              ['Name', migration.insured_full_name],
              ['Member ID', migration.member_id_str],
              ['Date of Birth', date(migration.date_of_birth)],
              ['Email', migration.email ? <EmailText email={migration.email} /> : 'N/A'],
            ]}
          />
        </SectionCard>
        <SectionCard title="Migrated Members">
          <TableRegion label="Migrated members table">
            <DataTable
              resource="migration-members"
              data={migration.selectedMembers}
              bulkActionButtons={false}
              rowClick={false}
              body={MemberBody}
              empty={
                <ListEmpty
                  text="No migrated members recorded"
                  testId="migrated-members-empty"
                  compact
                />
              }
            >
              <Member source="insured_full_name" label="Name" />
              <Member source="insured_role" label="Role" />
              <Member source="member_id" label="Member ID" />
              <Member
                source="dhig_person_id"
                label="DHIG Person ID"
                render={(member) => String(member.dhig_person_id || 'N/A')}
              />
              <Member
                source="dhig_member_id"
                label="DHIG Member ID"
                render={(member) => String(member.dhig_member_id || 'N/A')}
              />
              <Member
                source="final_premium"
                label="Final Premium"
                align="right"
                render={(member) =>
                  member.final_premium === null
                    ? 'N/A'
                    : formatMoney(member.final_premium, member.premium_currency || 'USD')
                }
              />
            </DataTable>
          </TableRegion>
        </SectionCard>
        <MoneyReturnedCard migrationId={migration.id} />
        <EmailDeliveriesCard deliveries={migration.email_deliveries ?? []} />
        <OutboxCard migrationId={migration.id} />
        <FrozenQuoteCard migrationId={migration.id} />
        <ConsentCard migrationId={migration.id} />
        <HistoryPanel entityType="migration" entityId={migration.id} />
      </Stack>
    </>
  )
}
