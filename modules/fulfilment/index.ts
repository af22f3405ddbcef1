/** Fulfilment after payment (enrolment, documents, emails) and its admin actions: the only door other modules use. */
export { default as ApiConfiguration, type ApiAuthType } from './models/api_configuration.js'
export { default as ApiLog } from './models/api_log.js'
export { default as DocumentTemplate } from './models/document_template.js'
export { default as Document } from './models/document.js'
export {
  STEPS,
  STEP_STATUS_FIELD,
  SUCCESSFUL_OUTCOMES,
  type StepName,
} from './steps/step_statuses.js'
export { findDocumentTemplate } from './steps/documents_step.js'
export { documentTemplatesDirectory } from './documents/template_files.js'
export { migrationEmailVariables } from './services/email_variables.js'
export { retryStep, type RetryAnswer } from './services/admin_retry.js'
export { setMigrationBlock } from './services/migration_blocks.js'
export { apiLogsOf } from './services/api_logs.js'
export { createFulfilmentWorker, fulfilmentWorkerTask } from './worker.js'
export {
  alertUnknownDeliveries,
  deliverySweepTask,
  sweepDeliveries,
  unknownAlertKey,
} from './services/unknown_delivery_alerts.js'
export { storagePath } from './services/storage.js'
export { dunningStagesOf, type DunningStage } from './dunning/dunning_stages.js'
export { openDunning } from './dunning/dunning_job.js'
export { dunningReminders, type DunningRun } from './dunning/dunning_reminders.js'
export { DunningScheduler, dunningRemindersTask } from './dunning/dunning_scheduler.js'
export {
  insurerCancellation,
  type InsurerCancellationCall,
  type InsurerNotice,
  type CancellationCause,
} from './services/insurer_cancellation.js'
export { registerInsurerCancellationCall } from './services/register_insurer_cancellation.js'
export { handleCoverageLapse } from './dunning/coverage_lapse_job.js'
export { receiptOf, receiptPdf, cardLabel, type ReceiptFacts } from './receipts/receipt.js'
export { cancelCoverage, coolingOffDays } from './cancellation/cancel_coverage.js'
export {
  productDocuments,
  PRODUCT_DOCUMENT_KINDS,
  type ProductDocumentKind,
} from './product_documents/product_documents.js'
