import { DateTime } from 'luxon'
import { Migration } from '#modules/migrations/index'
import { coverageCancellation, type CoverageCancellation } from '#modules/payments/index'
import { ApiError, isoDate, today } from '#modules/shared/index'
import { CANCELLABLE, coolingOffDays } from './cancel_coverage.js'

/** The reason stored on the cancellation (the member reads the catalogue's words: documents.stop_reason). */
const STOP_REASON = 'Future payments stopped by the member'

/**
 * What the member is told before confirming a stop of future payments: the cover ends at the end
 * of the last paid period (`coveredUntil`), the installments not paid yet are not charged, and the
 * refund docs/pricing.md gives for it (amounts in cents).
 */
interface StopQuote {
  coveredUntil: string
  refundCents: number
  paidCents: number
  unpaidCount: number
  unpaidCents: number
  currency: string
}

export interface StopView {
  quote: StopQuote | null
  stopped: { coveredUntil: string; refundCents: number; currency: string; status: string } | null
}

function presentStop(cancellation: CoverageCancellation): StopView {
  return {
    quote: null,
    stopped: {
      coveredUntil: isoDate(cancellation.effective_on)!,
      refundCents: cancellation.refund_cents,
      currency: cancellation.currency,
      status: cancellation.status,
    },
  }
}

async function latestCoverage(memberId: number) {
  return Migration.query()
    .where('member_id', memberId)
    .whereIn('status', [...CANCELLABLE, 'cancelled'])
    .orderBy('id', 'desc')
    .first()
}

/** The quote of a stop on `on`, or null when there is nothing to stop (the reason why for the 409). */
async function quoteFor(migration: Migration, on: DateTime) {
  if (!CANCELLABLE.includes(migration.status)) return { quote: null, why: 'not_cancellable' }
  const days = await coolingOffDays()
  // The same decision as a cancellation whose last day of cover is the last paid day.
  const probe = await coverageCancellation.preview(migration.id, {
    effectiveOn: isoDate(on)!,
    coolingOffDays: days,
    on,
  })
  if (probe.inCoolingOff) return { quote: null, why: 'cooling_off' }
  if (!probe.cancelsFutureInstallments) return { quote: null, why: 'nothing_to_stop' }
  const preview = await coverageCancellation.preview(migration.id, {
    effectiveOn: probe.paidThrough,
    coolingOffDays: days,
    on,
  })
  const quote: StopQuote = {
    coveredUntil: preview.paidThrough,
    refundCents: preview.refundCents,
    paidCents: preview.paidCents,
    unpaidCount: preview.unpaidCount,
    unpaidCents: preview.unpaidCents,
    currency: preview.currency,
  }
  return { quote, why: null }
}

/** The refusals' English words (member_messages.stop_*: the member reads them in their language). */
const REFUSALS: Record<string, string> = {
  cooling_off:
    'You are still within the cooling-off period: withdraw instead and get the whole amount back.',
  nothing_to_stop: 'This plan has no future payments left to stop.',
  not_cancellable: 'There is no coverage whose future payments you can stop.',
}

/**
 * Stop future payments (the member, outside the cooling-off period, on an installment plan):
 * the cover ends at the end of the last paid period, the installments not paid yet are not
 * charged. It is payments' one cancellation of the coverage (docs/payments.md, "Stop future
 * payments"), so simultaneous requests make one stop, one provider cancellation and one insurer
 * call, and the job sends the confirmation.
 */
export const stopFuturePayments = {
  async view(memberId: number, on: DateTime = today()): Promise<StopView> {
    const migration = await latestCoverage(memberId)
    if (!migration) return { quote: null, stopped: null }
    const existing = await coverageCancellation.find(migration.id)
    if (existing?.requested_by_kind === 'member_stop') return presentStop(existing)
    if (existing) return { quote: null, stopped: null }
    return { quote: (await quoteFor(migration, on)).quote, stopped: null }
  },

  /** Confirms the quote the member saw (`coveredUntil`): a different one now answers 409 with nothing changed. */
  async confirm(
    memberId: number,
    input: { coveredUntil: string },
    actor: string,
    on: DateTime = today()
  ): Promise<StopView> {
    const migration = await latestCoverage(memberId)
    if (!migration) throw new ApiError(REFUSALS.not_cancellable, 409)
    const existing = await coverageCancellation.find(migration.id)
    if (existing?.requested_by_kind === 'member_stop') return presentStop(existing)
    if (existing) throw new ApiError(REFUSALS.not_cancellable, 409)
    const { quote, why } = await quoteFor(migration, on)
    if (!quote) throw new ApiError(REFUSALS[why!], 409)
    if (quote.coveredUntil !== input.coveredUntil)
      throw new ApiError(
        `The terms have changed: your cover would now end on ${quote.coveredUntil}. Please review them again.`,
        409
      )
    const { cancellation } = await coverageCancellation.request({
      migrationId: migration.id,
      reason: STOP_REASON,
      effectiveOn: quote.coveredUntil,
      coolingOffDays: await coolingOffDays(),
      on,
      requestedBy: { kind: 'member_stop', actor },
    })
    // Simultaneous requests: the one that came first may have been a withdrawal or an administrator's cancellation.
    if (cancellation.requested_by_kind !== 'member_stop')
      throw new ApiError(REFUSALS.not_cancellable, 409)
    return presentStop(cancellation)
  },
}
