import type { ApiAnswer } from '../../../common/api_contract'

export type FinanceRefund = ApiAnswer<'/api/admin/finance/refunds/{id}', 'get'>
export type FinanceDispute = ApiAnswer<'/api/admin/finance/disputes/{id}', 'get'>

export const REFUND_STATUS_CHOICES = [
  { id: 'pending', name: 'Pending' },
  { id: 'succeeded', name: 'Succeeded' },
  { id: 'failed', name: 'Failed' },
  { id: 'canceled', name: 'Canceled' },
]
export const ORIGIN_CHOICES = [
  { id: 'portal', name: 'Cancellation in the portal' },
  { id: 'provider', name: 'Made at the provider' },
]
export const DISPUTE_STATUS_CHOICES = [
  { id: 'warning_needs_response', name: 'Inquiry: needs response' },
  { id: 'needs_response', name: 'Needs response' },
  { id: 'under_review', name: 'Under review' },
  { id: 'won', name: 'Won' },
  { id: 'lost', name: 'Lost' },
]

export const originLabel = (origin: string) =>
  origin === 'portal' ? 'Portal' : origin === 'provider' ? 'Provider' : origin
export const disputeStatusLabel = (status: string) =>
  DISPUTE_STATUS_CHOICES.find((choice) => choice.id === status)?.name ?? status.replace(/_/g, ' ')
