import { Text } from '@react-email/components'
import { EmailLayout, paragraph } from './layout.js'

/** To the admin notification address, once per email whose delivery is unknown (docs/operations.md §2). */
export function DeliveryUnknownAlertEmail() {
  return (
    <EmailLayout title="Email delivery unknown">
      <Text style={paragraph}>
        The {'{{unknown_email}}'} to {'{{unknown_recipient}}'} (migration{' '}
        {'{{migration_reference}}'}) may or may not have been delivered: on {'{{unknown_since}}'}{' '}
        its sender was found stopped after handing it to the mail server, before the server
        answered.
      </Text>
      <Text style={paragraph}>
        Nothing sends it again on its own. Please check with the recipient, then use Resend in Dead
        Letters (the recipient may receive it twice).
      </Text>
    </EmailLayout>
  )
}
