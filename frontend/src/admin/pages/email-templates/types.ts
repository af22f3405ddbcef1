import type { ApiAnswer } from '../../../common/api_contract'

export type EmailTemplate = ApiAnswer<'/api/admin/email-templates', 'get'>['templates'][number]

export type TemplateDraft = Pick<
  EmailTemplate,
  'template_type' | 'language' | 'name' | 'subject' | 'html_content'
>

/** The languages a template version is written in (the back-office itself stays English). */
export const TEMPLATE_LANGUAGES = [
  { id: 'en', name: 'English' },
  { id: 'de', name: 'German' },
  { id: 'fr', name: 'French' },
]

export const languageLabel = (language: string) =>
  TEMPLATE_LANGUAGES.find((l) => l.id === language)?.name ?? language

/** Said next to the language choice and on each version: which version a member receives. */
export const LANGUAGE_FALLBACK_HINT =
  'Members receive the active version in their language; English is sent when their language has no active version.'

/** The template types, as react-admin choices. */
export const TEMPLATE_TYPES = [
  { id: 'migration_confirmation', name: 'Migration confirmation' },
  { id: 'admin_notification', name: 'Admin notification' },
  { id: 'cancellation_alert', name: 'Cancellation alert' },
  { id: 'migration_invitation', name: 'Migration invitation' },
  { id: 'payment_failed', name: 'Payment failed' },
  { id: 'payment_reminder', name: 'Payment reminder' },
  { id: 'coverage_lapsed_alert', name: 'Coverage lapsed alert' },
  { id: 'payment_receipt', name: 'Payment receipt' },
  { id: 'credit_note', name: 'Credit note' },
  { id: 'coverage_cancelled', name: 'Coverage cancelled' },
  { id: 'payments_stopped', name: 'Future payments stopped' },
  { id: 'renewal_invitation', name: 'Renewal invitation' },
  { id: 'coverage_expired', name: 'Coverage expired' },
  { id: 'money_alert', name: 'Refund or dispute alert' },
  { id: 'delivery_unknown_alert', name: 'Unknown delivery alert' },
]

export const typeLabel = (type: string) =>
  TEMPLATE_TYPES.find((t) => t.id === type)?.name ?? type.replace(/_/g, ' ')
