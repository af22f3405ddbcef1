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

export const idParamValidator = vine.compile(
  vine.object({ id: vine.number().withoutDecimals().positive() })
)

/** GET /api/admin/migrations/:id/credit-notes */
export const migrationIdValidator = vine.compile(
  vine.object({ params: vine.object({ id: vine.number().withoutDecimals().positive() }) })
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
