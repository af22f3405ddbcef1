import { Fragment } from 'react'
import { Button, Text } from '@react-email/components'
import type { I18n } from '@adonisjs/i18n'
import { EmailLayout, paragraph } from './layout.js'

/** The member emails with a German and a French built-in version (admin emails stay English). */
export const LOCALIZED_TYPES = [
  'migration_confirmation',
  'migration_invitation',
  'invitation_reminder',
  'link_expiry_reminder',
  'payment_failed',
  'payment_reminder',
  'payment_receipt',
  'credit_note',
  'coverage_cancelled',
  'payments_stopped',
  'renewal_invitation',
  'coverage_expired',
] as const
export type LocalizedType = (typeof LOCALIZED_TYPES)[number]

/** Where each email's button goes (after its second paragraph); the others have none. */
const BUTTON_LINKS: Partial<Record<LocalizedType, string>> = {
  migration_invitation: '{{secure_link}}',
  invitation_reminder: '{{secure_link}}',
  link_expiry_reminder: '{{secure_link}}',
  payment_failed: '{{pay_now_link}}',
  payment_reminder: '{{pay_now_link}}',
  renewal_invitation: '{{renewal_link}}',
}

const button = {
  backgroundColor: '#4f46e5',
  color: '#ffffff',
  padding: '12px 20px',
  borderRadius: '6px',
}

/**
 * Every ICU argument of a catalogue message becomes its {{placeholder}}: the stored template
 * keeps placeholders literal, filled when the email is sent (render_template.ts).
 */
export const PLACEHOLDERS = new Proxy({} as Record<string, string>, {
  has: () => true,
  get: (_target, name) => (typeof name === 'string' ? `{{${name}}}` : undefined),
})

/** The catalogue's paragraphs of an email, in order (p1, p2, …). */
function paragraphsOf(i18n: I18n, type: LocalizedType): string[] {
  const texts: string[] = []
  for (let n = 1; i18n.hasMessage(`emails.${type}.p${n}`); n++)
    texts.push(i18n.t(`emails.${type}.p${n}`, PLACEHOLDERS))
  return texts
}

/** A built-in member email drawn from the catalogue (resources/lang/<language>/emails.json). */
export function LocalizedEmail(props: { i18n: I18n; type: LocalizedType }) {
  const { i18n, type } = props
  const link = BUTTON_LINKS[type]
  return (
    <EmailLayout
      lang={i18n.locale}
      title={i18n.t(`emails.${type}.title`, PLACEHOLDERS)}
      footer={i18n.t('emails.layout.footer', PLACEHOLDERS)}
    >
      {paragraphsOf(i18n, type).map((text, index) => (
        <Fragment key={index}>
          <Text style={paragraph}>{text}</Text>
          {link && index === 1 ? (
            <Button href={link} style={button}>
              {i18n.t(`emails.${type}.button`)}
            </Button>
          ) : null}
        </Fragment>
      ))}
    </EmailLayout>
  )
}
