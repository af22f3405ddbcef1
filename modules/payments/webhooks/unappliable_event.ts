/**
 * A provider event whose content cannot be applied (an amount missing or not
 * whole cents, no creation time). Thrown before anything is written: the
 * event's transaction rolls back, and the event is recorded with this reason
 * instead, so the provider is answered 2xx and does not retry it forever.
 */
export class UnappliableEvent extends Error {}

/** An amount in cents from a provider object, or UnappliableEvent naming the field. */
export function requireCents(object: Record<string, any>, field: string, kind: string): number {
  const value = object[field]
  if (!Number.isSafeInteger(value) || value < 0)
    throw new UnappliableEvent(
      `The ${kind} has no valid ${field} (${value === undefined ? 'missing' : JSON.stringify(value)})`
    )
  return value
}

/** A creation time (Unix seconds) from a provider object, or UnappliableEvent. */
export function requireCreated(object: Record<string, any>, kind: string): number {
  const value = object.created
  if (!Number.isSafeInteger(value) || value <= 0)
    throw new UnappliableEvent(`The ${kind} has no valid created time`)
  return value
}
