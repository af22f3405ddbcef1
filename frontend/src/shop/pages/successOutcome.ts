/** What the success page says about a migration, from its status as the server knows it. */
export type PaymentOutcome =
  | { kind: 'paid'; reference: string }
  | { kind: 'confirming'; reference: string }
  | { kind: 'not-completed'; reference: string; checkout: string }
  | { kind: 'unknown'; reference: null; checkout: string }

const PAID = ['processing', 'completed', 'completed_with_warnings']
/** The provider's redirect says the card went through; its webhook may still be on its way. */
const PROVIDER_ACCEPTED = ['succeeded', 'processing']
/** The page asks again every 2 s for two minutes; then it stops asking but still says "confirming". */
export const MAX_ASKS = 60

export function paymentOutcome(
  migration: { migrationId: number; migrationReference: string; status: string } | null,
  redirectStatus: string | null
): PaymentOutcome {
  if (!migration) return { kind: 'unknown', reference: null, checkout: '/shop/dashboard' }
  const reference = migration.migrationReference
  if (PAID.includes(migration.status)) return { kind: 'paid', reference }
  if (
    migration.status === 'pending' &&
    redirectStatus &&
    PROVIDER_ACCEPTED.includes(redirectStatus)
  ) {
    return { kind: 'confirming', reference }
  }
  // A pending checkout can still be paid (resumed, docs/shop.md); a failed one cannot.
  const checkout =
    migration.status === 'pending'
      ? `/shop/checkout?migration_id=${migration.migrationId}`
      : '/shop/select'
  return { kind: 'not-completed', reference, checkout }
}
