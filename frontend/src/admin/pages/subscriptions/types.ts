import type { ApiAnswer } from '../../../common/api_contract'

/** A row of the three tabs. */
export type SubscriptionRow = ApiAnswer<'/api/admin/subscriptions', 'get'>['subscriptions'][number]

/** Each tab's resource. */
export const TABS = {
  all: 'subscriptions',
  early: 'early-cancellations',
  problematic: 'problematic-subscriptions',
} as const
export type TabName = keyof typeof TABS
