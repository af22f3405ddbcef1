import { FunctionField, Labeled, RecordContextProvider, TextField } from 'react-admin'
import { Alert, Grid, Stack } from '@mui/material'
import { formatDate } from '../../../common/format'
import { useFormatting } from '../../../common/formatting'
import type { MemberRecord } from './types'
import { HistoryPanel } from '../../audit/HistoryPanel'
import { MemberInvitations } from './MemberInvitations'
import { InfoDialog } from '../../components/InfoDialog'
import { ErasureButton } from './ErasureDialog'
import { NotesCard } from '../../notes/NotesCard'

/** [label, field, is a date]: shown in this order, the principal and the migrations count after Person ID. */
type Shown = [string, keyof MemberRecord, boolean?]
const FIELDS: Shown[] = [
  ['Member ID', 'member_id'],
  ['Name', 'insured_full_name'],
  ['Date of Birth', 'date_of_birth', true],
  ['Role', 'insured_role'],
  ['Email', 'email'],
  ['Original Email', 'original_email'],
  ['Gender', 'gender'],
  ['Citizenship', 'citizenship'],
  ['Residence Country', 'residence_country'],
  ['Language', 'language'],
  ['Status', 'status'],
  ['Product', 'product_name'],
  ['Product Alias', 'product_alias'],
  ['Plan', 'plan_name'],
  ['Policy Start', 'policy_start_date', true],
  ['Policy End', 'policy_end_date', true],
  ['Person ID', 'person_id'],
]
const DHIG_FIELDS: Shown[] = [
  ['DHIG Person GUID', 'dhig_person_guid'],
  ['DHIG Person ID', 'dhig_person_id'],
  ['DHIG Member ID', 'dhig_member_id'],
]

/** Read-only view of a member (react-admin fields in the member's record context); dates in DATE_FORMAT, empty values N/A. */
export function MemberDetailsDialog({
  member,
  onClose,
}: {
  member: MemberRecord | null
  onClose: () => void
}) {
  const { dateFormat } = useFormatting()
  if (!member) return null
  const cell = (label: string, field: React.ReactElement) => (
    <Grid key={label} size={{ xs: 12, sm: 6 }}>
      <Labeled label={label}>{field}</Labeled>
    </Grid>
  )
  const shown = ([label, source, date]: Shown) =>
    cell(
      label,
      date ? (
        <FunctionField<MemberRecord>
          source={source}
          render={(record) =>
            record[source] ? formatDate(record[source] as string, dateFormat) : 'N/A'
          }
        />
      ) : (
        <TextField source={source} emptyText="N/A" />
      )
    )
  return (
    // The content is focusable: a keyboard user can scroll the long list (axe scrollable-region-focusable).
    <InfoDialog
      open
      title="Member Details"
      testId="member-details"
      contentProps={{ tabIndex: 0 }}
      onClose={onClose}
    >
      <RecordContextProvider value={member}>
        <Stack spacing={2}>
          {member.dhig_person_guid ? (
            <Alert severity="info">
              This member has a person GUID and is ready for enrollment.
            </Alert>
          ) : null}
          {member.dhig_person_id || member.dhig_member_id ? (
            <Alert severity="success">
              This member is enrolled in the external insurer system (DHIG).
            </Alert>
          ) : null}
          <Grid container spacing={2}>
            {FIELDS.map(shown)}
            {cell(
              'Principal',
              <FunctionField<MemberRecord>
                render={(record) =>
                  record.principal_name
                    ? `${record.principal_name} (${record.principal_person_id})`
                    : 'N/A'
                }
              />
            )}
            {cell(
              'Completed Migrations',
              <FunctionField<MemberRecord>
                render={(record) => record.completed_migrations_count ?? 0}
              />
            )}
            {DHIG_FIELDS.map(shown)}
          </Grid>
          <HistoryPanel entityType="member" entityId={member.id} heading="h3" />
          <MemberInvitations memberId={member.id} />
          <NotesCard entityType="member" entityId={member.id} />
          <div>
            <ErasureButton member={member} onErased={onClose} />
          </div>
        </Stack>
      </RecordContextProvider>
    </InfoDialog>
  )
}
