import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Grid, Stack, Typography } from '@mui/material'
import { formatDate } from '../../../common/format'
import { useFormatting } from '../../../common/formatting'
import type { MemberRecord } from './types'
import { HistoryPanel } from '../../audit/HistoryPanel'
import { MemberInvitations } from './MemberInvitations'

function Field({ label, value }: { label: string; value: string | number | null | undefined }) {
  return (
    <Grid size={{ xs: 12, sm: 6 }}>
      <Typography variant="caption" color="text.secondary" sx={{ textTransform: 'uppercase', letterSpacing: 0.5 }}>
        {label}
      </Typography>
      <Typography>{value === null || value === undefined || value === '' ? 'N/A' : value}</Typography>
    </Grid>
  )
}

/** Read-only view of a member; dates in DATE_FORMAT or N/A, and the enrolment notes. */
export function MemberDetailsDialog({ member, onClose }: { member: MemberRecord | null; onClose: () => void }) {
  const { dateFormat } = useFormatting()
  const date = (value: string | null) => (value ? formatDate(value, dateFormat) : 'N/A')
  if (!member) return null
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth data-testid="member-details">
      <DialogTitle>Member Details</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          {member.dhig_person_guid ? <Alert severity="info">This member has a person GUID and is ready for enrollment.</Alert> : null}
          {member.dhig_person_id || member.dhig_member_id ? <Alert severity="success">This member is enrolled in the external insurer system (DHIG).</Alert> : null}
          <Grid container spacing={2}>
            <Field label="Member ID" value={member.member_id} />
            <Field label="Name" value={member.insured_full_name} />
            <Field label="Date of Birth" value={date(member.date_of_birth)} />
            <Field label="Role" value={member.insured_role} />
            <Field label="Email" value={member.email} />
            <Field label="Original Email" value={member.original_email} />
            <Field label="Gender" value={member.gender} />
            <Field label="Citizenship" value={member.citizenship} />
            <Field label="Residence Country" value={member.residence_country} />
            <Field label="Status" value={member.status} />
            <Field label="Product" value={member.product_name} />
            <Field label="Product Alias" value={member.product_alias} />
            <Field label="Plan" value={member.plan_name} />
            <Field label="Policy Start" value={date(member.policy_start_date)} />
            <Field label="Policy End" value={date(member.policy_end_date)} />
            <Field label="Person ID" value={member.person_id} />
            <Field label="Principal" value={member.principal_name ? `${member.principal_name} (${member.principal_person_id})` : null} />
            <Field label="Completed Migrations" value={member.completed_migrations_count ?? 0} />
            <Field label="DHIG Person GUID" value={member.dhig_person_guid} />
            <Field label="DHIG Person ID" value={member.dhig_person_id} />
            <Field label="DHIG Member ID" value={member.dhig_member_id} />
          </Grid>
          <HistoryPanel entityType="member" entityId={member.id} heading="h3" />
          <MemberInvitations memberId={member.id} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  )
}
