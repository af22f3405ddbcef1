import type { Cents } from '#modules/shared/index'

export type ProviderName = 'sandbox' | 'stripe'
export type PaymentType = 'one-time' | 'subscription'

/** What a provider needs to start collecting a migration's money. Amounts in cents of `currency`. */
export interface PaymentOrder {
  migrationId: number
  reference: string
  currency: string
  totalAmount: Cents
  /** First (and regular) installment; equals totalAmount for one-time. */
  subscriptionAmount: Cents
  numberOfPayments: number
  /** Months between payments; null for one-time. */
  periodMonths: number | null
  /** Last day of coverage (YYYY-MM-DD): a subscription never charges after it. */
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

/** A card payment provider: the sandbox (no keys) or Stripe. */
export interface PaymentProvider {
  readonly name: ProviderName
  startPayment(order: PaymentOrder): Promise<PaymentStart>
}

/** Metadata every provider object carries, so events find their migration. */
export function orderMetadata(order: PaymentOrder) {
  return { migration_id: String(order.migrationId), migration_reference: order.reference, member_id: order.customer.memberId }
}
