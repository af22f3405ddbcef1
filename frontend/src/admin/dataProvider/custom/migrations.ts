import { call } from '../httpClient'
import { query } from '../crud'
import type { ApiAnswer } from '../../../common/api_contract'

/** A migration's actions and details: retries, blocking, API logs, the cancellation, its emails and outbox. */
export const migrationMethods = {
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
  creditNotes: (id: number | string) =>
    call<ApiAnswer<'/api/admin/migrations/{id}/credit-notes', 'get'>>(
      'GET',
      `/admin/migrations/${id}/credit-notes`
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
  /** Dead Letters' first page, read for its unknown_emails. */
  unknownEmails: () =>
    call<ApiAnswer<'/api/admin/dead-letters', 'get'>>('GET', '/admin/dead-letters?limit=1'),
  replayOutboxJob: (jobId: number | string) =>
    call<ApiAnswer<'/api/admin/outbox/{id}/replay', 'post'>>(
      'POST',
      `/admin/outbox/${jobId}/replay`
    ),
}
