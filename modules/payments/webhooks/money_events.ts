import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import logger from '@adonisjs/core/services/logger'
import { jobQueue, JOB_TYPES } from '#modules/jobs/index'
import type { PaymentSubject } from '#modules/shared/index'
import Payment from '../models/payment.js'
import PaymentDispute from '../models/payment_dispute.js'
import PaymentRefund from '../models/payment_refund.js'
import { applyMoneyReturned, queueCreditNote } from '../cancellation/money_returned.js'
import { migrationPaymentState } from '../services/migration_payment_state.js'
import { migrationIdOfPaymentIntent } from '../services/payment_start_record.js'
import { fromUnix, migrationIdFrom } from './stripe_objects.js'
import { requireCents } from './unappliable_event.js'

type Loose = Record<string, any>

const idOf = (value: unknown): string | null =>
  typeof value === 'string' ? value : ((value as Loose | null)?.id ?? null)

/** Refund statuses that end a refund: a later (or replayed older) event never moves it back to pending. */
const FINAL_REFUND = ['succeeded', 'failed', 'canceled']

/** Our payment row a provider object is about: the PaymentIntent's row, or the invoice's. */
async function paymentOf(object: Loose, trx: TransactionClientContract) {
  const keys = [idOf(object.payment_intent), idOf(object.invoice)].filter(
    (key): key is string => !!key
  )
  if (keys.length === 0) return null
  return Payment.query({ client: trx }).whereIn('provider_payment_id', keys).first()
}

/** The migration (locked first) a refund or dispute is about: our metadata, our payment row, or payments' PaymentIntent links. */
async function migrationOf(
  object: Loose,
  trx: TransactionClientContract
): Promise<{ migration: PaymentSubject; payment: Payment | null } | null> {
  const payment = await paymentOf(object, trx)
  const intent = idOf(object.payment_intent)
  const id =
    migrationIdFrom(object.metadata) ??
    payment?.migration_id ??
    (intent ? await migrationIdOfPaymentIntent(intent, trx) : null)
  if (!id) return null
  const migration = await migrationPaymentState.lock(id, trx)
  return migration ? { migration, payment } : null
}

/**
 * A refund seen at the provider (refund.created / refund.updated / refund.failed, or each refund
 * listed on charge.refunded). The row is found by the provider's id, else by the refund_key our
 * own refunds carry in metadata (our write may not have happened yet: the event fills it in), and
 * only otherwise added as a refund made outside the portal. Replays find the same row; a final
 * status is never moved back. The payment and migration statuses are derived again from the rows.
 */
export async function onRefund(refund: Loose, trx: TransactionClientContract) {
  const found = await migrationOf(refund, trx)
  if (!found) return logger.warn({ id: refund.id }, 'refund of an unknown payment, ignored')
  const { migration, payment } = found
  const status = String(refund.status ?? 'succeeded')
  let row = await PaymentRefund.query({ client: trx })
    .where('provider_refund_id', refund.id)
    .first()
  if (!row && refund.metadata?.refund_key)
    row = await PaymentRefund.query({ client: trx })
      .where('refund_key', String(refund.metadata.refund_key))
      .first()
  const isNew = !row
  if (row) {
    row.useTransaction(trx)
    row.merge({ provider_refund_id: row.provider_refund_id ?? refund.id })
    if (
      !FINAL_REFUND.includes(row.status) ||
      (row.status === 'succeeded' && status !== 'succeeded' && FINAL_REFUND.includes(status))
    ) {
      row.merge({
        status,
        refunded_at: row.refunded_at ?? (status === 'succeeded' ? DateTime.now() : null),
      })
    }
    await row.save()
  } else {
    row = await PaymentRefund.create(
      {
        migration_id: migration.id,
        payment_id: payment?.id ?? null,
        cancellation_id: null,
        provider: migration.payment_provider,
        refund_key: null,
        provider_refund_id: refund.id,
        provider_payment_id:
          payment?.provider_payment_id ?? idOf(refund.payment_intent) ?? idOf(refund.charge),
        amount_cents: requireCents(refund, 'amount', 'refund'),
        currency: String(refund.currency ?? migration.currency).toUpperCase(),
        status,
        origin: 'provider',
        reason: refund.reason ? String(refund.reason).slice(0, 500) : null,
        refunded_at: status === 'succeeded' ? (fromUnix(refund.created) ?? DateTime.now()) : null,
      },
      { client: trx }
    )
  }
  await applyMoneyReturned(migration.id, trx)
  if (row.status === 'succeeded') await queueCreditNote(row, trx)
  if (isNew) await alertAdmin(migration.id, 'refund', row.id, trx)
}

