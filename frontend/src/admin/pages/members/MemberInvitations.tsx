import { useQuery } from '@tanstack/react-query'
import { DataTable } from 'react-admin'
import { Box, LinearProgress, Typography } from '@mui/material'
import { StatusBadge } from '../../components/StatusBadge'
import { Captioned } from '../../components/Captioned'
import { TableRegion } from '../../components/TableRegion'
import { bodyWithRowTestId, ListEmpty, LoadError } from '../../components/list/ListStates'
import { useAdminData } from '../../dataProvider'
import type { EmailDeliveryRow } from '../migrations/EmailDeliveriesCard'
import { dateTime, emailTypeLabel, recipientReason } from '../migrations/deliveryText'

const Col = DataTable.Col<EmailDeliveryRow>
const Body = bodyWithRowTestId('member-invitation-row')

/** The member detail's invitations and reminders with their delivery status, newest first (docs/operations.md §2). */
export function MemberInvitations({ memberId }: { memberId: number }) {
  const dataProvider = useAdminData()
  const { data, error, isPending, refetch } = useQuery({
    queryKey: ['members', memberId, 'invitations'],
    queryFn: async () => (await dataProvider.memberInvitations(memberId)).invitations,
    retry: false,
  })
  return (
    <Box data-testid="member-invitations">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        Invitations
      </Typography>
      {isPending ? <LinearProgress aria-label="Loading invitations" /> : null}
      {error ? <LoadError what="the invitations" error={error} onRetry={refetch} /> : null}
      {data ? (
        <TableRegion label="Invitations">
          <DataTable
            resource="member-invitations"
            data={data}
            bulkActionButtons={false}
            rowClick={false}
            body={Body}
            aria-label="Invitations sent to this member"
            empty={
              <ListEmpty
                text="No invitation has been sent to this member."
                testId="member-invitations-empty"
                compact
              />
            }
          >
            <Col
              source="email_type"
              label="Email"
              cellSx={() => ({ textTransform: 'capitalize' })}
              render={(invitation) => emailTypeLabel(invitation.email_type)}
            />
            <Col
              source="recipient"
              label="Recipient"
              cellSx={() => ({ overflowWrap: 'anywhere' })}
              render={(invitation) => (
                <Captioned caption={recipientReason(invitation.recipient_source)}>
                  {invitation.recipient}
                </Captioned>
              )}
            />
            <Col
              source="status"
              label="Status"
              render={(invitation) => <StatusBadge status={invitation.status} />}
            />
            <Col
              source="error_message"
              label="Error"
              cellSx={() => ({ overflowWrap: 'anywhere' })}
              render={(invitation) => invitation.error_message ?? '—'}
            />
            <Col
              source="updated_at"
              label="Time"
              cellSx={() => ({ whiteSpace: 'nowrap' })}
              render={(invitation) => dateTime(invitation.updated_at)}
            />
          </DataTable>
        </TableRegion>
      ) : null}
    </Box>
  )
}
