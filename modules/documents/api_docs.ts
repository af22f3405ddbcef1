import { Type, type Static } from '@sinclair/typebox'
import { documentRoutes, Nullable } from '#modules/api_contract/index'
import {
  docTemplateValidator,
  idParamValidator,
  migrationIdValidator,
  productDocumentValidator,
} from './validators.js'

const ProductDocument = Type.Object(
  {
    id: Type.Number(),
    productName: Type.String(),
    kind: Type.Union([Type.Literal('conditions'), Type.Literal('pre_contract')]),
    language: Type.Union([Type.Literal('en'), Type.Literal('de'), Type.Literal('fr')]),
    fileName: Type.String(),
    size: Type.Number(),
    uploadedAt: Type.String(),
  },
  { $id: 'ProductDocument' }
)

export const AdminProductDocumentsIndexAnswer = Type.Object({
  success: Type.Literal(true),
  documents: Type.Array(ProductDocument),
})
export type AdminProductDocumentsIndexAnswer = Static<typeof AdminProductDocumentsIndexAnswer>
export const AdminProductDocumentsStoreAnswer = Type.Object({
  success: Type.Literal(true),
  document: ProductDocument,
})
export type AdminProductDocumentsStoreAnswer = Static<typeof AdminProductDocumentsStoreAnswer>

export const AdminDocTemplatesDestroyAnswer = Type.Object({
  success: Type.Boolean(),
})
export type AdminDocTemplatesDestroyAnswer = Static<typeof AdminDocTemplatesDestroyAnswer>

export const AdminDocTemplatesIndexAnswer = Type.Array(
  Type.Object({
    id: Type.Number(),
    product_name: Nullable(Type.String()),
    plan_name: Nullable(Type.String()),
    document_type: Type.Union([Type.Literal('policy'), Type.Literal('cancellation_confirmation')]),
    template_file_path: Type.String(),
    file_exists: Type.Boolean(),
    created_at: Nullable(Type.String()),
  })
)
export type AdminDocTemplatesIndexAnswer = Static<typeof AdminDocTemplatesIndexAnswer>

export const AdminDocTemplatesStore201Answer = Type.Object({
  success: Type.Boolean(),
  template: Type.Object({
    id: Type.Number(),
    product_name: Nullable(Type.String()),
    plan_name: Nullable(Type.String()),
    document_type: Type.Union([Type.Literal('policy'), Type.Literal('cancellation_confirmation')]),
    template_file_path: Type.String(),
    file_exists: Type.Boolean(),
    created_at: Nullable(Type.String()),
  }),
})
export type AdminDocTemplatesStore201Answer = Static<typeof AdminDocTemplatesStore201Answer>

export const AdminMigrationsCreditNotesAnswer = Type.Object({
  success: Type.Literal(true),
  creditNotes: Type.Array(
    Type.Object({
      id: Type.Number(),
      number: Type.String({ description: 'CN-<year>-<6 digits>, without gaps' }),
      refundId: Type.Number(),
      amountCents: Type.Number(),
      currency: Type.String(),
      language: Type.String(),
      issuedAt: Type.String(),
    })
  ),
})
export type AdminMigrationsCreditNotesAnswer = Static<typeof AdminMigrationsCreditNotesAnswer>

/** The contract of this module's routes: validators used by its controllers, and the JSON Schema of each success answer. */
documentRoutes({
  'admin.doc_templates.destroy': {
    summary: 'Delete a document template',
    access: 'admin',
    params: idParamValidator,
    responses: {
      200: AdminDocTemplatesDestroyAnswer,
    },
  },
  'admin.product_documents.index': {
    summary: 'The policy conditions and pre-contract information PDFs of each product',
    access: 'admin',
    responses: { 200: AdminProductDocumentsIndexAnswer },
  },
  'admin.product_documents.store': {
    summary:
      "Upload a product's policy conditions or pre-contract information (multipart: productName, kind conditions|pre_contract, language en|de|fr (default en), PDF in `file`); replaces the older one of that kind and language",
    access: 'admin',
    body: productDocumentValidator,
    upload: { field: 'file' },
    responses: { 200: AdminProductDocumentsStoreAnswer },
  },
  'admin.doc_templates.index': {
    summary: 'Document templates',
    access: 'admin',
    responses: {
      200: AdminDocTemplatesIndexAnswer,
    },
  },
  'admin.doc_templates.store': {
    summary: 'Create a document template',
    access: 'admin',
    body: docTemplateValidator,
    responses: {
      201: AdminDocTemplatesStore201Answer,
    },
  },
  'admin.migrations.credit_notes': {
    summary: "A migration's credit notes, one per refund that reached the member, oldest first",
    access: 'admin',
    body: migrationIdValidator,
    responses: { 200: AdminMigrationsCreditNotesAnswer },
  },
  'admin.credit_notes.pdf': {
    summary: "A credit note's PDF as it was emailed (application/pdf); 404 when unknown",
    access: 'admin',
    params: idParamValidator,
    responses: { 200: { contentType: 'application/pdf' } },
  },
})
