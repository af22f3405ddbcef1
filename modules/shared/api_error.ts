import { Exception } from '@adonisjs/core/exceptions'

/**
 * A failure a client should see as `{ success: false, error: message }`
 * with the given HTTP status. Services throw it; the exception handler
 * turns it into the response.
 */
export class ApiError extends Exception {
  /** The input field the message is about, sent as `errors: [{ field, message }]` like VineJS's 422s. */
  readonly field?: string

  constructor(message: string, status = 400, options?: { code?: string; field?: string }) {
    super(message, { status, code: options?.code ?? 'E_API_ERROR' })
    this.field = options?.field
  }
}
