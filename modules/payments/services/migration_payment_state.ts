import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import logger from '@adonisjs/core/services/logger'
import { lockMigration, blockingMigrationOf, type Migration } from '#modules/migrations/index'
// The migrations module's index imports the payment providers; its files are imported directly to avoid the cycle.
import { jobQueue, JOB_TYPES } from '#modules/jobs/index'
import { lockMember, MigrationBlock } from '#modules/members/index'
import { refundRefusedPayment } from './refused_payment.js'

/** What became of a payment the provider reports as succeeded. */
export type PaymentOutcome = 'accepted' | 'refunded'

/** Payment states the system set itself: no provider event moves them any more. */
const SETTLED_BY_US = ['cancelled', 'refunded']

/**
 * How payment outcomes move a migration (decisions.md §6). A success always
 * wins over a failure (a declined first card may be followed by a good one);
 * a failure never undoes a success, whatever order the events arrive in.
 * A success is refused (refunded, never fulfilled) when the checkout was
 * withdrawn, the member is blocked by an administrator, or already migrated
 * or being migrated (§4) — the same rules the sandbox confirm applies.
 */
export const migrationPaymentState = {
  lock: lockMigration,

  /** Payment confirmed: processing, and fulfilment queued in the same transaction; or refunded when refused. */
  async succeeded(migration: Migration, trx: TransactionClientContract): Promise<PaymentOutcome> {
    if (migration.payment_status === 'succeeded') return 'accepted'
    if (migration.payment_status === 'refunded') return 'refunded'
    const refusal = await refusalOf(migration, trx)
    if (refusal) {
      await refundRefusedPayment(migration, refusal, trx)
      return 'refunded'
    }
    migration.useTransaction(trx)
    migration.payment_status = 'succeeded'
    if (migration.status === 'pending' || migration.status === 'failed') {
      migration.merge({ status: 'processing', failure_reason: null })
      await jobQueue.enqueue(JOB_TYPES.fulfilmentStep, { migrationId: migration.id }, { trx })
    }
    await migration.save()
    logger.info({ migrationId: migration.id }, 'payment succeeded, fulfilment queued')
    return 'accepted'
  },

  /** Payment failed or abandoned: failed, unless a success was already recorded or we settled it ourselves. */
  async failed(migration: Migration, trx: TransactionClientContract) {
    if (migration.payment_status === 'succeeded' || SETTLED_BY_US.includes(migration.payment_status)) return
    if (migration.status !== 'pending' && migration.status !== 'failed') return
    migration.useTransaction(trx)
    migration.merge({ payment_status: 'failed', status: 'failed' })
    await migration.save()
  },
}

/** Why a confirmed payment must not be fulfilled, in words an admin reads on the migration; null when it may. */
async function refusalOf(migration: Migration, trx: TransactionClientContract): Promise<string | null> {
  if (migration.payment_status === 'cancelled') {
    return `Paid after this checkout was withdrawn (${migration.failure_reason ?? 'superseded'}); the payment was refunded automatically and nothing was fulfilled.`
  }
  // Two payments of the same member confirmed at once, or a payment and an admin block, are decided one after the other.
  await lockMember(migration.member_id, trx)
  const block = await MigrationBlock.query({ client: trx }).where('member_id', migration.member_id).where('active', true).first()
  if (block) {
    // failure_reason holds 500 characters; the admin's note is cut to fit.
    const note = block.reason ? ` (${block.reason.slice(0, 200)})` : ''
    return `Paid while the member was blocked by an administrator${note}: the payment was refunded automatically and nothing was fulfilled. Unblock the member before they check out again.`
  }
  const blocking = await blockingMigrationOf(migration.member_id, { except: migration.id, client: trx })
  if (!blocking) return null
  return `Paid while ${blocking.migration_reference} was already ${blocking.status.replaceAll('_', ' ')}: the payment was refunded automatically and nothing was fulfilled, so the member is not migrated twice.`
}
