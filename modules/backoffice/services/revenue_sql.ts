/**
 * SQL fragments for revenue in USD (docs/backoffice.md). A migration's own
 * conversion is total_amount_usd / total_amount: the rate and surcharge
 * frozen when it was priced, so revenue never moves with today's rates.
 */
const USD_PER_UNIT = 'm.total_amount_usd / NULLIF(m.total_amount, 0)'

/** Months one installment covers, by payment frequency; NULL for one-time. */
const MONTHS_PER_PAYMENT = `CASE m.payment_frequency WHEN 'monthly' THEN 1 WHEN 'quarterly' THEN 3 WHEN 'semi-annual' THEN 6 WHEN 'annual' THEN 12 END`

/** Monthly-equivalent of one recurring installment, in USD. */
export const MONTHLY_EQUIVALENT_USD = `m.subscription_amount * ${USD_PER_UNIT} / ${MONTHS_PER_PAYMENT}`

/**
 * A payment row p's amount net of its refunds (payments' payment_refunds, asked for or made,
 * attributed to the row) and of its lost disputes (payment_disputes with status `lost`: the money
 * went back to the cardholder; a dispute won, or still open, leaves the payment counted, so a
 * dispute won after a `lost` event, or a replay of any event, moves revenue to the same figure).
 * A fully refunded row is no longer `paid` and is left out by the callers (docs/payments.md).
 */
export const PAYMENT_NET_AMOUNT = `(p.amount - (COALESCE((SELECT SUM(r.amount_cents) FROM payment_refunds r WHERE r.payment_id = p.id AND r.status IN ('pending', 'succeeded')), 0) + COALESCE((SELECT SUM(d.amount_cents) FROM payment_disputes d WHERE d.payment_id = p.id AND d.status = 'lost'), 0)) / 100.0)`

/** A payment row p in USD, net of refunds. */
export const PAYMENT_USD = `${PAYMENT_NET_AMOUNT} * ${USD_PER_UNIT}`

/** Subscription statuses that count as running (and bill). */
export const LIVE_SUBSCRIPTION_STATUSES = ['active', 'trialing']

/** "Problematic" subscriptions (docs/backoffice.md): payment trouble the provider reports. */
export const PROBLEMATIC_STATUSES = ['past_due', 'unpaid', 'incomplete', 'incomplete_expired']
