import { Button, Text } from '@react-email/components'
import { EmailLayout, paragraph } from './layout.js'

export function MigrationInvitationEmail() {
  return (
    <EmailLayout title="Move your coverage to your new plan">
      <Text style={paragraph}>Dear {'{{member_name}}'},</Text>
      <Text style={paragraph}>
        Your current {'{{product_name}}'} coverage ends on {'{{policy_end_date}}'}. You can move
        yourself and your family to the new coverage online in a few minutes.
      </Text>
      <Button
        href="{{secure_link}}"
        style={{
          backgroundColor: '#4f46e5',
          color: '#ffffff',
          padding: '12px 20px',
          borderRadius: '6px',
        }}
      >
        Start my migration
      </Button>
      <Text style={paragraph}>
        The link is personal, works once and is valid until {'{{link_expires_on}}'}. You will be
        asked for your year of birth.
      </Text>
    </EmailLayout>
  )
}
