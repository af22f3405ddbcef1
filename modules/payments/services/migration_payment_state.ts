import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import logger from '@adonisjs/core/services/logger'
import Migration from '#modules/migrations/models/migration'
import { jobQueue, JOB_TYPES } from '#modules/jobs/index'

/**
 * How payment outcomes move a migration (decisions.md §6). A success always
 * wins over a failure (a declined first card may be followed by a good one);
 * a failure never undoes a success, whatever order the events arrive in.
 */
export const migrationPaymentState = {
  /** Loads a migration inside the transaction, locking its row where the database can. */
  async lock(migrationId: number, trx: TransactionClientContract) {
    const query = Migration.query({ client: trx }).where('id', migrationId)
    // SQLite has no row locks (its writers are serialised anyway).
    if (!trx.dialect.name.includes('sqlite')) query.forUpdate()
    return query.first()
  },

  /** Payment confirmed: processing, and fulfilment queued in the same transaction. */
  async succeeded(migration: Migration, trx: TransactionClientContract) {
    if (migration.payment_status === 'succeeded') return
    migration.useTransaction(trx)
    migration.payment_status = 'succeeded'
    if (migration.status === 'pending' || migration.status === 'failed') {
      migration.status = 'processing'
      await jobQueue.enqueue(JOB_TYPES.fulfilmentStep, { migrationId: migration.id }, { trx })
    }
    await migration.save()
    logger.info({ migrationId: migration.id }, 'payment succeeded, fulfilment queued')
  },

  /** Payment failed or abandoned: failed, unless a success was already recorded. */
  async failed(migration: Migration, trx: TransactionClientContract) {
    if (migration.payment_status === 'succeeded') return
    if (migration.status !== 'pending' && migration.status !== 'failed') return
    migration.useTransaction(trx)
    migration.merge({ payment_status: 'failed', status: 'failed' })
    await migration.save()
  },
}
