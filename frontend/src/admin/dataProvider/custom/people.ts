import { call } from '../httpClient'
import { query } from '../crud'
import type { ApiAnswer } from '../../../common/api_contract'

/** Members, their invitations and secure links, subscriptions, email overrides and administrators. */
export const peopleMethods = {
  memberStats: () =>
    call<ApiAnswer<'/api/admin/members-stats', 'get'>>('GET', '/admin/members-stats'),
  memberInvitations: (memberId: number | string) =>
    call<ApiAnswer<'/api/admin/members/{id}/invitations', 'get'>>(
      'GET',
      `/admin/members/${memberId}/invitations`
    ),
  blockPrincipal: (id: number | string, action: 'block' | 'unblock', reason?: string) =>
    call<ApiAnswer<'/api/admin/members/{id}/block', 'patch'>>(
      'PATCH',
      `/admin/members/${id}/block`,
      reason ? { action, reason } : { action }
    ),
  /** docs/privacy.md: the typed phrase is "ERASE <member ID>". */
  eraseMember: (id: number | string, confirmation: string) =>
    call<ApiAnswer<'/api/admin/members/{id}/erasure', 'post'>>(
      'POST',
      `/admin/members/${id}/erasure`,
      { confirmation }
    ),
  generateToken: (memberId: number | string) =>
    call<ApiAnswer<'/api/admin/generate-migration-token', 'post'>>(
      'POST',
      '/admin/generate-migration-token',
      { memberId }
    ),
  /** Links for the selected members (memberIds), else for those the list shows for `search`. */
  generateBulkTokens: (scope: { search?: string; memberIds?: number[] }) =>
    call<ApiAnswer<'/api/admin/generate-bulk-migration-tokens', 'post'>>(
      'POST',
      '/admin/generate-bulk-migration-tokens',
      scope
    ),
  sendInvitations: (memberIds: (number | string)[]) =>
    call<ApiAnswer<'/api/admin/send-migration-invitations', 'post'>>(
      'POST',
      '/admin/send-migration-invitations',
      { memberIds },
      { partialFailure: true }
    ),
  subscriptionStats: () =>
    call<ApiAnswer<'/api/admin/subscriptions/stats', 'get'>>('GET', '/admin/subscriptions/stats'),
  markReviewed: (id: number | string) =>
    call<ApiAnswer<'/api/admin/subscriptions/{id}/mark-reviewed', 'post'>>(
      'POST',
      `/admin/subscriptions/${id}/mark-reviewed`
    ),
  subscriptionPayments: (id: number | string) =>
    call<ApiAnswer<'/api/admin/subscriptions/{id}/payments', 'get'>>(
      'GET',
      `/admin/subscriptions/${id}/payments`
    ),
  searchOverrideMembers: (q: string) =>
    call<ApiAnswer<'/api/admin/email-overrides-search-members', 'get'>>(
      'GET',
      `/admin/email-overrides-search-members${query({ q })}`
    ),
  /** currentPassword: when the administrator changes their own (the server asks for it). */
  changeAdminPassword: (id: number | string, newPassword: string, currentPassword?: string) =>
    call<ApiAnswer<'/api/admin/admin-users/{id}/change-password', 'post'>>(
      'POST',
      `/admin/admin-users/${id}/change-password`,
      currentPassword === undefined ? { newPassword } : { newPassword, currentPassword }
    ),
  /** An Owner removes another administrator's second factor (they enrol again at their next sign-in). */
  resetSecondFactor: (id: number | string) =>
    call<ApiAnswer<'/api/admin/admin-users/{id}/reset-two-factor', 'post'>>(
      'POST',
      `/admin/admin-users/${id}/reset-two-factor`
    ),
}