/** charge.refunded: each refund the charge lists (older API versions list them; newer ones send refund.* events too). */
export async function onChargeRefunded(charge: Loose, trx: TransactionClientContract) {
  for (const refund of charge.refunds?.data ?? [])
    await onRefund(
      { payment_intent: charge.payment_intent, invoice: charge.invoice, ...refund },
      trx
    )
}

/**
 * charge.dispute.created / updated / closed / funds_*: one row per dispute; an event older than
 * the one that set the stored status changes nothing, so replays and reordering converge.
 */
export async function onDispute(
  dispute: Loose,
  eventCreated: number,
  trx: TransactionClientContract
) {
  const found = await migrationOf(dispute, trx)
  if (!found) return logger.warn({ id: dispute.id }, 'dispute of an unknown payment, ignored')
  const { migration, payment } = found
  const status = String(dispute.status ?? 'needs_response')
  const closed = ['won', 'lost'].includes(status)
  // Kept from the latest event that has one: the provider may move it (an extension) while it is open.
  const evidenceDueBy = fromUnix(dispute.evidence_details?.due_by)
  let row = await PaymentDispute.query({ client: trx })
    .where('provider_dispute_id', dispute.id)
    .first()
  const isNew = !row
  if (!row) {
    row = await PaymentDispute.create(
      {
        migration_id: migration.id,
        payment_id: payment?.id ?? null,
        provider: migration.payment_provider,
        provider_dispute_id: dispute.id,
        provider_payment_id:
          payment?.provider_payment_id ?? idOf(dispute.payment_intent) ?? idOf(dispute.charge),
        amount_cents: requireCents(dispute, 'amount', 'dispute'),
        currency: String(dispute.currency ?? migration.currency).toUpperCase(),
        status,
        reason: dispute.reason ? String(dispute.reason).slice(0, 100) : null,
        status_event_created: eventCreated,
        opened_at: fromUnix(dispute.created) ?? DateTime.now(),
        closed_at: closed ? DateTime.now() : null,
        evidence_due_by: evidenceDueBy,
      },
      { client: trx }
    )
  } else if (
    (row.status_event_created ?? 0) <= eventCreated &&
    row.status !== status &&
    !['won', 'lost'].includes(row.status)
  ) {
    row.useTransaction(trx)
    await row
      .merge({
        status,
        status_event_created: eventCreated,
        closed_at: closed ? DateTime.now() : null,
        evidence_due_by: evidenceDueBy ?? row.evidence_due_by,
      })
      .save()
  } else {
    // Same status, deadline moved (an extension) by an event no older than the stored one: the date only.
    const moved =
      evidenceDueBy &&
      (row.status_event_created ?? 0) <= eventCreated &&
      row.evidence_due_by?.toMillis() !== evidenceDueBy.toMillis()
    if (moved) {
      row.useTransaction(trx)
      await row.merge({ evidence_due_by: evidenceDueBy }).save()
    }
    return
  }
  await applyMoneyReturned(migration.id, trx)
  await alertAdmin(migration.id, isNew ? 'dispute' : `dispute_${status}`, row.id, trx)
}

/** The admin notification address hears of it once per row and change (dedupe key), sent by fulfilment's job. */
async function alertAdmin(
  migrationId: number,
  kind: string,
  rowId: number,
  trx: TransactionClientContract
) {
  await jobQueue.enqueueOnce(
    JOB_TYPES.moneyAlert,
    { migrationId, kind, rowId },
    `money-alert:${kind}:${rowId}`,
    { trx }
  )
}
