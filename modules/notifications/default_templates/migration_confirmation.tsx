import { Text } from '@react-email/components'
import { EmailLayout, paragraph } from './layout.js'

export function MigrationConfirmationEmail() {
  return (
    <EmailLayout title="Your coverage has been migrated">
      <Text style={paragraph}>Dear {'{{member_name}}'},</Text>
      <Text style={paragraph}>
        Thank you for your payment. Your migration {'{{migration_reference}}'} of{' '}
        {'{{members_covered}}'} to {'{{coverage_name}}'} is confirmed.
      </Text>
      <Text style={paragraph}>
        Amount charged today: {'{{amount_today}}'}. Payment plan: {'{{payment_schedule}}'}. Coverage
        ends on {'{{end_date}}'}.
      </Text>
      <Text style={paragraph}>{'{{consent_record}}'}</Text>
      <Text style={paragraph}>{'{{documents_notice}}'}</Text>
    </EmailLayout>
  )
}
