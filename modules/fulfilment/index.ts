/** Fulfilment after payment (the steps: enrolment, documents, emails; the outbox), cancellation, renewal and their admin actions: the only door other modules use. */
export { default as ApiConfiguration } from './models/api_configuration.js'
export { default as ApiLog } from './models/api_log.js'
export { findDocumentTemplate } from './steps/documents_step.js'
export { createFulfilmentWorker, fulfilmentWorkerTask } from './worker.js'
export {
  alertUnknownDeliveries,
  deliverySweepTask,
  sweepDeliveries,
  unknownAlertKey,
} from './services/unknown_delivery_alerts.js'
export { registerInsurerCancellationCall } from './services/register_insurer_cancellation.js'
export { cancelCoverage, coolingOffDays } from './cancellation/cancel_coverage.js'
export { stopFuturePayments } from './cancellation/stop_future_payments.js'
export { eraseFulfilmentData, insurerCallsOf } from './services/fulfilment_privacy.js'
export { renewalScheduler, renewalTask } from './renewal/renewal_scheduler.js'
