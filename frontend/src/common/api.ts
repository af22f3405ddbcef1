/**
 * The single HTTP client of the shop and back-office: JSON, cookies, the
 * XSRF header, and the error texts of member-shop.md §7 ("Network error",
 * the server's `error`, or "An error occurred").
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown = null
  ) {
    super(message)
  }
}

function xsrfToken(): string | null {
  const match = document.cookie.match(/(?:^|;\s*)XSRF-TOKEN=([^;]+)/)
  return match ? decodeURIComponent(match[1]) : null
}

/** Makes sure shield has issued the XSRF cookie (it does on any GET). */
async function ensureXsrfToken() {
  if (!xsrfToken()) await fetch('/api/health', { credentials: 'include' }).catch(() => undefined)
}

export interface RequestOptions {
  /**
   * The call answers HTTP 200 with `success: false` for a partial failure
   * that the screen reports itself (the retries of admin-backoffice.md §8,
   * send-migration-invitations): such a body is returned, not thrown.
   * HTTP errors still throw.
   */
  partialFailure?: boolean
}

type StatusListener = (error: ApiError) => void
const statusListeners = new Set<StatusListener>()

/** Lets a screen react to every failed call (the shop's member pages end the session on a 401). */
export function onApiError(listener: StatusListener): () => void {
  statusListeners.add(listener)
  return () => statusListeners.delete(listener)
}

export async function request<T = any>(method: string, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' }
  const init: RequestInit = { method, credentials: 'include', headers }
  if (method !== 'GET' && method !== 'HEAD') {
    await ensureXsrfToken()
    const token = xsrfToken()
    if (token) headers['X-XSRF-TOKEN'] = token
    if (body instanceof FormData) {
      init.body = body
    } else if (body !== undefined) {
      headers['Content-Type'] = 'application/json'
      init.body = JSON.stringify(body)
    }
  }

  let response: Response
  try {
    response = await fetch(path.startsWith('/api') ? path : `/api${path}`, init)
  } catch {
    throw new ApiError('Network error', 0)
  }
  const data = await response.json().catch(() => null)
  if (!response.ok || (data && data.success === false && !options.partialFailure)) {
    const error = new ApiError((data && typeof data.error === 'string' && data.error) || 'An error occurred', response.status, data)
    statusListeners.forEach((listener) => listener(error))
    throw error
  }
  return data as T
}

export const api = {
  get: <T = any>(path: string) => request<T>('GET', path),
  post: <T = any>(path: string, body: unknown = {}, options?: RequestOptions) => request<T>('POST', path, body, options),
  put: <T = any>(path: string, body: unknown = {}) => request<T>('PUT', path, body),
  patch: <T = any>(path: string, body: unknown = {}) => request<T>('PATCH', path, body),
  delete: <T = any>(path: string) => request<T>('DELETE', path),
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : 'An error occurred'
}
