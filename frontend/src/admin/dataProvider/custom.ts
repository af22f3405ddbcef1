import { call, downloadFile } from './httpClient'
import { query } from './crud'

/**
 * The spec's calls that are not a resource's CRUD (admin-backoffice.md §7), named after what they
 * do. Screens reach them with `useDataProvider()` + react-query, never with fetch.
 */
export const customMethods = {
  dashboardStats: () => call('GET', '/admin/dashboard-stats'),
  dashboardCharts: (days?: number) => call('GET', `/admin/dashboard-charts${query({ days })}`),

  // Migrations
  retryMigrationStep: (
    id: number | string,
    step: 'retry-emails' | 'retry-api' | 'regenerate-documents'
  ) => call('POST', `/admin/migrations/${id}/${step}`, {}, { partialFailure: true }),
  blockMember: (id: number | string, action: 'block' | 'unblock', reason?: string) =>
    call('PATCH', `/admin/migrations/${id}/block`, reason ? { action, reason } : { action }),
  apiLogs: (id: number | string) => call('GET', `/api/admin/migrations/${id}/api-logs`),
  frozenQuote: (id: number | string) => call('GET', `/admin/migrations/${id}/frozen-quote`),
  // Cancel coverage (docs/payments.md): the refund a date implies, then the cancellation
  coverageCancellation: (id: number | string, effectiveOn?: string) =>
    call('GET', `/admin/migrations/${id}/cancellation${query({ effectiveOn })}`),
  cancelCoverage: (id: number | string, body: { reason: string; effectiveOn: string }) =>
    call('POST', `/admin/migrations/${id}/cancellation`, body),
  consents: (id: number | string) => call('GET', `/admin/migrations/${id}/consents`),
  productDocuments: () => call('GET', '/admin/product-documents'),
  /** A product's policy conditions or pre-contract information PDF (replaces the older one). */
  uploadProductDocument: (productName: string, kind: 'conditions' | 'pre_contract', file: File) => {
    const form = new FormData()
    form.append('productName', productName)
    form.append('kind', kind)
    form.append('file', file)
    return call('POST', '/admin/product-documents', form)
  },
  // Email Resend, integration outbox (docs/operations.md §2–§3)
  resendEmailDelivery: (deliveryId: number | string) =>
    call('POST', `/admin/email-deliveries/${deliveryId}/resend`),
  migrationOutbox: (id: number | string) => call('GET', `/admin/migrations/${id}/outbox`),
  /** Dead Letters' first page, read for its unknown_emails (issue 27 §5). */
  unknownEmails: () => call('GET', '/admin/dead-letters?limit=1'),
  replayOutboxJob: (jobId: number | string) => call('POST', `/admin/outbox/${jobId}/replay`),
  memberInvitations: (memberId: number | string) =>
    call('GET', `/admin/members/${memberId}/invitations`),

  // Subscriptions
  subscriptionStats: () => call('GET', '/admin/subscriptions/stats'),
  markReviewed: (id: number | string) => call('POST', `/admin/subscriptions/${id}/mark-reviewed`),
  subscriptionPayments: (id: number | string) => call('GET', `/admin/subscriptions/${id}/payments`),

  // Products, currencies, email templates
  refreshProducts: () => call('POST', '/admin/products/refresh'),
  refreshRates: () => call('POST', '/currencies/admin/refresh-rates'),
  schedulerStatus: () => call('GET', '/currencies/admin/scheduler-status'),
  emailTemplateVariables: () => call('GET', '/admin/email-templates/variables'),
  activateEmailTemplate: (id: number | string) =>
    call('POST', `/admin/email-templates/${id}/activate`),
  previewEmailTemplate: (subject: string, html_content: string) =>
    call<{ subject: string; html: string }>('POST', '/admin/email-templates/preview', {
      subject,
      html_content,
    }),

  // Settings
  settings: () => call('GET', '/admin/settings'),
  bulkUpdateSettings: (updates: { setting_key: string; setting_value: unknown }[]) =>
    call('POST', '/admin/settings/bulk-update', { updates }),
  formatOptions: (kind: 'date-formats' | 'time-formats') =>
    call('GET', `/admin/settings/options/${kind}`),
  clearSettingsCache: () => call('POST', '/admin/settings/clear-cache'),

  // Email overrides, unmigrated users, secure links
  searchOverrideMembers: (q: string) =>
    call('GET', `/admin/email-overrides-search-members${query({ q })}`),
  generateToken: (memberId: number | string) =>
    call('POST', '/admin/generate-migration-token', { memberId }),
  /** Links for the selected members (memberIds), else for those the list shows for `search`. */
  generateBulkTokens: (scope: { search?: string; memberIds?: number[] }) =>
    call('POST', '/admin/generate-bulk-migration-tokens', scope),
  sendInvitations: (memberIds: (number | string)[]) =>
    call('POST', '/admin/send-migration-invitations', { memberIds }, { partialFailure: true }),

  // Members, admins
  memberStats: () => call('GET', '/admin/members-stats'),
  blockPrincipal: (id: number | string, action: 'block' | 'unblock', reason?: string) =>
    call('PATCH', `/admin/members/${id}/block`, reason ? { action, reason } : { action }),
  /** currentPassword: when the administrator changes their own (the server asks for it). */
  changeAdminPassword: (id: number | string, newPassword: string, currentPassword?: string) =>
    call(
      'POST',
      `/admin/admin-users/${id}/change-password`,
      currentPassword === undefined ? { newPassword } : { newPassword, currentPassword }
    ),

  /** An Owner removes another administrator's second factor (they enrol again at their next sign-in). */
  resetSecondFactor: (id: number | string) =>
    call('POST', `/admin/admin-users/${id}/reset-two-factor`),

  // Import and clean
  databaseStats: () => call('GET', '/admin/data/stats'),
  /** Starts the clean: answered when done, or while it still runs (then follow cleanStatus). */
  cleanDatabase: (confirmation: string) => call('POST', '/admin/data/clean', { confirmation }),
  cleanStatus: () => call('GET', '/admin/data/clean'),
  /** The census preview; `mapping` names the file column for census columns the file lacks ({ "Member ID": "Policy Holder No" }). */
  previewImport: (file: File, mapping?: Record<string, string>) => {
    const form = new FormData()
    form.append('file', file)
    if (mapping && Object.keys(mapping).length > 0) form.append('mapping', JSON.stringify(mapping))
    return call('POST', '/admin/data/preview', form)
  },
  /** The preview's skipped rows as a CSV file (the file's columns, Row, Reason). */
  previewErrorsFile: (cacheKey: string) =>
    downloadFile(`/admin/data/preview-errors${query({ cacheKey })}`),
  confirmImport: (cacheKey: string) => call('POST', '/admin/data/confirm-import', { cacheKey }),
}

export type CustomMethods = typeof customMethods
