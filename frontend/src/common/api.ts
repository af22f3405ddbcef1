import type { ApiInitArgs, ApiMethod, ApiPathFor, ApiResult } from './api_contract'

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

export function xsrfToken(): string | null {
  const match = document.cookie.match(/(?:^|;\s*)XSRF-TOKEN=([^;]+)/)
  return match ? decodeURIComponent(match[1]) : null
}

/** Makes sure shield has issued the XSRF cookie (it does on any GET). */
async function ensureXsrfToken() {
  if (!xsrfToken()) await apiFetch('/api/health', { credentials: 'include' }).catch(() => undefined)
}

/** The calls that replace the session (and so its cookie): sign-in and sign-out, member and admin. */
const SESSION_SWITCHES = new Set([
  '/api/auth/login',
  '/api/auth/validate-token',
  '/api/auth/logout',
  '/api/admin/login',
  '/api/admin/login/code',
  '/api/admin/login/passkey',
  '/api/admin/logout',
])
const inFlight = new Set<Promise<unknown>>()
let switching: Promise<unknown> | null = null

/**
 * Every answer carries the session cookie its request was sent with. An answer to a call sent before a
 * sign-in (the page's branding, say) arriving after the sign-in's answer would put the browser back on
 * the replaced session, signed out. So a sign-in or sign-out
 * waits until every call in flight has answered, and calls made meanwhile wait until it has.
 */
export async function apiFetch(path: string, init: RequestInit): Promise<Response> {
  while (switching) await switching
  const url = path.startsWith('/api') ? path : `/api${path}`
  if (SESSION_SWITCHES.has(url)) {
    const sent = Promise.allSettled([...inFlight]).then(() => fetch(url, init))
    const done = sent.catch(() => undefined).finally(() => switching === done && (switching = null))
    switching = done
    return sent
  }
  const sent = fetch(url, init)
  inFlight.add(sent)
  void sent.catch(() => undefined).finally(() => inFlight.delete(sent))
  return sent
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

/** The shop's chosen language (its LanguageProvider): sent as Accept-Language on every call. */
let requestLanguage: string | null = null
export function setRequestLanguage(language: string | null) {
  requestLanguage = language
}

type StatusListener = (error: ApiError) => void
const statusListeners = new Set<StatusListener>()

/** Lets a screen react to every failed call (the shop's member pages end the session on a 401). */
export function onApiError(listener: StatusListener): () => void {
  statusListeners.add(listener)
  return () => statusListeners.delete(listener)
}

export async function request<T = any>(
  method: string,
  path: string,
  body?: unknown,
  options: RequestOptions = {}
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' }
  if (requestLanguage) headers['Accept-Language'] = requestLanguage
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
    response = await apiFetch(path, init)
  } catch {
    throw new ApiError('Network error', 0)
  }
  const data = await response.json().catch(() => null)
  if (!response.ok || (data && data.success === false && !options.partialFailure)) {
    const error = new ApiError(
      (data && typeof data.error === 'string' && data.error) || GENERIC_ERROR,
      response.status,
      data
    )
    statusListeners.forEach((listener) => listener(error))
    throw error
  }
  return data as T
}

/** A documented path with its `{parameters}` filled in and its query appended. */
function pathOf(path: string, init: CallInit = {}): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String(init.path?.[name]))
  )
  // The documented queries are scalars (no array parameter): one value each, empty ones left out.
  const query = new URLSearchParams()
  for (const [name, value] of Object.entries(init.query ?? {}))
    if (value !== undefined && value !== null) query.append(name, String(value))
  return query.size ? `${filled}?${query}` : filled
}

interface CallInit {
  path?: Record<string, unknown>
  query?: Record<string, unknown>
  body?: unknown
}

function call<Method extends ApiMethod>(method: Method) {
  return <Path extends ApiPathFor<Method>>(
    path: Path,
    ...args: ApiInitArgs<Path, Method>
  ): Promise<ApiResult<Path, Method>> => {
    const init = args[0] as CallInit | undefined
    const sendsBody = method !== 'get' && method !== 'delete'
    return request(
      method.toUpperCase(),
      pathOf(path, init),
      init?.body ?? (sendsBody ? {} : undefined)
    )
  }
}

/**
 * The calls of the shop and back-office, typed by the route (api_contract.ts): `api.get('/api/member/area')`
 * answers the route's documented JSON, and `api.post('/api/migration/{id}/consent', { path: { id }, body })`
 * checks the path's parameters and the body against the route's.
 */
export const api = {
  get: call('get'),
  post: call('post'),
  put: call('put'),
  patch: call('patch'),
  delete: call('delete'),
}

/** The error answer's language-independent `code` (shared_data/checkout_messages.ts ERROR_CODES), if any. */
export function errorCode(error: unknown): string | undefined {
  const body = error instanceof ApiError ? (error.body as { code?: unknown } | null) : null
  return typeof body?.code === 'string' ? body.code : undefined
}

/** The spec's text for a failure without a reason (the shop shows its own words for it). */
const GENERIC_ERROR = 'An error occurred'

/** The words for a call that got no answer or no reason; the shop sets them in its language. */
const fallbackErrorTexts = { network: 'Network error', generic: GENERIC_ERROR }

export function setFallbackErrorTexts(texts: { network: string; generic: string }) {
  Object.assign(fallbackErrorTexts, texts)
}

/** A failure's reason: the server's (in the request's language), else the fallback words. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 0) return fallbackErrorTexts.network
  const message = error instanceof Error ? error.message : GENERIC_ERROR
  return message === GENERIC_ERROR ? fallbackErrorTexts.generic : message
}
