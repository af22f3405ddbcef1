import type Stripe from 'stripe'
import { Migration } from '#modules/migrations/index'

/**
 * PLACEHOLDER until the fulfilment branch lands its webhook event processor (which replaces this
 * file): a succeeded first payment moves the pending migration to processing.
 */
export async function processPaymentEvent(event: Stripe.Event): Promise<void> {
  if (event.type !== 'payment_intent.succeeded' && event.type !== 'invoice.paid') return
  const object = event.data.object as { metadata?: Record<string, string> | null }
  const migrationId = Number(object.metadata?.migration_id)
  if (!Number.isInteger(migrationId)) return
  const migration = await Migration.find(migrationId)
  if (!migration || migration.status !== 'pending') return
  migration.merge({ payment_status: 'succeeded', status: 'processing' })
  await migration.save()
}
