import { useState, type ReactNode } from 'react'
import { useNavigate, useParams } from 'react-router-dom'
import { DataTable, useGetOne } from 'react-admin'
import { Alert, Box, Button, Card, CardContent, Chip, Grid, Skeleton, Stack, Typography } from '@mui/material'
import BlockIcon from '@mui/icons-material/Block'
import LockOpenIcon from '@mui/icons-material/LockOpen'
import { formatDate, formatMoney } from '../../../common/format'
import { useFormatting } from '../../../common/formatting'
import { useToast } from '../../../common/toast'
import { PageHeader } from '../../components/PageHeader'
import { StatusBadge } from '../../components/StatusBadge'
import { describeError, useAdminErrorHandler, useSessionEnded } from '../../components/adminErrors'
import { EmailText } from '../../components/EmailText'
import { TableRegion } from '../../components/TableRegion'
import { bodyWithRowTestId, ListEmpty } from '../../components/list/ListStates'
import type { MigrationRow } from '../dashboard/types'
import { adminPath } from '../../paths'
import { EmailDeliveriesCard, type EmailDeliveryRow } from './EmailDeliveriesCard'
import { OutboxCard } from './OutboxCard'
import { useAdminData } from '../../dataProvider'
import { FrozenQuoteCard } from './FrozenQuoteCard'
import { HistoryPanel } from '../../audit/HistoryPanel'

interface SelectedMember {
  id: number
  insured_full_name: string
  insured_role: string
  member_id: string
  dhig_person_id: string | null
  dhig_member_id: string | null
  final_premium: number | null
  premium_currency: string | null
}

interface MigrationDetail extends MigrationRow {
  date_of_birth: string | null
  is_blocked: boolean
  selectedMembers: SelectedMember[]
  email_deliveries?: EmailDeliveryRow[]
}

const Member = DataTable.Col<SelectedMember>
const MemberBody = bodyWithRowTestId('migrated-member-row')

/** admin-backoffice.md §2: a recurring frequency with an active or trialing subscription. */
export function isActiveSubscription(migration: Pick<MigrationRow, 'payment_frequency' | 'subscription_status'>) {
  const recurring = !['one-time', 'disabled', '', null].includes(migration.payment_frequency)
  return recurring && ['active', 'trialing'].includes(migration.subscription_status ?? '')
}

