import logger from '@adonisjs/core/services/logger'
import { OutboundUrlRefused, outboundRequest } from '#modules/shared/index'
import type ApiConfiguration from '../models/api_configuration.js'

/** An insurer's answer is stored in api_logs; more than this is not an enrolment answer. */
const MAX_ANSWER_BYTES = 1024 * 1024

export interface EnrolmentAnswer {
  ok: boolean
  status: number | null
  body: string | null
  error: string | null
}

/** Header that carries the configured credentials (the secret itself is never logged). */
function authHeaders(config: ApiConfiguration): Record<string, string> {
  const auth = config.auth_config ?? {}
  if (config.auth_type === 'bearer' && auth.token) return { Authorization: `Bearer ${auth.token}` }
  if (config.auth_type === 'api_key' && auth.key) return { [auth.header || 'X-API-Key']: auth.key }
  return {}
}

/**
 * POSTs one enrolment request with the configuration's auth, time-out and the member's
 * Idempotency-Key, under the outbound-URL policy (a URL whose host now resolves to a blocked
 * address is refused and nothing is sent); never throws.
 */
export async function postEnrolment(
  config: ApiConfiguration,
  body: unknown,
  idempotencyKey: string
): Promise<EnrolmentAnswer> {
  return postToInsurer(config, config.endpoint_url, body, idempotencyKey)
}

/** The same POST to another endpoint of the configuration (its cancellation endpoint). */
export async function postToInsurer(
  config: ApiConfiguration,
  url: string,
  body: unknown,
  idempotencyKey: string
): Promise<EnrolmentAnswer> {
  const timeoutMs = config.timeout_ms || 10_000
  try {
    const response = await outboundRequest(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Accept': 'application/json',
        'Idempotency-Key': idempotencyKey,
        ...authHeaders(config),
      },
      body: JSON.stringify(body),
      timeoutMs,
      maxBytes: MAX_ANSWER_BYTES,
    })
    const text = response.body.toString('utf8')
    return {
      ok: response.ok,
      status: response.status,
      body: text,
      error: response.ok ? null : `HTTP ${response.status}`,
    }
  } catch (error: any) {
    if (error instanceof OutboundUrlRefused) {
      logger.warn(
        { apiConfigId: config.id, reason: error.message },
        'insurer call refused by the outbound-URL policy'
      )
      return {
        ok: false,
        status: null,
        body: null,
        error: `Refused by the outbound-URL policy: ${error.message}`,
      }
    }
    const timedOut = error?.name === 'TimeoutError' || error?.name === 'AbortError'
    const message = timedOut
      ? `Timed out after ${timeoutMs} ms`
      : `Request failed: ${error?.code ?? error?.cause?.code ?? error?.message ?? error}`
    return { ok: false, status: null, body: null, error: message }
  }
}

/** The person and member ids from an answer ({ personId, memberId }, snake_case or under `data` too). */
export function enrolmentIds(body: string | null): {
  personId: string | null
  memberId: string | null
} {
  let parsed: any
  try {
    parsed = body ? JSON.parse(body) : null
  } catch {
    parsed = null
  }
  const source = parsed?.data && typeof parsed.data === 'object' ? parsed.data : parsed
  const pick = (...keys: string[]) => {
    for (const key of keys)
      if (source?.[key] !== undefined && source[key] !== null)
        return String(source[key]).slice(0, 64)
    return null
  }
  return { personId: pick('personId', 'person_id'), memberId: pick('memberId', 'member_id') }
}
