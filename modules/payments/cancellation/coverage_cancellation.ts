import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import { recordAudit } from '#modules/audit/index'
import { jobQueue, JOB_TYPES } from '#modules/jobs/index'
import {
  ApiError,
  isoDate,
  lockingTransaction,
  migrationOutcomes,
  toCents,
  today,
  type PaymentSubject,
} from '#modules/shared/index'
import CoverageCancellation, { type CancellationKind } from '../models/coverage_cancellation.js'
import Payment from '../models/payment.js'
import PaymentRefund from '../models/payment_refund.js'
import Subscription from '../models/subscription.js'
import { paymentProviderFor } from '../providers/active_provider.js'
import { applyMoneyReturned, COUNTED_REFUND_STATUSES, queueCreditNote } from './money_returned.js'
import { refundOf, type RefundDecision } from './refund_amount.js'

export interface CancellationTerms {
  /** The last day of cover, YYYY-MM-DD. */
  effectiveOn: string
  coolingOffDays: number
  /** The day the cancellation is asked for (injected by tests). */
  on?: DateTime
}

export interface CancellationRequest extends CancellationTerms {
  migrationId: number
  reason: string
  requestedBy: { kind: CancellationKind; actor: string }
}

export interface RefundPreview extends RefundDecision {
  /** The last day the payments made pay for (docs/pricing.md): where a stop of future payments ends the cover. */
  paidThrough: string
  /** The installments not paid yet, which a cancellation leaves uncharged: how many, how much. */
  unpaidCount: number
  unpaidCents: number
  paidCents: number
  currency: string
  coolingOffEndsOn: string
  inCoolingOff: boolean
  /** Installments still to come are cancelled at the provider. */
  cancelsFutureInstallments: boolean
}

/** Payments of the migration that took money, oldest first. */
async function paidRows(migrationId: number, trx: TransactionClientContract) {
  return Payment.query({ client: trx })
    .where('migration_id', migrationId)
    .where((q) => q.where('paid', true).orWhere('status', 'partially_refunded'))
    .orderBy('created')
    .orderBy('id')
}

async function refundedPerPayment(migrationId: number, trx: TransactionClientContract) {
  const rows = await trx
    .from('payment_refunds')
    .where('migration_id', migrationId)
    .whereIn('status', COUNTED_REFUND_STATUSES)
    .select('payment_id', 'amount_cents')
  const byPayment = new Map<number | null, number>()
  for (const row of rows)
    byPayment.set(
      row.payment_id === null ? null : Number(row.payment_id),
      (byPayment.get(row.payment_id === null ? null : Number(row.payment_id)) ?? 0) +
        Number(row.amount_cents)
    )
  return byPayment
}

/** The refund a cancellation implies (docs/pricing.md, "Refund of a cancelled coverage"), from the stored payments and schedule. */
async function decide(
  migration: PaymentSubject,
  terms: CancellationTerms,
  trx: TransactionClientContract
) {
  const payments = await paidRows(migration.id, trx)
  if (payments.length === 0) throw new ApiError('This migration has no payment to refund', 409)
  const refunded = await refundedPerPayment(migration.id, trx)
  const alreadyBack = [...refunded.values()].reduce((sum, cents) => sum + cents, 0)
  const paidCents =
    payments.reduce((sum, payment) => sum + toCents(payment.amount), 0) - alreadyBack
  const installments = await migrationOutcomes.reads.installments(migration.id, trx)
  const nextUnpaid = installments.length > payments.length ? installments[payments.length] : null
  const paidThrough = nextUnpaid
    ? isoDate(nextUnpaid.due_date.minus({ days: 1 }))!
    : isoDate(migration.end_date)!
  const on = terms.on ?? today()
  const paidOn = isoDate(payments[0].created.toUTC())!
  const decision = refundOf({
    paidCents: Math.max(0, paidCents),
    paidOn,
    requestedOn: isoDate(on)!,
    effectiveOn: terms.effectiveOn,
    coverageStart: isoDate(migration.start_date)!,
    paidThrough,
    coolingOffDays: terms.coolingOffDays,
  })
  const coolingOffEndsOn = isoDate(
    DateTime.fromISO(paidOn, { zone: 'utc' }).plus({ days: terms.coolingOffDays })
  )!
  const preview: RefundPreview = {
    ...decision,
    paidThrough,
    unpaidCount: Math.max(0, installments.length - payments.length),
    unpaidCents: installments
      .slice(payments.length)
      .reduce((sum, installment) => sum + toCents(installment.amount), 0),
    paidCents: Math.max(0, paidCents),
    currency: migration.currency,
    coolingOffEndsOn,
    inCoolingOff: decision.rule === 'cooling_off',
    cancelsFutureInstallments: nextUnpaid !== null,
  }
  return { preview, payments, refunded }
}