function Field({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Box sx={{ py: 1 }}>
      <Typography variant="caption" color="text.secondary" sx={{ textTransform: 'uppercase', letterSpacing: 0.5, fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography component="div" sx={{ overflowWrap: 'anywhere' }} data-testid={testId}>
        {value ?? 'N/A'}
      </Typography>
    </Box>
  )
}

export default function MigrationDetailPage() {
  const { id } = useParams()
  const navigate = useNavigate()
  const toast = useToast()
  const dataProvider = useAdminData()
  const handleError = useAdminErrorHandler()
  const sessionEnded = useSessionEnded()
  const { dateFormat } = useFormatting()
  const [busy, setBusy] = useState(false)
  // A migration that cannot be loaded: the reason as a toast, back to the list (unless the session ended).
  const { data: migration, refetch } = useGetOne<MigrationDetail>('migrations', { id: Number(id) }, {
    retry: false,
    onError: async (error) => {
      if (await sessionEnded(error)) return
      toast.error(describeError(error))
      navigate(adminPath('migrations'))
    },
  })

  async function setBlock(action: 'block' | 'unblock') {
    setBusy(true)
    try {
      await dataProvider.blockMember(id!, action)
      toast.success(action === 'block' ? 'Successfully blocked member' : 'Successfully unblocked member')
      await refetch()
    } catch (error) {
      handleError(error)
    } finally {
      setBusy(false)
    }
  }

  if (!migration) {
    return (
      <>
        <PageHeader title="Migration" backTo={adminPath('migrations')} backLabel="Back to Migrations" />
        <Skeleton variant="rounded" height={360} />
      </>
    )
  }

  const date = (value: string | null) => (value ? formatDate(value, dateFormat) : null)
  return (
    <>
      <PageHeader
        title={`Migration ${migration.migration_reference || migration.id}`}
        subtitle={migration.insured_full_name}
        backTo={adminPath('migrations')}
        backLabel="Back to Migrations"
        actions={
          <>
            <Button variant="outlined" color="error" sx={{ color: "error.dark" }} startIcon={<BlockIcon />} disabled={busy} onClick={() => setBlock('block')} data-testid="block-member">
              Block Member
            </Button>
            <Button variant="outlined" color="success" sx={{ color: "success.dark" }} startIcon={<LockOpenIcon />} disabled={busy} onClick={() => setBlock('unblock')} data-testid="unblock-member">
              Unblock Member
            </Button>
          </>
        }
      />
      <Stack spacing={2}>
        {migration.is_blocked ? <Chip color="error" label="This member is blocked from migrating" sx={{ alignSelf: 'flex-start' }} data-testid="blocked-chip" /> : null}
        <Card>
          <CardContent>
            <Typography variant="h6" component="h2">Migration Information</Typography>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 6, md: 3 }}><Field label="Reference" value={migration.migration_reference || migration.id} testId="detail-reference" /></Grid>
              <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                <Field
                  label="Status"
                  testId="detail-status"
                  value={
                    <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
                      <StatusBadge status={migration.status} />
                      {isActiveSubscription(migration) ? <Chip size="small" color="success" variant="outlined" sx={{ color: "success.dark" }} label="Active Subscription" data-testid="active-subscription" /> : null}
                    </Stack>
                  }
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6, md: 3 }}><Field label="Total Amount" value={formatMoney(migration.total_amount, migration.currency)} testId="detail-amount" /></Grid>
              <Grid size={{ xs: 12, sm: 6, md: 3 }}><Field label="Duration" value={`${migration.duration_days} days (${migration.duration_type.replace(/_/g, ' ')})`} /></Grid>
              <Grid size={{ xs: 12, sm: 6, md: 3 }}><Field label="End Date" value={date(migration.end_date)} /></Grid>
              <Grid size={{ xs: 12, sm: 6, md: 3 }}><Field label="Created At" value={date(migration.created_at)} /></Grid>
              <Grid size={{ xs: 12, sm: 6, md: 3 }}><Field label="Completed At" value={date(migration.completed_at) ?? 'Pending'} testId="detail-completed" /></Grid>
              <Grid size={{ xs: 12, sm: 6, md: 3 }}><Field label="Payment Frequency" value={migration.payment_frequency} /></Grid>
            </Grid>
            {migration.failure_reason ? (
              <Alert severity="warning" sx={{ mt: 2 }} data-testid="detail-failure-reason">
                {migration.failure_reason}
              </Alert>
            ) : null}
          </CardContent>
        </Card>
        <Card>
          <CardContent>
            <Typography variant="h6" component="h2">Principal Member</Typography>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 6, md: 3 }}><Field label="Name" value={migration.insured_full_name} /></Grid>
              <Grid size={{ xs: 12, sm: 6, md: 3 }}><Field label="Member ID" value={migration.member_id_str} /></Grid>
              <Grid size={{ xs: 12, sm: 6, md: 3 }}><Field label="Date of Birth" value={date(migration.date_of_birth)} /></Grid>
              <Grid size={{ xs: 12, sm: 6, md: 3 }}><Field label="Email" value={migration.email ? <EmailText email={migration.email} /> : 'N/A'} /></Grid>
            </Grid>
          </CardContent>
        </Card>
        <Card>
          <CardContent>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              Migrated Members
            </Typography>
            <TableRegion label="Migrated members">
              <DataTable resource="migration-members" data={migration.selectedMembers} bulkActionButtons={false} rowClick={false} body={MemberBody} empty={<ListEmpty text="No migrated members recorded" testId="migrated-members-empty" compact />}>
                <Member source="insured_full_name" label="Name" />
                <Member source="insured_role" label="Role" />
                <Member source="member_id" label="Member ID" />
                <Member source="dhig_person_id" label="DHIG Person ID" render={(member) => member.dhig_person_id || 'N/A'} />
                <Member source="dhig_member_id" label="DHIG Member ID" render={(member) => member.dhig_member_id || 'N/A'} />
                <Member source="final_premium" label="Final Premium" align="right" render={(member) => (member.final_premium === null ? 'N/A' : formatMoney(member.final_premium, member.premium_currency || 'USD'))} />
              </DataTable>
            </TableRegion>
          </CardContent>
        </Card>
        <EmailDeliveriesCard deliveries={migration.email_deliveries ?? []} onChanged={refetch} />
        <OutboxCard migrationId={migration.id} />
        <FrozenQuoteCard migrationId={migration.id} />
        <HistoryPanel entityType="migration" entityId={migration.id} />
      </Stack>
    </>
  )
}
