import { Alert, Card, CardContent, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material'
import { StatusBadge } from '../../components/StatusBadge'

export interface EmailDeliveryRow {
  id: number
  email_type: string
  recipient: string
  status: string
  attempts: number
  error_message: string | null
  needs_attention: boolean
}

const ATTENTION: Record<string, string> = {
  unknown: 'may or may not have reached the mail server (the sender stopped during the hand-off). Check with the recipient before using Retry emails, which sends it again.',
  failed: 'was not delivered. Use Retry emails once the cause is fixed.',
  sending: 'was left unfinished by a stopped worker; it is taken up again when fulfilment resumes.',
}

/** The migration's emails (docs/fulfilment.md "Emails"); the ones needing an administrator are called out. */
export function EmailDeliveriesCard({ deliveries }: { deliveries: EmailDeliveryRow[] }) {
  if (deliveries.length === 0) return null
  const attention = deliveries.filter((delivery) => delivery.needs_attention)
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" sx={{ mb: 1 }}>
          Emails
        </Typography>
        {attention.map((delivery) => (
          <Alert key={delivery.id} severity="warning" sx={{ mb: 1 }} data-testid="email-needs-attention">
            The {delivery.email_type.replace(/_/g, ' ')} email to {delivery.recipient} {ATTENTION[delivery.status] ?? 'needs attention.'}
          </Alert>
        ))}
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>Email</TableCell>
              <TableCell>Recipient</TableCell>
              <TableCell>Status</TableCell>
              <TableCell align="right">Attempts</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {deliveries.map((delivery) => (
              <TableRow key={delivery.id} data-testid="email-delivery-row">
                <TableCell>{delivery.email_type.replace(/_/g, ' ')}</TableCell>
                <TableCell>{delivery.recipient}</TableCell>
                <TableCell title={delivery.error_message ?? undefined}>
                  <StatusBadge status={delivery.status} />
                </TableCell>
                <TableCell align="right">{delivery.attempts}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  )
}
