import { call } from '../httpClient'
import type { ApiAnswer } from '../../../common/api_contract'

/** The Members list's bulk actions beside the ones it shares with Unmigrated Users (people.ts). */
export const memberBulkMethods = {
  blockMembers: (memberIds: (number | string)[], action: 'block' | 'unblock', reason?: string) =>
    call<ApiAnswer<'/api/admin/members/bulk-block', 'post'>>('POST', '/admin/members/bulk-block', {
      memberIds: memberIds.map(Number),
      action,
      ...(reason ? { reason } : {}),
    }),
}
