import { Text } from '@react-email/components'
import { EmailLayout, paragraph } from './layout.js'

/** To the member once their coverage was cancelled or they withdrew (docs/payments.md). */
export function CoverageCancelledEmail() {
  return (
    <EmailLayout title="Your coverage is cancelled">
      <Text style={paragraph}>Dear {'{{member_name}}'},</Text>
      <Text style={paragraph}>
        Your coverage {'{{migration_reference}}'} is cancelled: you were covered until{' '}
        {'{{covered_until}}'}. We refund {'{{refund_amount}}'} to the card you paid with; it can
        take a few days to appear.
      </Text>
      <Text style={paragraph}>Reason: {'{{cancellation_reason}}'}</Text>
      <Text style={paragraph}>Questions? Write to {'{{support_email}}'}.</Text>
    </EmailLayout>
  )
}

/** To the member once they stopped the future payments of their installment plan (docs/payments.md). */
export function PaymentsStoppedEmail() {
  return (
    <EmailLayout title="Your future payments are stopped">
      <Text style={paragraph}>Dear {'{{member_name}}'},</Text>
      <Text style={paragraph}>
        As you asked, no further payment will be taken for your coverage {'{{migration_reference}}'}
        . You are covered until {'{{covered_until}}'}, the last day your payments pay for; the
        coverage ends then.
      </Text>
      <Text style={paragraph}>Refund: {'{{refund_amount}}'}. The confirmation is attached.</Text>
      <Text style={paragraph}>Questions? Write to {'{{support_email}}'}.</Text>
    </EmailLayout>
  )
}

/** To the admin notification address: a refund or dispute seen at the payment provider. */
export function MoneyAlertEmail() {
  return (
    <EmailLayout title="Payment provider event">
      <Text style={paragraph}>
        {'{{money_event}}'} for migration {'{{migration_reference}}'} of {'{{member_name}}'} (
        {'{{member_id}}'}).
      </Text>
      <Text style={paragraph}>Please review it on the migration in the back-office.</Text>
    </EmailLayout>
  )
}
