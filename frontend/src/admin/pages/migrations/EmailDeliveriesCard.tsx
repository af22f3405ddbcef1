import { useEffect, useState } from 'react'
import { DataTable } from 'react-admin'
import { Alert, Box, Button, Card, CardContent, Typography } from '@mui/material'
import ReplayIcon from '@mui/icons-material/Send'
import { useToast } from '../../../common/toast'
import { StatusBadge } from '../../components/StatusBadge'
import { useAdminErrorHandler } from '../../components/adminErrors'
import { Caption } from '../../components/Caption'
import { TableRegion } from '../../components/TableRegion'
import { bodyWithRowTestId } from '../../components/list/ListStates'
import { useAdminData } from '../../dataProvider'
import { dateTime, emailTypeLabel, recipientReason } from './deliveryText'

export interface EmailDeliveryRow {
  id: number
  email_type: string
  recipient: string
  recipient_source: string | null
  status: string
  attempts: number
  error_message: string | null
  attachments: string[] | null
  resend_of: number | null
  resent_as: number | null
  needs_attention: boolean
  created_at: string
  updated_at: string
}

const ATTENTION: Record<string, string> = {
  unknown: 'may or may not have reached the mail server (the sender stopped during the hand-off). Check with the recipient before using Retry emails, which sends it again.',
  failed: 'was not delivered. Use Retry emails once the cause is fixed.',
  sending: 'was left unfinished by a stopped worker; it is taken up again when fulfilment resumes.',
}

/** The emails an administrator can resend here (invitations are sent again from Unmigrated Users). */
const RESENDABLE = ['migration_confirmation', 'admin_notification', 'cancellation_alert']
const IN_FLIGHT = ['queued', 'sending']
const Col = DataTable.Col<EmailDeliveryRow>
const Body = bodyWithRowTestId('email-delivery-row', (delivery: EmailDeliveryRow) => ({ 'data-delivery-id': delivery.id }))

/** Why Resend is not offered on a row, or null when it is. */
function resendBlocked(delivery: EmailDeliveryRow) {
  if (!RESENDABLE.includes(delivery.email_type)) return 'Invitations are sent again from Unmigrated Users'
  if (delivery.resent_as !== null) return `Resent as #${delivery.resent_as}`
  if (IN_FLIGHT.includes(delivery.status)) return 'Being sent'
  return null
}

/**
 * The migration's emails (docs/fulfilment.md "Emails", docs/operations.md §2): recipient and why,
 * status, error, time, attachments, and Resend per delivery (a new row, sent by a job).
 */
export function EmailDeliveriesCard({ deliveries, onChanged }: { deliveries: EmailDeliveryRow[]; onChanged?: () => void }) {
  const dataProvider = useAdminData()
  const toast = useToast()
  const handleError = useAdminErrorHandler()
  const [busyId, setBusyId] = useState<number | null>(null)
  const inFlight = deliveries.some((delivery) => IN_FLIGHT.includes(delivery.status))

  // A queued Resend is sent by the worker in a moment: look again every 2 s until nothing is in flight.
  useEffect(() => {
    if (!inFlight || !onChanged) return
    const timer = setInterval(onChanged, 2000)
    return () => clearInterval(timer)
  }, [inFlight, onChanged])

  if (deliveries.length === 0) return null
  const attention = deliveries.filter((delivery) => delivery.needs_attention)

  async function resend(delivery: EmailDeliveryRow) {
    setBusyId(delivery.id)
    try {
      const answer = await dataProvider.resendEmailDelivery(delivery.id)
      toast.success(`Resend queued: the ${emailTypeLabel(delivery.email_type)} email goes to ${answer.delivery.recipient} as delivery #${answer.delivery.id}`)
      onChanged?.()
    } catch (error) {
      handleError(error, 'Failed to resend the email')
    } finally {
      setBusyId(null)
    }
  }

  return (
    <Card id="email-deliveries" data-testid="email-deliveries-card">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          Emails
        </Typography>
        {attention.map((delivery) => (
          <Alert key={delivery.id} severity="warning" sx={{ mb: 1 }} data-testid="email-needs-attention">
            The {emailTypeLabel(delivery.email_type)} email to {delivery.recipient} {ATTENTION[delivery.status] ?? 'needs attention.'}
          </Alert>
        ))}
        <TableRegion label="Email deliveries">
          <DataTable resource="email-deliveries" data={deliveries} bulkActionButtons={false} rowClick={false} body={Body} aria-label="Email deliveries of this migration" sx={{ '& table': { minWidth: 860 } }}>
            <Col
              source="email_type"
              label="Email"
              cellSx={() => ({ minWidth: 120 })}
              render={(delivery) => (
                <>
                  <Box component="span" sx={{ textTransform: 'capitalize' }}>
                    {emailTypeLabel(delivery.email_type)}
                  </Box>
                  <Caption>
                    #{delivery.id}
                    {delivery.resend_of ? `, resend of #${delivery.resend_of}` : ''}
                  </Caption>
                </>
              )}
            />
            <Col
              source="recipient"
              label="Recipient"
              cellSx={() => ({ overflowWrap: 'anywhere', minWidth: 170 })}
              render={(delivery) => (
                <>
                  {delivery.recipient}
                  <Caption testId="recipient-reason">{recipientReason(delivery.recipient_source)}</Caption>
                </>
              )}
            />
            <Col
              source="status"
              label="Status"
              render={(delivery) => (
                <>
                  <StatusBadge status={delivery.status} testId="delivery-status" />
                  <Caption>
                    {delivery.attempts} {delivery.attempts === 1 ? 'attempt' : 'attempts'}
                  </Caption>
                </>
              )}
            />
            <Col source="error_message" label="Error" cellSx={() => ({ minWidth: 160, maxWidth: 260, overflowWrap: 'anywhere' })} render={(delivery) => delivery.error_message ?? '—'} />
            <Col source="updated_at" label="Time" cellSx={() => ({ whiteSpace: 'nowrap' })} render={(delivery) => dateTime(delivery.updated_at)} />
            <Col source="attachments" label="Attachments" cellSx={() => ({ overflowWrap: 'anywhere' })} render={(delivery) => (delivery.attachments === null ? 'Not recorded' : delivery.attachments.length === 0 ? 'None' : delivery.attachments.join(', '))} />
            <Col
              label="Actions"
              align="right"
              render={(delivery) => {
                const blocked = resendBlocked(delivery)
                return blocked ? (
                  <Typography variant="caption" color="text.secondary">
                    {blocked}
                  </Typography>
                ) : (
                  <Button
                    size="small"
                    variant="outlined"
                    startIcon={<ReplayIcon />}
                    sx={{ whiteSpace: 'nowrap' }}
                    disabled={busyId !== null}
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
      </CardContent>
    </Card>
  )
}
