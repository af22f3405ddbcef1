/** Email templates, overrides and delivery: the only door other modules use. */
export { default as EmailTemplate, type EmailTemplateType } from './models/email_template.js'
export { default as EmailOverride } from './models/email_override.js'
export { default as EmailDelivery } from './models/email_delivery.js'
export { renderDefaultTemplates } from './default_templates/index.js'
export {
  resolveMemberRecipient,
  resolveMemberRecipients,
  type RecipientSource,
} from './services/recipient.js'
export {
  recordBatchEmails,
  batchTemplates,
  sendRecorded,
  type RecordedEmail,
} from './services/bulk_emails.js'
export { type TemplateVariables } from './services/render_template.js'
export {
  sendTemplatedEmail,
  activeTemplateOf,
  type SendOutcome,
} from './services/send_templated_email.js'
export { outboxDirectory } from './services/mail_delivery.js'
export {
  deliveriesOf,
  invitationDeliveriesOf,
  presentDelivery,
  failQueuedDelivery,
  settleLapsed,
  unknownDeliveriesToAlert,
  markUnknownAlerted,
  queueResendDelivery,
} from './services/delivery_records.js'
export { EmailDeliveryRow } from './answer_schemas.js'
export {
  emailOverridesOf,
  emailsSentTo,
  eraseNotificationData,
} from './services/notification_privacy.js'
