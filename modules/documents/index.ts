/**
 * A migration's documents: PDF rendering and document templates, the stored documents, product
 * documents (policy conditions, pre-contract information), payment receipts and credit notes; and
 * what their texts are made of (the migration's context, the purchase's language, the email
 * variables, dates and amounts as the settings say, the stored files). The only door other modules use.
 */
export { default as Document, type DocumentType } from './models/document.js'
export { default as DocumentTemplate } from './models/document_template.js'
export { recordDocument, documentListOf, eraseMigrationDocuments } from './services/documents.js'
export { renderPdf } from './rendering/pdf_renderer.js'
export type { LayoutBlock } from './rendering/layout_types.js'
export { loadLayout } from './rendering/template_files.js'
export { loadBrandLogo } from './rendering/brand_logo.js'
export { coveredMembers, documentVariables } from './rendering/document_variables.js'
export { dateFormatter, formatMoney } from './services/formatting.js'
export { safeName, storagePath, storeFile } from './services/storage.js'
export {
  loadMigrationContext,
  type MigratedMember,
  type MigrationContext,
} from './services/migration_context.js'
export { purchaseLanguage } from './services/purchase_language.js'
export { migrationEmailVariables } from './services/email_variables.js'
export { paymentStanding, standingTexts } from './services/payment_standing.js'
export { productDocuments, PRODUCT_DOCUMENT_KINDS } from './product_documents/product_documents.js'
export { receiptOf, receiptPdf, cardLabel } from './receipts/receipt.js'
export { paymentReceiptJob } from './receipts/receipt_job.js'
export { creditNoteFile, creditNotesOf } from './credit_notes/credit_note.js'
export { creditNoteJob } from './credit_notes/credit_note_job.js'
