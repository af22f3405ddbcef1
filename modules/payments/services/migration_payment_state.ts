import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { migrationOutcomes, type PaymentSubject } from '#modules/shared/index'
import { refundRefusedPayment } from './refused_payment.js'

/** What became of a payment the provider reports as succeeded. */
export type PaymentOutcome = 'accepted' | 'refunded'

/**
 * Payment outcomes reported to the migrations module, which decides how they move the migration
 * (docs/architecture.md, "A migration's state"). A success it refuses (a withdrawn checkout, a
 * blocked or already migrated member) is given back here: refunded, never fulfilled.
 */
export const migrationPaymentState = {
  /** The migration an event is about, its row locked first (the lock order of docs/architecture.md). */
  lock(migrationId: number, trx: TransactionClientContract) {
    return migrationOutcomes.reads.lockForPayment(migrationId, trx)
  },

  async succeeded(
    migration: PaymentSubject,
    trx: TransactionClientContract
  ): Promise<PaymentOutcome> {
    const answer = await migrationOutcomes.report(
      { type: 'payment.succeeded', migrationId: migration.id },
      trx
    )
    if (answer.accepted) return 'accepted'
    if (answer.refund) await refundRefusedPayment(migration, answer.reason, trx)
    return 'refunded'
  },

  /** Failed or abandoned: the migration ignores it when a success was already recorded or we settled the payment ourselves. */
  async failed(migration: PaymentSubject, trx: TransactionClientContract) {
    await migrationOutcomes.report({ type: 'payment.failed', migrationId: migration.id }, trx)
  },
}
