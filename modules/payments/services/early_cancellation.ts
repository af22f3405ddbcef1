import { DateTime } from 'luxon'
import { isoDate, today } from '#modules/shared/index'

/**
 * Early cancellation (admin-backoffice.md §4): the subscription is canceled,
 * has a cancelled-at date, and its end date is still in the future.
 */
export function isEarlyCancellation(
  subscription: { status: string; cancelled_at: DateTime | null; ends_on: DateTime | null },
  on: DateTime = today()
) {
  // Compared as calendar dates so the time zone of the stored date cannot matter.
  return (
    subscription.status === 'canceled' &&
    !!subscription.cancelled_at &&
    !!subscription.ends_on &&
    isoDate(subscription.ends_on)! > isoDate(on)!
  )
}

/** Days of cover left after an early cancellation (ceiling of the day difference, never negative). */
export function daysRemaining(endsOn: DateTime | null, on: DateTime = today()) {
  if (!endsOn) return 0
  const end = DateTime.fromISO(isoDate(endsOn)!, { zone: 'utc' })
  return Math.max(0, Math.ceil(end.diff(on, 'days').days))
}
