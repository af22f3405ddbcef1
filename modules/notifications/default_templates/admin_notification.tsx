import { Text } from '@react-email/components'
import { EmailLayout, paragraph } from './layout.js'

export function AdminNotificationEmail() {
  return (
    <EmailLayout title="New migration completed">
      <Text style={paragraph}>
        {'{{member_name}}'} ({'{{member_id}}'}) completed migration {'{{migration_reference}}'}.
      </Text>
      <Text style={paragraph}>
        Members: {'{{member_count}}'}. Amount: {'{{total_amount}}'} {'{{currency}}'},{' '}
        {'{{payment_frequency}}'}, {'{{duration_days}}'} days ({'{{duration_type}}'}).
      </Text>
    </EmailLayout>
  )
}
