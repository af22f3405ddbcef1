import type { ApiAnswer } from '../../../common/api_contract'

export type DunningCase = ApiAnswer<'/api/admin/finance/dunning/{id}', 'get'>

/** The dunning stage in words. */
export function stageLabel(stage: string) {
  if (stage === 'paid') return 'Paid'
  if (stage === 'lapsed') return 'Lapsed (provider gave up)'
  if (stage === 'notice_pending') return 'Email pending'
  if (stage === 'failure_email') return 'Failure email sent'
  const reminder = /^reminder_(\d+)$/.exec(stage)
  return reminder ? `Reminder ${reminder[1]} sent` : stage
}

/** The dunning cases' status filter (docs/payments.md). */
export const DUNNING_STATUS_CHOICES = [
  { id: 'open', name: 'Unpaid' },
  { id: 'paid', name: 'Paid' },
  { id: 'lapsed', name: 'Lapsed' },
]
