import { JobWorker, JOB_TYPES } from '#modules/jobs/index'
import type { BackgroundTask } from '#modules/shared/index'
import { fulfilmentStepJob } from './services/fulfilment_runner.js'
import { cancellationAlertJob } from './services/cancellation_alert_job.js'
import { enrolmentCallJob } from './services/enrolment_call_job.js'
import { resendEmailJob } from './services/email_resend.js'
import { dunningFailureJob, coverageLapseJob } from '#modules/dunning/index'
import { paymentReceiptJob, creditNoteJob } from '#modules/documents/index'
import { coverageCancellationJob, moneyAlertJob } from './cancellation/cancellation_job.js'
import { insurerCancellationCallJob } from './services/insurer_cancellation_call.js'
import { termEndJob } from './renewal/term_end_job.js'

/** A job worker that knows every job type handled after payment: fulfilment's own, documents' (receipts, credit notes) and dunning's (failed installments, lapse), taken from their index.ts. */
export function createFulfilmentWorker(options: { pollMs?: number; leaseMs?: number } = {}) {
  return new JobWorker(options)
    .register(JOB_TYPES.fulfilmentStep, fulfilmentStepJob)
    .register(JOB_TYPES.cancellationAlert, cancellationAlertJob)
    .register(JOB_TYPES.enrolmentCall, enrolmentCallJob)
    .register(JOB_TYPES.resendEmail, resendEmailJob)
    .register(JOB_TYPES.dunningFailure, dunningFailureJob)
    .register(JOB_TYPES.coverageLapsed, coverageLapseJob)
    .register(JOB_TYPES.paymentReceipt, paymentReceiptJob)
    .register(JOB_TYPES.creditNote, creditNoteJob)
    .register(JOB_TYPES.coverageCancellation, coverageCancellationJob)
    .register(JOB_TYPES.moneyAlert, moneyAlertJob)
    .register(JOB_TYPES.insurerCancellationCall, insurerCancellationCallJob)
    .register(JOB_TYPES.termEnded, termEndJob)
}

/** Started in the web process by the background provider (backend/start/background_tasks.ts). */
export const fulfilmentWorkerTask: BackgroundTask = {
  async start() {
    const worker = createFulfilmentWorker()
    worker.start()
    return () => worker.stop()
  },
}
