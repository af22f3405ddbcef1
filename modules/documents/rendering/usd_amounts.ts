import { roundCents, toCents, type Cents } from '#modules/shared/index'
import type { MigrationContext } from '../services/migration_context.js'

/**
 * Documents state amounts in USD whatever the member paid in. The
 * migration's USD total is split over its members in proportion to their
 * premiums (largest remainder, so the parts add up to the total exactly);
 * annual premiums are converted with the same ratio.
 */
export function usdAmounts(
  context: MigrationContext
): Map<number, { premium: Cents; annual: Cents }> {
  const totalUsd = toCents(context.migration.total_amount_usd)
  const paid = context.members.map((entry) => toCents(entry.selection.calculated_premium))
  const paidTotal = paid.reduce((sum, value) => sum + value, 0)
  const ratio = paidTotal > 0 ? totalUsd / paidTotal : 0
  const shares = allocate(totalUsd, paid)
  return new Map(
    context.members.map((entry, i) => [
      entry.member.id,
      { premium: shares[i], annual: roundCents(toCents(entry.selection.annual_premium) * ratio) },
    ])
  )
}

/** Splits `total` cents in proportion to `weights`; the cents lost to rounding go to the largest remainders. */
function allocate(total: Cents, weights: Cents[]): Cents[] {
  const sum = weights.reduce((a, b) => a + b, 0)
  if (sum === 0) return weights.map(() => 0)
  const exact = weights.map((weight) => (total * weight) / sum)
  const parts = exact.map((value) => Math.floor(value))
  let left = total - parts.reduce((a, b) => a + b, 0)
  const order = exact
    .map((value, i) => ({ i, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest)
  for (const { i } of order) {
    if (left <= 0) break
    parts[i]++
    left--
  }
  return parts
}
