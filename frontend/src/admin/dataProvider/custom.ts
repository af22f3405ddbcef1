import { call } from './httpClient'
import { query } from './crud'

/**
 * The spec's calls that are not a resource's CRUD (admin-backoffice.md §7), named after what they
 * do. Screens reach them with `useDataProvider()` + react-query, never with fetch.
 */
export const customMethods = {
  dashboardStats: () => call('GET', '/admin/dashboard-stats'),

  // Migrations
  retryMigrationStep: (id: number | string, step: 'retry-emails' | 'retry-api' | 'regenerate-documents') => call('POST', `/admin/migrations/${id}/${step}`, {}, { partialFailure: true }),
  blockMember: (id: number | string, action: 'block' | 'unblock', reason?: string) => call('PATCH', `/admin/migrations/${id}/block`, reason ? { action, reason } : { action }),
  apiLogs: (id: number | string) => call('GET', `/api/admin/migrations/${id}/api-logs`),

  // Subscriptions
  subscriptionStats: () => call('GET', '/admin/subscriptions/stats'),
  markReviewed: (id: number | string) => call('POST', `/admin/subscriptions/${id}/mark-reviewed`),
  subscriptionPayments: (id: number | string) => call('GET', `/admin/subscriptions/${id}/payments`),

  // Products, currencies, email templates
  refreshProducts: () => call('POST', '/admin/products/refresh'),
  refreshRates: () => call('POST', '/currencies/admin/refresh-rates'),
  schedulerStatus: () => call('GET', '/currencies/admin/scheduler-status'),
  emailTemplateVariables: () => call('GET', '/admin/email-templates/variables'),
  activateEmailTemplate: (id: number | string) => call('POST', `/admin/email-templates/${id}/activate`),
  previewEmailTemplate: (subject: string, html_content: string) => call<{ subject: string; html: string }>('POST', '/admin/email-templates/preview', { subject, html_content }),

  // Settings
  settings: () => call('GET', '/admin/settings'),
  bulkUpdateSettings: (updates: { setting_key: string; setting_value: unknown }[]) => call('POST', '/admin/settings/bulk-update', { updates }),
  formatOptions: (kind: 'date-formats' | 'time-formats') => call('GET', `/admin/settings/options/${kind}`),
  clearSettingsCache: () => call('POST', '/admin/settings/clear-cache'),

  // Email overrides, unmigrated users, secure links
  searchOverrideMembers: (q: string) => call('GET', `/admin/email-overrides-search-members${query({ q })}`),
  tokenConfig: () => call('GET', '/admin/token-config'),
  generateToken: (memberId: number | string) => call('POST', '/admin/generate-migration-token', { memberId }),
  generateBulkTokens: () => call('POST', '/admin/generate-bulk-migration-tokens'),
  sendInvitations: (memberIds: (number | string)[]) => call('POST', '/admin/send-migration-invitations', { memberIds }, { partialFailure: true }),

  // Members, admins
  memberStats: () => call('GET', '/admin/members-stats'),
  blockPrincipal: (id: number | string, action: 'block' | 'unblock', reason?: string) => call('PATCH', `/admin/members/${id}/block`, reason ? { action, reason } : { action }),
  changeAdminPassword: (id: number | string, newPassword: string) => call('POST', `/admin/admin-users/${id}/change-password`, { newPassword }),

  // Import and clean
  databaseStats: () => call('GET', '/admin/data/stats'),
  cleanDatabase: (confirmation: string) => call('POST', '/admin/data/clean', { confirmation }),
  previewImport: (form: FormData) => call('POST', '/api/admin/data/preview', form),
  confirmImport: (cacheKey: string) => call('POST', '/admin/data/confirm-import', { cacheKey }),
}

export type CustomMethods = typeof customMethods
