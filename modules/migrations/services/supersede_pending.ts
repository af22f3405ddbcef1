import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import { endWithdrawnSubscription, paymentProviderFor } from '#modules/payments/index'
import Migration from '../models/migration.js'
import { lockMigration } from './migration_lock.js'
import { mayMove } from '../state/transitions.js'

/**
 * A member has one open checkout at a time: creating a migration withdraws the member's older
 * pending ones. Each is failed first (under its row lock, only while still pending, so a payment
 * confirmed meanwhile wins), then its PaymentIntent or subscription is cancelled at the provider
 * it was started with. Should a withdrawn checkout be paid all the same (a provider that could
 * not be reached, an old tab), the migration refuses it and payments refunds it (migrations/state/payment_refusal.ts).
 */
export async function supersedePendingMigrations(newer: Migration): Promise<number> {
  // Only older ones: a checkout never withdraws one started after it.
  const older = await Migration.query()
    .where('member_id', newer.member_id)
    .where('status', 'pending')
    .where('id', '<', newer.id)
    .select('id')
  let withdrawn = 0
  for (const { id } of older) {
    const found = await withdraw(id, newer)
    if (!found) continue
    withdrawn++
    const { migration, subscription } = found
    try {
      await paymentProviderFor(migration.payment_provider).cancelPayment({
        migrationId: migration.id,
        paymentIntentId: migration.payment_intent_id,
        subscriptionId: subscription?.provider_subscription_id ?? null,
      })
    } catch (error) {
      logger.error(
        { err: error, migrationId: migration.id },
        'could not withdraw a superseded payment at the provider; a payment on it will be refunded'
      )
    }
  }
  return withdrawn
}

async function withdraw(migrationId: number, newer: Migration) {
  return db.transaction(async (trx) => {
    const migration = await lockMigration(migrationId, trx)
    if (!migration || !mayMove(migration.status, 'failed', 'checkout.superseded')) return null
    migration.useTransaction(trx)
    migration.merge({
      status: 'failed',
      payment_status: 'cancelled',
      failure_reason: `Superseded by ${newer.migration_reference}: the member started a newer checkout, so this unpaid one was withdrawn and its payment cancelled.`,
    })
    await migration.save()
    const subscription = await endWithdrawnSubscription(migration.id, trx)
    return { migration, subscription }
  })
}
