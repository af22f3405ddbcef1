import { Text } from '@react-email/components'
import { EmailLayout, paragraph } from './layout.js'

/** Sent once per paid installment with its receipt PDF attached (docs/payments.md, "Receipts"). */
export function PaymentReceiptEmail() {
  return (
    <EmailLayout title="Your payment receipt">
      <Text style={paragraph}>Dear {'{{member_name}}'},</Text>
      <Text style={paragraph}>
        Thank you: we received {'{{amount_paid}}'} for installment {'{{installment_number}}'} of
        your coverage {'{{migration_reference}}'} on {'{{paid_on}}'} ({'{{card}}'}).
      </Text>
      <Text style={paragraph}>Your receipt is attached to this email and in your member area.</Text>
    </EmailLayout>
  )
}

/** Sent once per refund with its credit note PDF attached (docs/payments.md, "Credit notes"). */
export function CreditNoteEmail() {
  return (
    <EmailLayout title="Your credit note">
      <Text style={paragraph}>Dear {'{{member_name}}'},</Text>
      <Text style={paragraph}>
        We refunded {'{{refund_amount}}'} for your coverage {'{{migration_reference}}'} on{' '}
        {'{{refunded_on}}'}.
      </Text>
      <Text style={paragraph}>
        Credit note {'{{credit_note_number}}'} is attached to this email. The money reaches the card
        you paid with within a few days.
      </Text>
    </EmailLayout>
  )
}
