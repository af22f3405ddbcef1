/** Card payments: providers (sandbox, Stripe), webhook processing, subscriptions and payment history. The only door other modules use. */
export {
  activePaymentProvider,
  activeProviderName,
  paymentProviderFor,
  paymentsConfig,
  assertSandboxAllowed,
} from './providers/active_provider.js'
export { sandboxPaymentEvent } from './providers/sandbox_events.js'
export type { PaymentStart, PaymentProvider, PaymentType } from './providers/payment_provider.js'
export { processPaymentEvent } from './webhooks/process_payment_event.js'
export { default as Subscription } from './models/subscription.js'
export { default as Payment } from './models/payment.js'
export { isEarlyCancellation, daysRemaining } from './services/early_cancellation.js'
export { payFailedInstallment } from './services/pay_failed_installment.js'
export { startCardUpdate, finishCardUpdate } from './services/card_update.js'
export { recordPaymentStart, endWithdrawnSubscription } from './services/payment_start_record.js'
export { reconcile } from './reconciliation/reconcile.js'
export { reconciliationTask } from './reconciliation/reconciliation_scheduler.js'
export { paymentReceipts, type PaidInstallment } from './services/payment_receipts.js'
export type { CardOnFile } from './providers/payment_provider.js'
export { coverageCancellation, type RefundPreview } from './cancellation/coverage_cancellation.js'
export { refundOf } from './cancellation/refund_amount.js'
export { default as CoverageCancellation } from './models/coverage_cancellation.js'
export { default as PaymentRefund } from './models/payment_refund.js'
export { default as PaymentDispute } from './models/payment_dispute.js'
export {
  refundList,
  disputeList,
  REFUND_SORTABLE,
  REFUND_FILTERS,
  DISPUTE_SORTABLE,
  DISPUTE_FILTERS,
} from './cancellation/money_lists.js'
export { markCancellationReviewed } from './services/cancellation_review.js'
export { paymentDataOf, erasePaymentTexts } from './services/payment_privacy.js'
export {
  moneySearch,
  PaymentSearchHit,
  RefundSearchHit,
  DisputeSearchHit,
} from './services/money_search.js'
