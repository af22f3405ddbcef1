import type { Cents } from '#modules/shared/index'

export type ProviderName = 'sandbox' | 'stripe'
export type PaymentType = 'one-time' | 'subscription'

/** One planned payment, as stored on the migration. */
export interface PlannedPayment {
  amount: Cents
  /** YYYY-MM-DD; payment 1 is due on the day of checkout. */
  dueDate: string
}

/** What a provider needs to start collecting a migration's money. Amounts in cents of `currency`. */
export interface PaymentOrder {
  migrationId: number
  reference: string
  currency: string
  totalAmount: Cents
  /** The stored installment schedule, payment 1 first; one row for a single payment. */
  installments: PlannedPayment[]
  /** Months between payments; null for one-time. */
  periodMonths: number | null
  /** First day of coverage (YYYY-MM-DD): today, or the product's enforced future start date. */
  startDate: string
  /** Last day of coverage (YYYY-MM-DD). */
  endDate: string
  customer: { name: string; email: string | null; memberId: string }
}

/** The provider's ids for the started payment and the secret the browser confirms it with. */
export interface PaymentStart {
  paymentType: PaymentType
  clientSecret: string
  paymentIntentId: string | null
  customerId: string | null
  subscriptionId: string | null
}

/** A started payment as stored on the migration (its PaymentIntent is the first invoice's for a subscription). */
export interface StartedPayment {
  migrationId: number
  paymentIntentId: string | null
  subscriptionId: string | null
}

/** The card a payment was charged to, as the provider reports it. */
export interface CardOnFile {
  brand: string
  last4: string
}

/** A card payment provider: the sandbox (no keys) or Stripe. */
export interface PaymentProvider {
  readonly name: ProviderName
  startPayment(order: PaymentOrder): Promise<PaymentStart>
  /** The browser's secret for a started, still unpaid payment (a checkout resumed in another tab). */
  paymentSecret(payment: StartedPayment): Promise<string>
  /** Withdraws a payment nobody paid yet (a superseded checkout): its PaymentIntent or subscription can no longer charge. */
  cancelPayment(payment: StartedPayment): Promise<void>
  /** Gives back a first payment that must not be fulfilled, and stops the subscription from charging again. */
  refundPayment(payment: StartedPayment): Promise<void>
  /** The card the payment (or the subscription's next installments) is charged to; null when the provider has none. */
  cardOnFile(payment: StartedPayment): Promise<CardOnFile | null>
  /** Gives back part or all of one charge; the same `refundKey` always answers the same refund (the provider's idempotency). */
  refund(request: RefundRequest): Promise<ProviderRefund>
  /** Stops a subscription's future installments at once (a cancelled coverage); a subscription already ended is left alone. */
  cancelSubscription(subscriptionId: string, key: string): Promise<void>
}

/** One refund the portal asks for: `providerPaymentId` is our payments row's (a PaymentIntent or an invoice). */
export interface RefundRequest {
  migrationId: number
  refundKey: string
  providerPaymentId: string
  amountCents: Cents
  currency: string
}

export interface ProviderRefund {
  providerRefundId: string
  status: string
}

/** One payment (one-time, or a plan of a single installment) is a PaymentIntent; more are a subscription. */
export function paymentTypeOf(
  order: Pick<PaymentOrder, 'installments' | 'periodMonths'>
): PaymentType {
  return order.periodMonths === null || order.installments.length === 1
    ? 'one-time'
    : 'subscription'
}

/** Metadata every provider object carries, so events find their migration. */
export function orderMetadata(order: PaymentOrder) {
  return {
    migration_id: String(order.migrationId),
    migration_reference: order.reference,
    member_id: order.customer.memberId,
  }
}
