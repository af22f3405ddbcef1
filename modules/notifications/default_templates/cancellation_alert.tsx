import { Text } from '@react-email/components'
import { EmailLayout, paragraph } from './layout.js'

export function CancellationAlertEmail() {
  return (
    <EmailLayout title="Subscription cancelled early">
      <Text style={paragraph}>
        The subscription {'{{subscription_id}}'} of {'{{member_name}}'} ({'{{member_id}}'}) for
        migration {'{{migration_reference}}'} was cancelled on {'{{cancelled_at}}'}.
      </Text>
      <Text style={paragraph}>
        Coverage was planned until {'{{end_date}}'}: {'{{days_remaining}}'} days remain. Please
        review it in the back-office.
      </Text>
    </EmailLayout>
  )
}
