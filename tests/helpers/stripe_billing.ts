import { DateTime } from 'luxon'

/** What the double keeps of a created subscription. */
export interface BilledSubscription {
  id: string
  customer: string
  currency: string
  /** The price's unit amount (cents) and interval (months). */
  unitAmount: number
  intervalMonths: number
  created: number
  trialEnd: number | null
  cancelAt: number | null
  metadata: Record<string, string>
  /** add_invoice_items amounts: on the first invoice only. */
  firstInvoiceItems: number[]
  firstInvoiceId: string
  firstPaymentIntentId: string
}

interface State extends BilledSubscription {
  status: string
  anchor: number
  /** Index of the next renewal: invoice k is billed at anchor + k × interval. */
  nextCycle: number
  currentPeriodEnd: number
  canceledAt: number | null
  endedAt: number | null
  pendingItems: number[]
}

/**
 * Stripe's documented billing of a subscription, as far as the project uses it:
 * - the billing cycle anchor is the creation time, or trial_end when there is a trial;
 *   renewals fall on anchor + k × interval months, same day of month, clamped to the month's
 *   end (anchor 31 Jan → 28 Feb, 31 Mar);
 * - the first invoice is made at creation: the first period at the price (no trial), or a
 *   zero trial line (trial); add_invoice_items join it;
 * - pending invoice items of the subscription join its next invoice;
 * - at a boundary on or after cancel_at the subscription ends without a new invoice; a
 *   cancel_at strictly inside a period makes that period's invoice a proration (the
 *   "If set during a future period, this will always cause a proration" rule).
 */
export class StripeBilling {
  #subscriptions = new Map<string, State>()

  subscribe(subscription: BilledSubscription) {
    const anchor = subscription.trialEnd ?? subscription.created
    this.#subscriptions.set(subscription.id, {
      ...subscription,
      status: 'incomplete',
      anchor,
      nextCycle: subscription.trialEnd === null ? 1 : 0,
      currentPeriodEnd:
        subscription.trialEnd ?? this.#boundary(anchor, subscription.intervalMonths),
      canceledAt: subscription.cancelAt === null ? null : subscription.created,
      endedAt: null,
      pendingItems: [],
    })
  }

  has(id: string) {
    return this.#subscriptions.has(id)
  }

  get(id: string): State {
    const state = this.#subscriptions.get(id)
    if (!state) throw new Error(`No subscription ${id} in the Stripe double`)
    return state
  }

  update(id: string, changes: { cancelAt: number | null; metadata: Record<string, string> }) {
    const state = this.get(id)
    if (changes.cancelAt !== null) {
      state.cancelAt = changes.cancelAt
      // Stripe reports the time of the cancellation request until the subscription ends.
      state.canceledAt = Math.floor(Date.now() / 1000)
    }
    state.metadata = { ...state.metadata, ...changes.metadata }
  }

  cancelNow(id: string) {
    const state = this.get(id)
    state.status = 'canceled'
    state.canceledAt = state.endedAt = Math.floor(Date.now() / 1000)
  }

  addPendingItem(id: string, amount: number) {
    this.get(id).pendingItems.push(amount)
  }

  /** The first invoice (made at creation); 'paid' once the member confirmed it at checkout. */
  firstInvoice(id: string, status: 'open' | 'paid') {
    const state = this.get(id)
    if (status === 'paid' && state.status === 'incomplete')
      state.status = state.trialEnd === null ? 'active' : 'trialing'
    const subscriptionLine = state.trialEnd === null ? state.unitAmount : 0
    const periodEnd = state.trialEnd ?? this.#boundary(state.anchor, state.intervalMonths)
    return this.#invoice(
      state,
      state.firstInvoiceId,
      'subscription_create',
      state.created,
      periodEnd,
      [subscriptionLine, ...state.firstInvoiceItems],
      status
    )
  }

  /**
   * Advances the clock to the next period boundary: the renewal invoice Stripe makes there (paid),
   * or null when the subscription ends there instead (then its state is canceled).
   */
  renew(id: string) {
    const state = this.get(id)
    if (state.status === 'canceled') return null
    const start = this.#boundary(state.anchor, state.nextCycle * state.intervalMonths)
    if (state.cancelAt !== null && state.cancelAt <= start) {
      state.status = 'canceled'
      state.endedAt = state.cancelAt
      return null
    }
    const end = this.#boundary(state.anchor, (state.nextCycle + 1) * state.intervalMonths)
    const prorated = state.cancelAt !== null && state.cancelAt < end
    const amount = prorated
      ? Math.round((state.unitAmount * (state.cancelAt! - start)) / (end - start))
      : state.unitAmount
    const items = state.pendingItems.splice(0)
    state.nextCycle++
    state.status = 'active'
    state.currentPeriodEnd = end
    return {
      ...this.#invoice(
        state,
        `in_${id}_${state.nextCycle}`,
        'subscription_cycle',
        start,
        end,
        [amount, ...items],
        'paid'
      ),
      prorated,
    }
  }

  #invoice(
    state: State,
    id: string,
    reason: string,
    start: number,
    end: number,
    lines: number[],
    status: 'open' | 'paid'
  ) {
    const amount = lines.reduce((sum, line) => sum + line, 0)
    return {
      id,
      object: 'invoice',
      status,
      billing_reason: reason,
      customer: state.customer,
      currency: state.currency,
      amount_due: amount,
      amount_paid: status === 'paid' ? amount : 0,
      created: start,
      period_start: start,
      period_end: end,
      hosted_invoice_url: `https://invoice.stripe.test/${id}`,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: state.id, metadata: state.metadata },
      },
      lines: {
        object: 'list',
        data: lines.map((line) => ({ amount: line, period: { start, end } })),
      },
    }
  }

  #boundary(anchor: number, months: number) {
    return DateTime.fromSeconds(anchor, { zone: 'utc' }).plus({ months }).toUnixInteger()
  }
}
