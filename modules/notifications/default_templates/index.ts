import * as React from 'react'
import { render } from '@react-email/render'
import type { EmailTemplateType } from '../models/email_template.js'
import { MigrationConfirmationEmail } from './migration_confirmation.js'
import { AdminNotificationEmail } from './admin_notification.js'
import { CancellationAlertEmail } from './cancellation_alert.js'
import { MigrationInvitationEmail } from './migration_invitation.js'
import { InvitationReminderEmail, LinkExpiryReminderEmail } from './invitation_reminders.js'
import { PaymentFailedEmail, PaymentReminderEmail } from './dunning.js'
import { CoverageLapsedAlertEmail } from './coverage_lapsed_alert.js'
import { CreditNoteEmail, PaymentReceiptEmail } from './payment_receipt.js'
import {
  CoverageCancelledEmail,
  MoneyAlertEmail,
  PaymentsStoppedEmail,
} from './money_after_sale.js'
import { DeliveryUnknownAlertEmail } from './delivery_unknown_alert.js'
import { CoverageExpiredEmail, RenewalInvitationEmail } from './term_end.js'
import { LOCALIZED_TYPES, LocalizedEmail, PLACEHOLDERS } from './localized.js'
import { translator } from '#modules/shared/index'

const DEFAULTS: {
  type: EmailTemplateType
  name: string
  subject: string
  component: () => React.ReactElement
}[] = [
  {
    type: 'migration_confirmation',
    name: 'Migration confirmation (default)',
    subject: 'Your migration {{migration_reference}} is confirmed',
    component: MigrationConfirmationEmail,
  },
  {
    type: 'admin_notification',
    name: 'Admin notification (default)',
    subject: 'Migration {{migration_reference}} completed by {{member_name}}',
    component: AdminNotificationEmail,
  },
  {
    type: 'cancellation_alert',
    name: 'Cancellation alert (default)',
    subject: 'Early cancellation: {{member_name}} ({{migration_reference}})',
    component: CancellationAlertEmail,
  },
  {
    type: 'migration_invitation',
    name: 'Migration invitation (default)',
    subject: 'Move your coverage online, {{member_name}}',
    component: MigrationInvitationEmail,
  },
  {
    type: 'invitation_reminder',
    name: 'Invitation reminder (default)',
    subject: 'Reminder: move your coverage online, {{member_name}}',
    component: InvitationReminderEmail,
  },
  {
    type: 'link_expiry_reminder',
    name: 'Link expiry reminder (default)',
    subject: 'Your secure link is about to expire, {{member_name}}',
    component: LinkExpiryReminderEmail,
  },
  {
    type: 'payment_failed',
    name: 'Payment failed (default)',
    subject: 'Your payment for {{migration_reference}} did not go through',
    component: PaymentFailedEmail,
  },
  {
    type: 'payment_reminder',
    name: 'Payment reminder (default)',
    subject: 'Reminder: your payment for {{migration_reference}} is still open',
    component: PaymentReminderEmail,
  },
  {
    type: 'coverage_lapsed_alert',
    name: 'Coverage lapsed alert (default)',
    subject: 'Coverage lapsed: {{member_name}} ({{migration_reference}})',
    component: CoverageLapsedAlertEmail,
  },
  {
    type: 'payment_receipt',
    name: 'Payment receipt (default)',
    subject: 'Receipt for installment {{installment_number}} of {{migration_reference}}',
    component: PaymentReceiptEmail,
  },
  {
    type: 'credit_note',
    name: 'Credit note (default)',
    subject: 'Credit note {{credit_note_number}} for {{migration_reference}}',
    component: CreditNoteEmail,
  },
  {
    type: 'coverage_cancelled',
    name: 'Coverage cancelled (default)',
    subject: 'Your coverage {{migration_reference}} is cancelled',
    component: CoverageCancelledEmail,
  },
  {
    type: 'payments_stopped',
    name: 'Future payments stopped (default)',
    subject: 'Future payments for {{migration_reference}} are stopped',
    component: PaymentsStoppedEmail,
  },
  {
    type: 'renewal_invitation',
    name: 'Renewal invitation (default)',
    subject: 'Renew your coverage {{migration_reference}} before {{end_date}}',
    component: RenewalInvitationEmail,
  },
  {
    type: 'coverage_expired',
    name: 'Coverage expired (default)',
    subject: 'Your coverage {{migration_reference}} has ended',
    component: CoverageExpiredEmail,
  },
  {
    type: 'money_alert',
    name: 'Refund or dispute alert (default)',
    subject: '{{money_event}}: {{migration_reference}}',
    component: MoneyAlertEmail,
  },
  {
    type: 'delivery_unknown_alert',
    name: 'Unknown delivery alert (default)',
    subject: 'Email delivery unknown: {{unknown_recipient}} ({{migration_reference}})',
    component: DeliveryUnknownAlertEmail,
  },
]

/**
 * The built-in templates rendered to HTML with their {{placeholders}} intact: the English one of
 * every type (the spec's texts), and a German and a French version of each member email drawn
 * from the catalogue (resources/lang/<language>/emails.json).
 */
export async function renderDefaultTemplates() {
  const english = DEFAULTS.map(async (entry) => ({
    template_type: entry.type,
    language: 'en',
    name: entry.name,
    subject: entry.subject,
    html_content: await render(React.createElement(entry.component)),
  }))
  const translated = (['de', 'fr'] as const).flatMap((language) => {
    const i18n = translator(language)
    return LOCALIZED_TYPES.map(async (type) => ({
      template_type: type as EmailTemplateType,
      language,
      name: i18n.t(`emails.${type}.name`),
      subject: i18n.t(`emails.${type}.subject`, PLACEHOLDERS),
      html_content: await render(React.createElement(LocalizedEmail, { i18n, type })),
    }))
  })
  return Promise.all([...english, ...translated])
}
