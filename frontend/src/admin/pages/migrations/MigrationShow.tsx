import { useState } from 'react'
import { useNavigate, useParams } from 'react-router-dom'
import { useGetOne } from 'react-admin'
import { Chip, Skeleton, Stack } from '@mui/material'
import { formatDate } from '../../../common/format'
import { PageHeader } from '../../components/PageHeader'
import { SectionCard } from '../../components/SectionCard'
import { describeError } from '../../components/adminErrors'
import { EmailText } from '../../components/EmailText'
import { useAdminTools } from '../../components/useAdminTools'
import { adminPath } from '../../paths'
import { HistoryPanel } from '../../audit/HistoryPanel'
import { BlockDialog } from '../members/BlockDialog'
import { EmailDeliveriesCard, IN_FLIGHT } from './EmailDeliveriesCard'
import { OutboxCard } from './OutboxCard'
import { FrozenQuoteCard } from './FrozenQuoteCard'
import { MoneyReturnedCard } from './MoneyReturnedCard'
import { ConsentCard } from './ConsentCard'
import { NotesCard } from '../../notes/NotesCard'
import { DetailFields } from './DetailFields'
import { MigrationInfoCard } from './MigrationInfoCard'
import { MigratedMembersCard } from './MigratedMembersCard'
import { MigrationHeaderActions } from './MigrationHeaderActions'
import type { MigrationDetail } from './migrationDetailTypes'

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

  if (!migration) {
    return (
      <>
        <PageHeader title="Migration" back="migrations" />
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
        back="migrations"
        actions={
          <MigrationHeaderActions
            migration={migration}
            blockId={id!}
            onBlock={() => setBlockDialog(true)}
          />
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
        <MigrationInfoCard migration={migration} date={date} />
        <SectionCard title="Principal Member">
          <DetailFields
            fields={[
              ['Name', migration.insured_full_name],
              ['Member ID', migration.member_id_str],
              ['Date of Birth', date(migration.date_of_birth)],
              ['Email', migration.email ? <EmailText email={migration.email} /> : 'N/A'],
            ]}
          />
        </SectionCard>
        <MigratedMembersCard members={migration.selectedMembers} />
        <MoneyReturnedCard migrationId={migration.id} />
        <EmailDeliveriesCard deliveries={migration.email_deliveries ?? []} />
        <OutboxCard migrationId={migration.id} />
        <FrozenQuoteCard migrationId={migration.id} />
        <ConsentCard migrationId={migration.id} />
        <NotesCard entityType="migration" entityId={migration.id} />
        <HistoryPanel entityType="migration" entityId={migration.id} />
      </Stack>
    </>
  )
}
