import { call, downloadFile } from './httpClient'
import { query } from './crud'
import type { ApiAnswer } from '../../common/api_contract'

/**
 * The spec's calls that are not a resource's CRUD (admin-backoffice.md §7), named after what they
 * do. Screens reach them with `useDataProvider()` + react-query, never with fetch.
 */
export const customMethods = {
  dashboardStats: () =>
    call<ApiAnswer<'/api/admin/dashboard-stats', 'get'>>('GET', '/admin/dashboard-stats'),
  dashboardCharts: (days?: number) =>
    call<ApiAnswer<'/api/admin/dashboard-charts', 'get'>>(
      'GET',
      `/admin/dashboard-charts${query({ days })}`
    ),

  // Migrations
  retryMigrationStep: (
    id: number | string,
    step: 'retry-emails' | 'retry-api' | 'regenerate-documents'
  ) =>
    call<ApiAnswer<'/api/admin/migrations/{id}/retry-emails', 'post'>>(
      'POST',
      `/admin/migrations/${id}/${step}`,
      {},
      { partialFailure: true }
    ),
  blockMember: (id: number | string, action: 'block' | 'unblock', reason?: string) =>
    call<ApiAnswer<'/api/admin/migrations/{id}/block', 'patch'>>(
      'PATCH',
      `/admin/migrations/${id}/block`,
      reason ? { action, reason } : { action }
    ),
  apiLogs: (id: number | string) =>
    call<ApiAnswer<'/api/admin/migrations/{id}/api-logs', 'get'>>(
      'GET',
      `/api/admin/migrations/${id}/api-logs`
    ),
  frozenQuote: (id: number | string) =>
    call<ApiAnswer<'/api/admin/migrations/{id}/frozen-quote', 'get'>>(
      'GET',
      `/admin/migrations/${id}/frozen-quote`
    ),
  // Cancel coverage (docs/payments.md): the refund a date implies, then the cancellation
  coverageCancellation: (id: number | string, effectiveOn?: string) =>
    call<ApiAnswer<'/api/admin/migrations/{id}/cancellation', 'get'>>(
      'GET',
      `/admin/migrations/${id}/cancellation${query({ effectiveOn })}`
    ),
  cancelCoverage: (id: number | string, body: { reason: string; effectiveOn: string }) =>
    call<ApiAnswer<'/api/admin/migrations/{id}/cancellation', 'post'>>(
      'POST',
      `/admin/migrations/${id}/cancellation`,
      body
    ),
  consents: (id: number | string) =>
    call<ApiAnswer<'/api/admin/migrations/{id}/consents', 'get'>>(
      'GET',
      `/admin/migrations/${id}/consents`
    ),
  productDocuments: () =>
    call<ApiAnswer<'/api/admin/product-documents', 'get'>>('GET', '/admin/product-documents'),
  /** A product's policy conditions or pre-contract information PDF (replaces the older one). */
  uploadProductDocument: (productName: string, kind: 'conditions' | 'pre_contract', file: File) => {
    const form = new FormData()
    form.append('productName', productName)
    form.append('kind', kind)
    form.append('file', file)
    return call<ApiAnswer<'/api/admin/product-documents', 'post'>>(
      'POST',
      '/admin/product-documents',
      form
    )
  },
  // Email Resend, integration outbox (docs/operations.md §2–§3)
  resendEmailDelivery: (deliveryId: number | string) =>
    call<ApiAnswer<'/api/admin/email-deliveries/{id}/resend', 'post'>>(
      'POST',
      `/admin/email-deliveries/${deliveryId}/resend`
    ),
  migrationOutbox: (id: number | string) =>
    call<ApiAnswer<'/api/admin/migrations/{id}/outbox', 'get'>>(
      'GET',
      `/admin/migrations/${id}/outbox`
    ),
  /** Dead Letters' first page, read for its unknown_emails (issue 27 §5). */
  unknownEmails: () =>
    call<ApiAnswer<'/api/admin/dead-letters', 'get'>>('GET', '/admin/dead-letters?limit=1'),
  replayOutboxJob: (jobId: number | string) =>
    call<ApiAnswer<'/api/admin/outbox/{id}/replay', 'post'>>(
      'POST',
      `/admin/outbox/${jobId}/replay`
    ),
  memberInvitations: (memberId: number | string) =>
    call<ApiAnswer<'/api/admin/members/{id}/invitations', 'get'>>(
      'GET',
      `/admin/members/${memberId}/invitations`
    ),

  // Subscriptions
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

  // Products, currencies, email templates
  refreshProducts: () =>
    call<ApiAnswer<'/api/admin/products/refresh', 'post'>>('POST', '/admin/products/refresh'),
  refreshRates: () =>
    call<ApiAnswer<'/api/currencies/admin/refresh-rates', 'post'>>(
      'POST',
      '/currencies/admin/refresh-rates'
    ),
  schedulerStatus: () =>
    call<ApiAnswer<'/api/currencies/admin/scheduler-status', 'get'>>(
      'GET',
      '/currencies/admin/scheduler-status'
    ),
  emailTemplateVariables: () =>
    call<ApiAnswer<'/api/admin/email-templates/variables', 'get'>>(
      'GET',
      '/admin/email-templates/variables'
    ),
  activateEmailTemplate: (id: number | string) =>
    call<ApiAnswer<'/api/admin/email-templates/{id}/activate', 'post'>>(
      'POST',
      `/admin/email-templates/${id}/activate`
    ),
  previewEmailTemplate: (subject: string, html_content: string) =>
    call<{ subject: string; html: string }>('POST', '/admin/email-templates/preview', {
      subject,
      html_content,
    }),

  // Settings
  settings: () => call<ApiAnswer<'/api/admin/settings', 'get'>>('GET', '/admin/settings'),
  bulkUpdateSettings: (updates: { setting_key: string; setting_value: unknown }[]) =>
    call<ApiAnswer<'/api/admin/settings/bulk-update', 'post'>>(
      'POST',
      '/admin/settings/bulk-update',
      { updates }
    ),
  formatOptions: (kind: 'date-formats' | 'time-formats') =>
    call<ApiAnswer<'/api/admin/settings/options/date-formats', 'get'>>(
      'GET',
      `/admin/settings/options/${kind}`
    ),
  clearSettingsCache: () =>
    call<ApiAnswer<'/api/admin/settings/clear-cache', 'post'>>(
      'POST',
      '/admin/settings/clear-cache'
    ),

  // Email overrides, unmigrated users, secure links
  searchOverrideMembers: (q: string) =>
    call<ApiAnswer<'/api/admin/email-overrides-search-members', 'get'>>(
      'GET',
      `/admin/email-overrides-search-members${query({ q })}`
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

  // Members, admins
  memberStats: () =>
    call<ApiAnswer<'/api/admin/members-stats', 'get'>>('GET', '/admin/members-stats'),
  blockPrincipal: (id: number | string, action: 'block' | 'unblock', reason?: string) =>
    call<ApiAnswer<'/api/admin/members/{id}/block', 'patch'>>(
      'PATCH',
      `/admin/members/${id}/block`,
      reason ? { action, reason } : { action }
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

  // Import and clean
  databaseStats: () => call<ApiAnswer<'/api/admin/data/stats', 'get'>>('GET', '/admin/data/stats'),
  /** Starts the clean: answered when done, or while it still runs (then follow cleanStatus). */
  cleanDatabase: (confirmation: string) =>
    call<ApiAnswer<'/api/admin/data/clean', 'post'>>('POST', '/admin/data/clean', { confirmation }),
  cleanStatus: () => call<ApiAnswer<'/api/admin/data/clean', 'get'>>('GET', '/admin/data/clean'),
  /** The census preview; `mapping` names the file column for census columns the file lacks ({ "Member ID": "Policy Holder No" }). */
  previewImport: (file: File, mapping?: Record<string, string>) => {
    const form = new FormData()
    form.append('file', file)
    if (mapping && Object.keys(mapping).length > 0) form.append('mapping', JSON.stringify(mapping))
    return call<ApiAnswer<'/api/admin/data/preview', 'post'>>('POST', '/admin/data/preview', form)
  },
  /** The preview's skipped rows as a CSV file (the file's columns, Row, Reason). */
  previewErrorsFile: (cacheKey: string) =>
    downloadFile(`/admin/data/preview-errors${query({ cacheKey })}`),
  confirmImport: (cacheKey: string) =>
    call<ApiAnswer<'/api/admin/data/confirm-import', 'post'>>(
      'POST',
      '/admin/data/confirm-import',
      { cacheKey }
    ),
}

export type CustomMethods = typeof customMethods
