import Payment from '../models/payment.js'
import Subscription from '../models/subscription.js'
import { paymentProviderFor } from '../providers/active_provider.js'
import type { CardOnFile } from '../providers/payment_provider.js'

/** A paid installment as its receipt shows it: the payment row and its number in the plan. */
export interface PaidInstallment {
  payment: Payment
  installment: number
}

/**
 * A migration's payment rows in plan order (created, id; refunded rows are not installments):
 * the n-th row settles installment n, as the member area's schedule counts them.
 */
async function planRows(migrationId: number) {
  return Payment.query()
    .where('migration_id', migrationId)
    .whereNot('status', 'refunded')
    .orderBy('created')
    .orderBy('id')
}

export const paymentReceipts = {
  /** The migration's payment rows in plan order: row n settles installment n (paid or not yet). */
  plan: planRows,

  /** The migration's paid installments, each with its number. */
  async paid(migrationId: number): Promise<PaidInstallment[]> {
    const rows = await planRows(migrationId)
    return rows
      .map((payment, index) => ({ payment, installment: index + 1 }))
      .filter((row) => row.payment.paid)
  },

  /** One paid installment of the migration, or null (unknown, unpaid, or another migration's). */
  async paidOne(migrationId: number, paymentId: number): Promise<PaidInstallment | null> {
    return (await this.paid(migrationId)).find((row) => row.payment.id === paymentId) ?? null
  },

  /**
   * The card a payment was charged to: stored on the row once the provider told us (only
   * payments writes its table), else asked of the provider (`paymentIntentId`: the migration's).
   */
  async cardOf(
    payment: Payment,
    provider: string,
    paymentIntentId: string | null
  ): Promise<CardOnFile | null> {
    if (payment.card_brand && payment.card_last_four)
      return { brand: payment.card_brand, last4: payment.card_last_four }
    const subscription = await Subscription.query()
      .where('migration_id', payment.migration_id)
      .first()
    const card = await paymentProviderFor(provider).cardOnFile({
      migrationId: payment.migration_id,
      paymentIntentId: subscription ? paymentIntentId : payment.provider_payment_id,
      subscriptionId: subscription?.provider_subscription_id ?? null,
    })
    if (card)
      await Payment.query()
        .where('id', payment.id)
        .update({ card_brand: card.brand.slice(0, 32), card_last_four: card.last4.slice(-4) })
    return card
  },
}
