import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { PRODUCT_DOCUMENT_KINDS } from './product_documents/product_documents.js'
import { LANGUAGES } from '../../shared_data/languages.js'

export const docTemplateValidator = vine.compile(
  vine.object({
    productName: vine.string().trim().minLength(1).maxLength(191),
    planName: vine.string().trim().maxLength(191).nullable().optional(),
    templateFilePath: vine.string().trim().minLength(1).maxLength(500),
    /** Which documents the template makes (default policy). */
    documentType: vine.enum(['policy', 'cancellation_confirmation'] as const).optional(),
  })
)
docTemplateValidator.messagesProvider = new SimpleMessagesProvider({
  'productName.required': 'Product name is required',
  'productName.minLength': 'Product name is required',
  'templateFilePath.required': 'Template file path is required',
  'templateFilePath.minLength': 'Template file path is required',
  'documentType.enum': 'Document type must be policy or cancellation_confirmation',
})

const secret = () => vine.string().trim().maxLength(2000).nullable().optional()

export const apiConfigValidator = vine.compile(
  vine.object({
    name: vine.string().trim().minLength(1).maxLength(191),
    endpointUrl: vine
      .string()
      .trim()
      .minLength(1)
      .maxLength(1000)
      .url({ require_protocol: true, protocols: ['http', 'https'], require_tld: false }),
    /** Absent: kept as stored; null: none (the cancellation calls are skipped). */
    cancellationEndpointUrl: vine
      .string()
      .trim()
      .minLength(1)
      .maxLength(1000)
      .url({ require_protocol: true, protocols: ['http', 'https'], require_tld: false })
      .nullable()
      .optional(),
    authType: vine
      .enum(['none', 'bearer', 'api_key'] as const)
      .nullable()
      .optional(),
    authConfig: vine
      .object({
        token: secret(),
        key: secret(),
        header: vine
          .string()
          .trim()
          .maxLength(100)
          .regex(/^[A-Za-z0-9-]+$/)
          .nullable()
          .optional(),
      })
      .nullable()
      .optional(),
    enabled: vine.boolean().optional(),
  })
)
apiConfigValidator.messagesProvider = new SimpleMessagesProvider({
  'name.required': 'Name is required',
  'name.minLength': 'Name is required',
  'endpointUrl.required': 'Endpoint URL is required',
  'endpointUrl.minLength': 'Endpoint URL is required',
  'endpointUrl.url': 'Endpoint URL must be a valid URL',
  'cancellationEndpointUrl.url': 'Cancellation endpoint URL must be a valid URL',
  'cancellationEndpointUrl.minLength': 'Cancellation endpoint URL must be a valid URL',
  'authType.enum': 'Auth type must be none, bearer or api_key',
  'authConfig.header.regex': 'The API key header may only contain letters, digits and dashes',
})

export const idParamValidator = vine.compile(
  vine.object({ id: vine.number().withoutDecimals().positive() })
)

/** Product document upload (multipart): the product's name and which document; the PDF is the `file` field. */
export const productDocumentValidator = vine.compile(
  vine.object({
    productName: vine.string().trim().minLength(1).maxLength(191),
    kind: vine.enum(PRODUCT_DOCUMENT_KINDS),
    /** The document's language (default en): the member opens theirs, else the English one. */
    language: vine.enum(LANGUAGES).optional(),
  })
)
