import { DateTime } from 'luxon'
import { Migration } from '#modules/migrations/index'
import {
  coverageCancellation,
  type CoverageCancellation,
  type RefundPreview,
} from '#modules/payments/index'
import { settingsService } from '#modules/settings/index'
import { ApiError, isoDate, today } from '#modules/shared/index'

/** The cooling-off period in days (setting COOLING_OFF_DAYS, default 14). */
export async function coolingOffDays() {
  const days = Number.parseInt(await settingsService.get('COOLING_OFF_DAYS', '14'), 10)
  return Number.isInteger(days) && days >= 0 ? days : 14
}

/**
 * Statuses whose coverage may be cancelled or withdrawn: every status a recorded payment leads to,
 * fulfilment still running (`processing`) included, so the member may withdraw as soon as the
 * payment is recorded. The steps not yet run are then left out (a step job runs only on a
 * processing migration) and the cancellation job tells the insurer once no step is running
 * (docs/payments.md, "Cancellation while fulfilment runs").
 */
export const CANCELLABLE = ['processing', 'completed', 'completed_with_warnings']

function presentCancellation(cancellation: CoverageCancellation) {
  return {
    id: cancellation.id,
    requestedBy: cancellation.requested_by_kind,
    reason: cancellation.reason,
    effectiveOn: isoDate(cancellation.effective_on)!,
    refundRule: cancellation.refund_rule,
    paidCents: cancellation.paid_cents,
    refundCents: cancellation.refund_cents,
    currency: cancellation.currency,
    status: cancellation.status,
    createdAt: cancellation.created_at.toISO()!,
  }
}

function presentPreview(preview: RefundPreview, effectiveOn: string) {
  return {
    effectiveOn,
    refundRule: preview.rule,
    paidCents: preview.paidCents,
    refundCents: preview.refundCents,
    currency: preview.currency,
    daysPaid: preview.daysPaid,
    daysUnused: preview.daysUnused,
    inCoolingOff: preview.inCoolingOff,
    coolingOffEndsOn: preview.coolingOffEndsOn,
    cancelsFutureInstallments: preview.cancelsFutureInstallments,
  }
}

async function cancellable(migrationId: number) {
  const migration = await Migration.find(migrationId)
  if (!migration) throw new ApiError('Migration not found', 404)
  return migration
}

/**
 * Cancel coverage (an administrator, on the migration detail) and Withdraw (the member, within
 * the cooling-off period): both run payments' one cancellation (docs/payments.md), which decides
 * under the migration's lock; the refund, the insurer's cancellation calls and the confirmation
 * email follow in the `fulfilment.coverage_cancellation` job.
 */
export const cancelCoverage = {
  /** What the admin sees before confirming: the cancellation made, or the refund a cancellation on `effectiveOn` implies. */
  async adminView(migrationId: number, effectiveOn: string | undefined, on: DateTime = today()) {
    const migration = await cancellable(migrationId)
    const existing = await coverageCancellation.find(migration.id)
    if (existing) return { cancellation: presentCancellation(existing), preview: null }
    if (!CANCELLABLE.includes(migration.status))
      return { cancellation: null, preview: null, notCancellable: notCancellableReason(migration) }
    const date = effectiveOn ?? isoDate(on)!
    const preview = await coverageCancellation.preview(migration.id, {
      effectiveOn: date,
      coolingOffDays: await coolingOffDays(),
      on,
    })
    return { cancellation: null, preview: presentPreview(preview, date) }
  },

  async byAdmin(
    migrationId: number,
    input: { reason: string; effectiveOn: string },
    actor: string,
    on: DateTime = today()
  ) {
    const migration = await cancellable(migrationId)
    if (!CANCELLABLE.includes(migration.status) && !(await coverageCancellation.find(migration.id)))
      throw new ApiError(notCancellableReason(migration), 409)
    const { cancellation, created } = await coverageCancellation.request({
      migrationId: migration.id,
      reason: input.reason,
      effectiveOn: input.effectiveOn,
      coolingOffDays: await coolingOffDays(),
      on,
      requestedBy: { kind: 'admin', actor },
    })
    return { created, cancellation: presentCancellation(cancellation) }
  },

  /** The member's withdrawal: only in the cooling-off period; cover ends today, the whole amount is refunded. */
  async memberView(memberId: number, on: DateTime = today()) {
    const migration = await Migration.query()
      .where('member_id', memberId)
      .whereIn('status', [...CANCELLABLE, 'cancelled'])
      .orderBy('id', 'desc')
      .first()
    if (!migration) return { migrationId: null, withdrawal: null, offer: null }
    const existing = await coverageCancellation.find(migration.id)
    // A stop of future payments is no withdrawal: the member area shows it with the stop (stop_future_payments.ts).
    if (existing?.requested_by_kind === 'member_stop')
      return { migrationId: migration.id, withdrawal: null, offer: null }
    if (existing)
      return {
        migrationId: migration.id,
        withdrawal: {
          coveredUntil: isoDate(existing.effective_on)!,
          refundCents: existing.refund_cents,
          currency: existing.currency,
          status: existing.status,
        },
        offer: null,
      }
    if (migration.status === 'cancelled')
      return { migrationId: migration.id, withdrawal: null, offer: null }
    const date = isoDate(on)!
    const preview = await coverageCancellation.preview(migration.id, {
      effectiveOn: date,
      coolingOffDays: await coolingOffDays(),
      on,
    })
    if (!preview.inCoolingOff) return { migrationId: migration.id, withdrawal: null, offer: null }
    return {
      migrationId: migration.id,
      withdrawal: null,
      offer: {
        refundCents: preview.refundCents,
        currency: preview.currency,
        coolingOffEndsOn: preview.coolingOffEndsOn,
        coveredUntil: date,
      },
    }
  },

  async byMember(memberId: number, actor: string, on: DateTime = today()) {
    const view = await cancelCoverage.memberView(memberId, on)
    if (view.withdrawal) return view
    if (!view.offer || !view.migrationId)
      throw new ApiError(
        'There is no coverage you can withdraw from: the cooling-off period has ended or nothing was paid.',
        409
      )
    await coverageCancellation.request({
      migrationId: view.migrationId,
      reason: 'Withdrawal by the member within the cooling-off period',
      effectiveOn: view.offer.coveredUntil,
      coolingOffDays: await coolingOffDays(),
      on,
      requestedBy: { kind: 'member', actor },
    })
    return cancelCoverage.memberView(memberId, on)
  },
}

function notCancellableReason(migration: Migration) {
  return `A ${migration.status.replaceAll('_', ' ')} migration has no paid coverage to cancel.`
}
