/**
 * Job type names: the contract between the module that queues a job and
 * the one that handles it (payments queues; fulfilment, documents or dunning handles, each
 * handler run by fulfilment's worker, modules/fulfilment/worker.ts). The names are stored in
 * `jobs` rows: a handler that moves to another module keeps its name.
 */
export const JOB_TYPES = {
  /** payload { migrationId, step }: runs one fulfilment step, then queues the next. */
  fulfilmentStep: 'fulfilment.step',
  /** payload { migrationId }: sends the cancellation alert of an early-cancelled subscription. */
  cancellationAlert: 'fulfilment.cancellation_alert',
  /** payload { migrationId, configId, memberId }: the retries of one failed insurer enrolment call (dedupe_key `enrolment:…`). */
  enrolmentCall: 'fulfilment.enrolment_call',
  /** payload { migrationId, deliveryId }: sends the delivery row an administrator's Resend queued. */
  resendEmail: 'fulfilment.resend_email',
  /** payload { migrationId, paymentId }: opens the dunning of a failed installment and sends its first email (dedupe_key `dunning:<paymentId>`). */
  dunningFailure: 'dunning.installment_failed',
  /** payload { migrationId }: a paid coverage lapsed (the provider gave up): ends its dunning, alerts the admin, tells the insurer (dedupe_key `lapse:<migrationId>`). */
  coverageLapsed: 'dunning.coverage_lapsed',
  /** payload { migrationId, paymentId }: sends the receipt email (PDF attached) of a paid installment (dedupe_key `receipt:<paymentId>`); handled by documents. */
  paymentReceipt: 'fulfilment.payment_receipt',
  /** payload { refundId, migrationId }: issues and emails the credit note of a refund that reached the member (dedupe_key `credit_note:<refundId>`); handled by documents. */
  creditNote: 'fulfilment.credit_note',
  /** payload { migrationId, cancellationId }: refunds a cancelled coverage at the provider, tells the insurer, sends the confirmation. */
  coverageCancellation: 'fulfilment.coverage_cancellation',
  /** payload { migrationId, configId, memberId, cause }: tells the insurer one enrolled member's coverage was cancelled or lapsed; every attempt (dedupe_key = the call's Idempotency-Key `insurer-cancellation:…`). */
  insurerCancellationCall: 'fulfilment.insurer_cancellation_call',
  /** payload { migrationId }: a term reached its end date without a paid renewal: expired, the insurer told, the member emailed (dedupe_key `term-end:<migrationId>`). */
  termEnded: 'fulfilment.term_ended',
  /** payload { migrationId, kind, rowId }: tells the admin notification address of a refund or dispute seen at the provider (dedupe_key `money-alert:…`). */
  moneyAlert: 'fulfilment.money_alert',
} as const
