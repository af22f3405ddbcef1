import { DateTime } from 'luxon'
import type { Migration } from '#modules/migrations/index'
import { Payment, Subscription } from '#modules/payments/index'

/** The second installment's invoice was attempted and failed (as invoice.payment_failed records it). */
export async function failSecondInstallment(migration: Migration, invoiceId: string) {
  const subscription = await Subscription.findByOrFail('migration_id', migration.id)
  await Payment.create({
    migration_id: migration.id,
    subscription_id: subscription.id,
    provider_payment_id: invoiceId,
    amount: migration.subscription_amount,
    currency: migration.currency,
    status: 'open',
    paid: false,
    created: DateTime.now().plus({ seconds: 5 }),
    period_start: null,
    period_end: null,
    hosted_invoice_url: null,
  })
}
