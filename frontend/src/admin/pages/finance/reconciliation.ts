import type { ApiAnswer } from '../../../common/api_contract'

export type ReconciliationItem = ApiAnswer<'/api/admin/finance/reconciliation/{id}', 'get'>

export const KIND_CHOICES = [
  { id: 'missing_here', name: 'Missing here' },
  { id: 'missing_at_provider', name: 'Missing at the provider' },
  { id: 'amount_differs', name: 'Amount differs' },
  { id: 'currency_differs', name: 'Currency differs' },
  { id: 'status_differs', name: 'Status differs' },
]

export const OBJECT_CHOICES = [
  { id: 'charge', name: 'Charge' },
  { id: 'refund', name: 'Refund' },
  { id: 'dispute', name: 'Dispute' },
]

export const kindLabel = (kind: string) =>
  KIND_CHOICES.find((choice) => choice.id === kind)?.name ?? kind

/** Cents with the currency, or a dash when that side has no row. */
export function centsLabel(cents: number | null, currency: string | null) {
  if (cents === null) return '—'
  return `${currency ?? ''} ${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`.trim()
}
