/** Fulfilment after payment (enrolment, documents, emails) and its admin actions: the only door other modules use. */
export { default as ApiConfiguration } from './models/api_configuration.js'
export { default as ApiLog } from './models/api_log.js'
export { default as DocumentTemplate } from './models/document_template.js'
export { default as Document } from './models/document.js'
export { findDocumentTemplate } from './steps/documents_step.js'
export { createFulfilmentWorker, fulfilmentWorkerTask } from './worker.js'
export {
  alertUnknownDeliveries,
  deliverySweepTask,
  sweepDeliveries,
  unknownAlertKey,
} from './services/unknown_delivery_alerts.js'
export { storagePath } from './services/storage.js'
export { dunningStagesOf } from './dunning/dunning_stages.js'
export { dunningReminders } from './dunning/dunning_reminders.js'
export { dunningRemindersTask } from './dunning/dunning_scheduler.js'
export { insurerCancellation } from './services/insurer_cancellation.js'
export { registerInsurerCancellationCall } from './services/register_insurer_cancellation.js'
export { handleCoverageLapse } from './dunning/coverage_lapse_job.js'
export { receiptOf, receiptPdf, cardLabel } from './receipts/receipt.js'
export { creditNoteFile, creditNotesOf } from './credit_notes/credit_note.js'
export { purchaseLanguage } from './services/purchase_language.js'
export { cancelCoverage, coolingOffDays } from './cancellation/cancel_coverage.js'
export { stopFuturePayments } from './cancellation/stop_future_payments.js'
export { productDocuments, PRODUCT_DOCUMENT_KINDS } from './product_documents/product_documents.js'
export {
  documentListOf,
  eraseFulfilmentData,
  insurerCallsOf,
} from './services/fulfilment_privacy.js'
export { renderPdf } from './documents/pdf_renderer.js'
export type { LayoutBlock } from './documents/layout_types.js'
export { dateFormatter } from './services/formatting.js'
export { renewalScheduler, renewalTask } from './renewal/renewal_scheduler.js'
