import { DataTable } from 'react-admin'
import { Alert, Box, Button } from '@mui/material'
import ReplayIcon from '@mui/icons-material/Send'
import type { ApiAnswer } from '../../../common/api_contract'
import { SectionCard } from '../../components/SectionCard'
import { StatusBadge } from '../../components/StatusBadge'
import { useAdminMutation } from '../../components/useAdminMutation'
import { Caption } from '../../components/Caption'
import { Captioned } from '../../components/Captioned'
import { TableRegion } from '../../components/TableRegion'
import { bodyWithRowTestId } from '../../components/list/ListStates'
import { useAdminData } from '../../dataProvider'
import { dateTime, emailTypeLabel, recipientReason } from './deliveryText'

/** One email delivery, as the migration detail and the member's invitations list them. */
export type EmailDeliveryRow = ApiAnswer<
  '/api/admin/members/{id}/invitations',
  'get'
>['invitations'][number]

const ATTENTION: Record<string, string> = {
  unknown:
    'may or may not have reached the mail server (the sender stopped during the hand-off). Check with the recipient before using Retry emails, which sends it again.',
  failed: 'was not delivered. Use Retry emails once the cause is fixed.',
  sending: 'was left unfinished by a stopped worker; it is taken up again when fulfilment resumes.',
}

/** The emails an administrator can resend here (invitations are sent again from Unmigrated Users). */
const RESENDABLE = ['migration_confirmation', 'admin_notification', 'cancellation_alert']
export const IN_FLIGHT = ['queued', 'sending']
const Col = DataTable.Col<EmailDeliveryRow>
const Body = bodyWithRowTestId('email-delivery-row', (delivery: EmailDeliveryRow) => ({
  'data-delivery-id': delivery.id,
}))

/** Why Resend is not offered on a row, or null when it is. */
function resendBlocked(delivery: EmailDeliveryRow) {
  if (!RESENDABLE.includes(delivery.email_type))
    return 'Invitations are sent again from Unmigrated Users'
  if (delivery.resent_as !== null) return `Resent as #${delivery.resent_as}`
  if (IN_FLIGHT.includes(delivery.status)) return 'Being sent'
  return null
}

/**
 * The migration's emails (docs/fulfilment.md "Emails", docs/operations.md §2): recipient and why,
 * status, error, time, attachments, and Resend per delivery (a new row, sent by a job).
 */
export function EmailDeliveriesCard({ deliveries }: { deliveries: EmailDeliveryRow[] }) {
  const dataProvider = useAdminData()
  const { mutate: resend, isPending: busy } = useAdminMutation(
    (delivery: EmailDeliveryRow) => dataProvider.resendEmailDelivery(delivery.id),
    ({ delivery: copy }, delivery) =>
      `Resend queued: the ${emailTypeLabel(delivery.email_type)} email goes to ${copy.recipient} as delivery #${copy.id}`,
    'Failed to resend the email'
  )

  if (deliveries.length === 0) return null
  const attention = deliveries.filter((delivery) => delivery.needs_attention)
  return (
    <SectionCard title="Emails" id="email-deliveries" data-testid="email-deliveries-card">
      {attention.map((delivery) => (
        <Alert
          key={delivery.id}
          severity="warning"
          sx={{ mb: 1 }}
          data-testid="email-needs-attention"
        >
          The {emailTypeLabel(delivery.email_type)} email to {delivery.recipient}{' '}
          {ATTENTION[delivery.status] ?? 'needs attention.'}
        </Alert>
      ))}
      <TableRegion label="Email deliveries">
        <DataTable
          resource="email-deliveries"
          data={deliveries}
          bulkActionButtons={false}
          rowClick={false}
          body={Body}
          aria-label="Email deliveries of this migration"
          sx={{ '& table': { minWidth: 860 } }}
        >
          <Col
            source="email_type"
            label="Email"
            cellSx={() => ({ minWidth: 120 })}
            render={(delivery) => (
              <Captioned
                caption={`#${delivery.id}${delivery.resend_of ? `, resend of #${delivery.resend_of}` : ''}`}
              >
                <Box component="span" sx={{ textTransform: 'capitalize' }}>
                  {emailTypeLabel(delivery.email_type)}
                </Box>
              </Captioned>
            )}
          />
          <Col
            source="recipient"
            label="Recipient"
            cellSx={() => ({ overflowWrap: 'anywhere', minWidth: 170 })}
            render={(delivery) => (
              <Captioned
                caption={recipientReason(delivery.recipient_source)}
                testId="recipient-reason"
              >
                {delivery.recipient}
              </Captioned>
            )}
          />
          <Col
            source="status"
            label="Status"
            render={(delivery) => (
              <Captioned
                caption={`${delivery.attempts} ${delivery.attempts === 1 ? 'attempt' : 'attempts'}`}
              >
                <StatusBadge status={delivery.status} testId="delivery-status" />
              </Captioned>
            )}
          />
          <Col
            source="error_message"
            label="Error"
            cellSx={() => ({ minWidth: 160, maxWidth: 260, overflowWrap: 'anywhere' })}
            render={(delivery) => delivery.error_message ?? '—'}
          />
          <Col
            source="updated_at"
            label="Time"
            cellSx={() => ({ whiteSpace: 'nowrap' })}
            render={(delivery) => dateTime(delivery.updated_at)}
          />
          <Col
            source="attachments"
            label="Attachments"
            cellSx={() => ({ overflowWrap: 'anywhere' })}
            render={(delivery) =>
              delivery.attachments === null
                ? 'Not recorded'
                : delivery.attachments.length === 0
                  ? 'None'
                  : delivery.attachments.join(', ')
            }
          />
          <Col
            label="Actions"
            align="right"
            render={(delivery) => {
              const blocked = resendBlocked(delivery)
              return blocked ? (
                <Caption>{blocked}</Caption>
              ) : (
                <Button
                  size="small"
                  variant="outlined"
                  startIcon={<ReplayIcon />}
                  sx={{ whiteSpace: 'nowrap' }}
                  disabled={busy}
                  onClick={() => resend(delivery)}
                  aria-label={`Resend the ${emailTypeLabel(delivery.email_type)} email #${delivery.id}`}
                  data-testid="resend-email"
                >
                  Resend
                </Button>
              )
            }}
          />
        </DataTable>
      </TableRegion>
    </SectionCard>
  )
}
