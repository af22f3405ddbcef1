import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { EMAIL_TEMPLATE_TYPES } from './models/email_template.js'
import { LANGUAGES } from '../../shared_data/languages.js'

const REQUIRED_FIELDS = 'Please fill in all required fields'

export const emailTemplateValidator = vine.compile(
  vine.object({
    template_type: vine.enum(EMAIL_TEMPLATE_TYPES),
    /** The version's language; English when left out. */
    language: vine.enum(LANGUAGES).optional(),
    name: vine.string().trim().minLength(1).maxLength(191),
    subject: vine.string().trim().minLength(1).maxLength(500),
    html_content: vine.string().trim().minLength(1).maxLength(500_000),
    is_active: vine.boolean().optional(),
  })
)
emailTemplateValidator.messagesProvider = new SimpleMessagesProvider({
  'required': REQUIRED_FIELDS,
  'minLength': REQUIRED_FIELDS,
  'template_type.enum': `The template type must be one of ${EMAIL_TEMPLATE_TYPES.join(', ')}`,
  'language.enum': `The language must be one of ${LANGUAGES.join(', ')}`,
})

export const templatePreviewValidator = vine.compile(
  vine.object({
    subject: vine.string().maxLength(500).optional(),
    html_content: vine.string().maxLength(500_000),
  })
)

const overrideEmail = () => vine.string().trim().minLength(1).maxLength(254).email()
const overrideMessages = {
  'member_id.required': 'Please select a member',
  'member_id.minLength': 'Please select a member',
  'override_email.required': 'Please enter an override email',
  'override_email.minLength': 'Please enter an override email',
  'override_email.email': 'Please enter a valid email address',
}

export const createOverrideValidator = vine.compile(
  vine.object({
    member_id: vine.string().trim().minLength(1).maxLength(64),
    override_email: overrideEmail(),
    notes: vine.string().trim().maxLength(1000).nullable().optional(),
  })
)
createOverrideValidator.messagesProvider = new SimpleMessagesProvider(overrideMessages)

export const updateOverrideValidator = vine.compile(
  vine.object({
    override_email: overrideEmail(),
    notes: vine.string().trim().maxLength(1000).nullable().optional(),
  })
)
updateOverrideValidator.messagesProvider = new SimpleMessagesProvider(overrideMessages)

export const memberSearchValidator = vine.compile(
  vine.object({ q: vine.string().trim().minLength(2).maxLength(100) })
)

export const idParamValidator = vine.compile(
  vine.object({ id: vine.number().withoutDecimals().positive() })
)
