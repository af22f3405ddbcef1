import { DateTime } from 'luxon'
import { insertMigration, insertPayment, insertSubscription } from '#tests/helpers/backoffice_data'

/** A monthly checkout the member abandoned for a newer one: withdrawn, its subscription canceled without a cancellation date, its open invoice dated creation–creation. */
export async function seedWithdrawnCheckout() {
  const created = DateTime.utc().minus({ hours: 2 }).toFormat('yyyy-MM-dd HH:mm:ss')
  const id = await insertMigration('DEMO-1005', {
    migration_reference: 'MIG-T-W',
    status: 'failed',
    payment_status: 'cancelled',
    total_amount: 600,
    total_amount_usd: 600,
    subscription_amount: 50,
    number_of_payments: 12,
    payment_frequency: 'monthly',
  })
  const sub = await insertSubscription(id, {
    status: 'canceled',
    cancelled_at: null,
    current_period_end: created,
  })
  await insertPayment(id, {
    subscription_id: sub,
    amount: 50,
    status: 'open',
    paid: false,
    period_start: created,
    period_end: created,
  })
}
