import { Button, Text } from '@react-email/components'
import { EmailLayout, paragraph } from './layout.js'

const button = {
  backgroundColor: '#4f46e5',
  color: '#ffffff',
  padding: '12px 20px',
  borderRadius: '6px',
}

/** Sent once when an installment of a paid plan fails (docs/payments.md). */
export function PaymentFailedEmail() {
  return (
    <EmailLayout title="Your payment did not go through">
      <Text style={paragraph}>Dear {'{{member_name}}'},</Text>
      <Text style={paragraph}>
        Installment {'{{installment_number}}'} of {'{{installment_count}}'} for your coverage{' '}
        {'{{migration_reference}}'}, {'{{amount_due}}'} due on {'{{due_date}}'}, could not be
        charged on {'{{failed_on}}'}. Please pay it to keep your coverage.
      </Text>
      <Button href="{{pay_now_link}}" style={button}>
        Pay now
      </Button>
      <Text style={paragraph}>
        This personal link works once and is valid until {'{{link_expires_on}}'}. Questions? Write
        to {'{{support_email}}'}.
      </Text>
    </EmailLayout>
  )
}

/** Sent on the configured days after a failed installment while it stays unpaid. */
export function PaymentReminderEmail() {
  return (
    <EmailLayout title="Your payment is still open">
      <Text style={paragraph}>Dear {'{{member_name}}'},</Text>
      <Text style={paragraph}>
        The installment of {'{{amount_due}}'} for your coverage {'{{migration_reference}}'}, due
        since {'{{failed_on}}'}, is still unpaid (reminder {'{{reminder_number}}'}).
      </Text>
      <Button href="{{pay_now_link}}" style={button}>
        Pay now
      </Button>
      <Text style={paragraph}>
        This is a new personal link (earlier links no longer work). It works once and is valid until{' '}
        {'{{link_expires_on}}'}.
      </Text>
    </EmailLayout>
  )
}
