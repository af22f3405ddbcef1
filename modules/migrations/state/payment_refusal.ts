import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { lockMember, MigrationBlock } from '#modules/members/index'
import type Migration from '../models/migration.js'
import { blockingMigrationOf } from '../services/migration_blocking.js'

/**
 * Why a confirmed payment must not be fulfilled, in words an admin reads on the migration; null
 * when it may (decisions.md §4): the checkout was withdrawn, the member is blocked by an
 * administrator, or already migrated or being migrated — the same rules the sandbox confirm applies.
 */
export async function refusalOf(
  migration: Migration,
  trx: TransactionClientContract
): Promise<string | null> {
  if (migration.payment_status === 'cancelled') {
    return `Paid after this checkout was withdrawn (${migration.failure_reason ?? 'superseded'}); the payment was refunded automatically and nothing was fulfilled.`
  }
  // Two payments of the same member confirmed at once, or a payment and an admin block, are decided one after the other.
  await lockMember(migration.member_id, trx)
  const block = await MigrationBlock.query({ client: trx })
    .where('member_id', migration.member_id)
    .where('active', true)
    .first()
  if (block) {
    // failure_reason holds 500 characters; the admin's note is cut to fit.
    const note = block.reason ? ` (${block.reason.slice(0, 200)})` : ''
    return `Paid while the member was blocked by an administrator${note}: the payment was refunded automatically and nothing was fulfilled. Unblock the member before they check out again.`
  }
  // A renewal is not blocked by the migration it renews.
  const blocking = await blockingMigrationOf(migration.member_id, {
    except: [
      migration.id,
      ...(migration.renewed_from_migration_id ? [migration.renewed_from_migration_id] : []),
    ],
    client: trx,
  })
  if (!blocking) return null
  return `Paid while ${blocking.migration_reference} was already ${blocking.status.replaceAll('_', ' ')}: the payment was refunded automatically and nothing was fulfilled, so the member is not migrated twice.`
}
