import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/**
 * Marks a subscription's early cancellation reviewed, in the caller's
 * transaction (the back-office writes its audit entry in the same one).
 */
export async function markCancellationReviewed(
  trx: TransactionClientContract,
  subscriptionId: number
) {
  await trx
    .from('subscriptions')
    .where('id', subscriptionId)
    .update({
      early_cancellation_reviewed: true,
      updated_at: DateTime.now().toUTC().toFormat('yyyy-MM-dd HH:mm:ss'),
    })
}
