import { Text } from '@react-email/components'
import { EmailLayout, paragraph } from './layout.js'

/** To the admin notification address when the provider gave up collecting a failed installment (docs/payments.md, "Lapse"). */
export function CoverageLapsedAlertEmail() {
  return (
    <EmailLayout title="Coverage lapsed">
      <Text style={paragraph}>
        The coverage {'{{migration_reference}}'} of {'{{member_name}}'} ({'{{member_id}}'}) lapsed:{' '}
        {'{{lapse_reason}}'}
      </Text>
      <Text style={paragraph}>Insurer: {'{{insurer_notice}}'}</Text>
      <Text style={paragraph}>
        The dunning of the unpaid installment has ended. Please review it in the back-office.
      </Text>
    </EmailLayout>
  )
}
