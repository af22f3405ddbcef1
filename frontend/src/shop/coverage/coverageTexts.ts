import type { MessageKey } from '../i18n/messages'

/**
 * The key benefits the "what you buy" card lists, as catalogue keys (i18n/): the
 * card's other words are catalogue entries named `coverage.*` and `consent.*`.
 */
export const BENEFITS: MessageKey[] = [
  'coverage.benefit.inpatient',
  'coverage.benefit.outpatient',
  'coverage.benefit.evacuation',
]
