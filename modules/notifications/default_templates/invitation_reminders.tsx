import { Button, Text } from '@react-email/components'
import { EmailLayout, paragraph } from './layout.js'

const button = {
  backgroundColor: '#4f46e5',
  color: '#ffffff',
  padding: '12px 20px',
  borderRadius: '6px',
}

/** Sent N days after an invitation that was not followed by a migration. */
export function InvitationReminderEmail() {
  return (
    <EmailLayout title="Your new coverage is waiting">
      <Text style={paragraph}>Dear {'{{member_name}}'},</Text>
      <Text style={paragraph}>
        We recently invited you to move your {'{{product_name}}'} coverage, which ends on{' '}
        {'{{policy_end_date}}'}, to the new plan. It only takes a few minutes online.
      </Text>
      <Button href="{{secure_link}}" style={button}>
        Start my migration
      </Button>
      <Text style={paragraph}>
        This is a new personal link (earlier links no longer work). It works once and is valid until{' '}
        {'{{link_expires_on}}'}. Questions? Write to {'{{support_email}}'}.
      </Text>
    </EmailLayout>
  )
}

/** Sent shortly before a member's secure link expires. */
export function LinkExpiryReminderEmail() {
  return (
    <EmailLayout title="Your secure link is about to expire">
      <Text style={paragraph}>Dear {'{{member_name}}'},</Text>
      <Text style={paragraph}>
        The personal link we sent you to move your {'{{product_name}}'} coverage expires soon. Here
        is a fresh one.
      </Text>
      <Button href="{{secure_link}}" style={button}>
        Start my migration
      </Button>
      <Text style={paragraph}>
        It works once and is valid until {'{{link_expires_on}}'}. Earlier links no longer work.
      </Text>
    </EmailLayout>
  )
}
