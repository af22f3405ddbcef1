import { useQuery } from '@tanstack/react-query'
import { Alert, Box, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material'
import { StatusBadge } from '../../components/StatusBadge'
import { describeError } from '../../components/adminErrors'
import { useAdminData } from '../../dataProvider'
import type { EmailDeliveryRow } from '../migrations/EmailDeliveriesCard'
import { dateTime, emailTypeLabel, recipientReason } from '../migrations/deliveryText'

/** The member detail's invitations and reminders with their delivery status, newest first (docs/operations.md §2). */
export function MemberInvitations({ memberId }: { memberId: number }) {
  const dataProvider = useAdminData()
  const { data, isError, error, isPending } = useQuery({
    queryKey: ['members', memberId, 'invitations'],
    queryFn: async () => (await dataProvider.memberInvitations(memberId)).invitations as EmailDeliveryRow[],
    retry: false,
  })
  return (
    <Box data-testid="member-invitations">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        Invitations
      </Typography>
      {isPending ? <LinearProgress aria-label="Loading invitations" /> : null}
      {isError ? <Alert severity="error">Could not load the invitations: {describeError(error)}</Alert> : null}
      {data && data.length === 0 ? <Typography color="text.secondary">No invitation has been sent to this member.</Typography> : null}
      {data && data.length > 0 ? (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Invitations sent to this member">
            <TableHead>
              <TableRow>
                <TableCell>Email</TableCell>
                <TableCell>Recipient</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Error</TableCell>
                <TableCell>Time</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((invitation) => (
                <TableRow key={invitation.id} data-testid="member-invitation-row">
                  <TableCell sx={{ textTransform: 'capitalize' }}>{emailTypeLabel(invitation.email_type)}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    {invitation.recipient}
                    <Typography variant="caption" component="div" color="text.secondary">
                      {recipientReason(invitation.recipient_source)}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <StatusBadge status={invitation.status} />
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{invitation.error_message ?? '—'}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTime(invitation.updated_at)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      ) : null}
    </Box>
  )
}
