import { Button, Text } from '@react-email/components'
import { EmailLayout, paragraph } from './layout.js'

const button = {
  backgroundColor: '#4f46e5',
  color: '#ffffff',
  padding: '12px 20px',
  borderRadius: '6px',
}

/** To the member on the configured day before the end date (docs/fulfilment.md, "The end of the term"). */
export function RenewalInvitationEmail() {
  return (
    <EmailLayout title="Your coverage ends soon">
      <Text style={paragraph}>Dear {'{{member_name}}'},</Text>
      <Text style={paragraph}>
        Your coverage {'{{migration_reference}}'} ends on {'{{end_date}}'}. Renew it for{' '}
        {'{{renewal_amount}}'} at today's price and stay covered from {'{{renewal_start_date}}'} to{' '}
        {'{{renewal_end_date}}'}.
      </Text>
      <Button href="{{renewal_link}}" style={button}>
        Renew in your member area
      </Button>
      <Text style={paragraph}>
        Without a renewal your coverage ends on {'{{end_date}}'}. Questions? Write to{' '}
        {'{{support_email}}'}.
      </Text>
    </EmailLayout>
  )
}

/** To the member once the term ended without a paid renewal. */
export function CoverageExpiredEmail() {
  return (
    <EmailLayout title="Your coverage has ended">
      <Text style={paragraph}>Dear {'{{member_name}}'},</Text>
      <Text style={paragraph}>
        Your coverage {'{{migration_reference}}'} ended on {'{{end_date}}'} without a renewal: you
        are no longer insured by it.
      </Text>
      <Text style={paragraph}>
        You can choose a new coverage at any time in your member area: {'{{renewal_link}}'}.
        Questions? Write to {'{{support_email}}'}.
      </Text>
    </EmailLayout>
  )
}