async function lockedMigration(migrationId: number, trx: TransactionClientContract) {
  const migration = await migrationOutcomes.reads.lockForPayment(migrationId, trx)
  if (!migration) throw new ApiError('Migration not found', 404)
  return migration
}

/**
 * Cancellation of a paid coverage with its refund (docs/payments.md, "Cancellation and refunds").
 * `request` decides under the migration's row lock: one cancellation per migration (unique
 * migration_id), its refund rows with their idempotency keys, the migration's `cancelled` outcome
 * and the job that refunds at the provider, all in one transaction. Simultaneous requests wait
 * for the lock and find the cancellation made (`created: false`).
 */
export const coverageCancellation = {
  async preview(migrationId: number, terms: CancellationTerms): Promise<RefundPreview> {
    return lockingTransaction(
      async (trx) => (await decide(await lockedMigration(migrationId, trx), terms, trx)).preview
    )
  },

  async find(migrationId: number) {
    return CoverageCancellation.query().where('migration_id', migrationId).first()
  },

  async request(
    input: CancellationRequest
  ): Promise<{ cancellation: CoverageCancellation; created: boolean }> {
    return lockingTransaction(async (trx) => {
      const migration = await lockedMigration(input.migrationId, trx)
      const existing = await CoverageCancellation.query({ client: trx })
        .where('migration_id', migration.id)
        .first()
      if (existing) return { cancellation: existing, created: false }
      const { preview, payments, refunded } = await decide(migration, input, trx)
      const cancellation = await CoverageCancellation.create(
        {
          migration_id: migration.id,
          requested_by_kind: input.requestedBy.kind,
          requested_by: input.requestedBy.actor,
          reason: input.reason,
          effective_on: DateTime.fromISO(input.effectiveOn, { zone: 'utc' }),
          refund_rule: preview.rule,
          paid_cents: preview.paidCents,
          refund_cents: preview.refundCents,
          currency: preview.currency,
          days_paid: preview.daysPaid,
          days_unused: preview.daysUnused,
          status: 'requested',
        },
        { client: trx }
      )
      // The refund is taken from the newest payments first, one refund row (and provider refund) per charge.
      let remaining = preview.refundCents
      for (const payment of [...payments].reverse()) {
        if (remaining <= 0) break
        const piece = Math.min(remaining, toCents(payment.amount) - (refunded.get(payment.id) ?? 0))
        if (piece <= 0) continue
        remaining -= piece
        await PaymentRefund.create(
          {
            migration_id: migration.id,
            payment_id: payment.id,
            cancellation_id: cancellation.id,
            provider: migration.payment_provider,
            // Unique across databases that share one provider account (the reference is random).
            refund_key: `refund-${migration.migration_reference}-${cancellation.id}-${payment.id}`,
            provider_payment_id: payment.provider_payment_id,
            amount_cents: piece,
            currency: payment.currency,
            status: 'pending',
            origin: 'portal',
            reason: input.reason.slice(0, 500),
          },
          { client: trx }
        )
      }
      const answer = await migrationOutcomes.report(
        { type: 'coverage.cancelled', migrationId: migration.id, reason: cancellationNote(input) },
        trx
      )
      if (!answer.accepted)
        throw new ApiError(`This coverage cannot be cancelled: ${answer.reason}`, 409)
      await recordAudit(trx, {
        actor: input.requestedBy.actor,
        action: AUDIT_ACTIONS[input.requestedBy.kind],
        entityType: 'migration',
        entityId: migration.id,
        after: {
          reason: input.reason,
          effective_on: input.effectiveOn,
          refund_cents: preview.refundCents,
          refund_rule: preview.rule,
          currency: preview.currency,
        },
      })
      await jobQueue.enqueue(
        JOB_TYPES.coverageCancellation,
        { migrationId: migration.id, cancellationId: cancellation.id },
        { trx }
      )
      return { cancellation, created: true }
    })
  },

  /**
   * The provider part, run by the cancellation job (idempotent: a crash anywhere repeats it with
   * the same keys, and the provider answers the refund it made). Future installments are
   * cancelled first, then each pending refund asked for and recorded under the migration's lock.
   */
  async refundAtProvider(cancellationId: number): Promise<CoverageCancellation> {
    const cancellation = await CoverageCancellation.findOrFail(cancellationId)
    if (cancellation.status !== 'requested') return cancellation
    const migration = await db
      .from('migrations')
      .where('id', cancellation.migration_id)
      .select('payment_provider')
      .firstOrFail()
    const provider = paymentProviderFor(migration.payment_provider)
    const subscription = await Subscription.query()
      .where('migration_id', cancellation.migration_id)
      .first()
    if (subscription && !['canceled', 'incomplete_expired'].includes(subscription.status)) {
      await provider.cancelSubscription(
        subscription.provider_subscription_id,
        `cancel-${cancellation.migration_id}-${cancellation.id}-subscription`
      )
    }
    const pending = await PaymentRefund.query()
      .where('cancellation_id', cancellation.id)
      .where('status', 'pending')
      .whereNull('provider_refund_id')
      .orderBy('id')
    for (const refund of pending) {
      const answer = await provider.refund({
        migrationId: cancellation.migration_id,
        refundKey: refund.refund_key!,
        providerPaymentId: refund.provider_payment_id!,
        amountCents: refund.amount_cents,
        currency: refund.currency,
      })
      await recordProviderAnswer(refund.id, answer.providerRefundId, answer.status)
    }
    return lockingTransaction(async (trx) => {
      await lockedMigration(cancellation.migration_id, trx)
      const fresh = await CoverageCancellation.query({ client: trx })
        .where('id', cancellation.id)
        .firstOrFail()
      if (fresh.status !== 'requested') return fresh
      if (subscription) {
        await Subscription.query({ client: trx })
          .where('id', subscription.id)
          .whereNot('status', 'canceled')
          .update({
            status: 'canceled',
            cancelled_at: DateTime.now().toSQL({ includeOffset: false }),
            // A stop of future payments ends the cover at the last paid day: Finance counts the days left to it.
            ...(fresh.requested_by_kind === 'member_stop'
              ? { ends_on: isoDate(fresh.effective_on) }
              : {}),
          })
      }
      await applyMoneyReturned(cancellation.migration_id, trx)
      fresh.useTransaction(trx)
      await fresh.merge({ status: 'refunded' }).save()
      logger.info(
        {
          migrationId: cancellation.migration_id,
          cancellationId: cancellation.id,
          refundCents: cancellation.refund_cents,
        },
        'cancelled coverage refunded'
      )
      return fresh
    })
  },

  /** The insurer was told and the confirmation sent: nothing left to do. */
  async markCompleted(cancellationId: number) {
    await CoverageCancellation.query()
      .where('id', cancellationId)
      .where('status', 'refunded')
      .update({ status: 'completed' })
  },
}

/** Our write after the provider's answer; a refund event that came first may have written the id already. */
async function recordProviderAnswer(refundId: number, providerRefundId: string, status: string) {
  await lockingTransaction(async (trx) => {
    const row = await PaymentRefund.query({ client: trx }).where('id', refundId).firstOrFail()
    row.useTransaction(trx)
    row.merge({ provider_refund_id: row.provider_refund_id ?? providerRefundId })
    if (row.status === 'pending')
      row.merge({
        status: status === 'failed' || status === 'canceled' ? status : 'succeeded',
        refunded_at: DateTime.now(),
      })
    await row.save()
    if (row.status === 'succeeded') await queueCreditNote(row, trx)
  })
}

const AUDIT_ACTIONS: Record<CancellationKind, string> = {
  admin: 'coverage.cancelled',
  member: 'coverage.withdrawn',
  member_stop: 'coverage.payments_stopped',
}

function cancellationNote(input: CancellationRequest) {
  const who = {
    admin: 'Cancelled by an administrator',
    member: 'Withdrawn by the member',
    member_stop: 'Future payments stopped by the member',
  }[input.requestedBy.kind]
  return `${who}, covered until ${input.effectiveOn}: ${input.reason}`
}
