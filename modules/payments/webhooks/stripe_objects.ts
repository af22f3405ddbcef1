import { DateTime } from 'luxon'

/**
 * Readers for fields whose place changed between Stripe API versions, so
 * events of an older account version and of the SDK's version both work.
 * (2025-03 moved invoice.subscription under invoice.parent and
 * subscription.current_period_end onto its items.)
 */
type Loose = Record<string, any>

const idOf = (value: unknown): string | null =>
  typeof value === 'string'
    ? value
    : value && typeof value === 'object'
      ? ((value as Loose).id ?? null)
      : null

export function invoiceSubscriptionId(invoice: Loose): string | null {
  return idOf(invoice.parent?.subscription_details?.subscription) ?? idOf(invoice.subscription)
}

/** The migration id the creating side put in metadata (subscription metadata is copied onto its invoices). */
export function invoiceMigrationId(invoice: Loose): number | null {
  return (
    migrationIdFrom(invoice.parent?.subscription_details?.metadata) ??
    migrationIdFrom(invoice.subscription_details?.metadata) ??
    migrationIdFrom(invoice.metadata)
  )
}

export function migrationIdFrom(metadata: Loose | null | undefined): number | null {
  const value = Number(metadata?.migration_id)
  return Number.isInteger(value) && value > 0 ? value : null
}

/**
 * The subscription ended at or after the plan end we gave it (metadata plan_ends_at, the cancel_at
 * after the last installment): its schedule completed, nobody cancelled it.
 */
export function endedOnSchedule(subscription: Loose): boolean {
  const planEnd = Number(subscription.metadata?.plan_ends_at)
  const endedAt = subscription.ended_at
  return (
    subscription.status === 'canceled' &&
    planEnd > 0 &&
    typeof endedAt === 'number' &&
    endedAt >= planEnd
  )
}

export function subscriptionPeriodEnd(subscription: Loose): DateTime | null {
  return fromUnix(
    subscription.current_period_end ?? subscription.items?.data?.[0]?.current_period_end
  )
}

/** The billing period an invoice pays for (its first line's period; invoice fields as fallback). */
export function invoicePeriod(invoice: Loose): { start: DateTime | null; end: DateTime | null } {
  const line = invoice.lines?.data?.[0]?.period
  return {
    start: fromUnix(line?.start ?? invoice.period_start),
    end: fromUnix(line?.end ?? invoice.period_end),
  }
}

export function fromUnix(seconds: unknown): DateTime | null {
  return typeof seconds === 'number' && seconds > 0 ? DateTime.fromSeconds(seconds) : null
}
