/** Email templates, overrides and delivery: the only door other modules use. */
export { default as EmailTemplate, EMAIL_TEMPLATE_TYPES, type EmailTemplateType } from './models/email_template.js'
export { default as EmailOverride } from './models/email_override.js'
export { renderDefaultTemplates } from './default_templates/index.js'
