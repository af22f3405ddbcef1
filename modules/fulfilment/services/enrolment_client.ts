import type ApiConfiguration from '../models/api_configuration.js'

export interface EnrolmentAnswer {
  ok: boolean
  status: number | null
  body: string | null
  error: string | null
}

/** Header that carries the configured credentials (the secret itself is never logged). */
export function authHeaders(config: ApiConfiguration): Record<string, string> {
  const auth = config.auth_config ?? {}
  if (config.auth_type === 'bearer' && auth.token) return { Authorization: `Bearer ${auth.token}` }
  if (config.auth_type === 'api_key' && auth.key) return { [auth.header || 'X-API-Key']: auth.key }
  return {}
}

/** POSTs one enrolment request with the configuration's auth, time-out and the member's Idempotency-Key; never throws. */
export async function postEnrolment(config: ApiConfiguration, body: unknown, idempotencyKey: string): Promise<EnrolmentAnswer> {
  try {
    const response = await fetch(config.endpoint_url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept': 'application/json', 'Idempotency-Key': idempotencyKey, ...authHeaders(config) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(config.timeout_ms || 10_000),
    })
    const text = await response.text()
    return { ok: response.ok, status: response.status, body: text, error: response.ok ? null : `HTTP ${response.status}` }
  } catch (error: any) {
    const timedOut = error?.name === 'TimeoutError' || error?.name === 'AbortError'
    const message = timedOut ? `Timed out after ${config.timeout_ms} ms` : `Request failed: ${error?.cause?.code ?? error?.message ?? error}`
    return { ok: false, status: null, body: null, error: message }
  }
}

/** The person and member ids from an answer ({ personId, memberId }, snake_case or under `data` too). */
export function enrolmentIds(body: string | null): { personId: string | null; memberId: string | null } {
  let parsed: any
  try {
    parsed = body ? JSON.parse(body) : null
  } catch {
    parsed = null
  }
  const source = parsed?.data && typeof parsed.data === 'object' ? parsed.data : parsed
  const pick = (...keys: string[]) => {
    for (const key of keys) if (source?.[key] !== undefined && source[key] !== null) return String(source[key]).slice(0, 64)
    return null
  }
  return { personId: pick('personId', 'person_id'), memberId: pick('memberId', 'member_id') }
}
