import { appendFileSync } from 'node:fs'
import router from '@adonisjs/core/services/router'
import { answerSchema, describeErrors, openApiPath } from '#modules/api_contract/index'

/**
 * Every answer the functional tests receive is checked against the OpenAPI
 * document: the route (matched as the server matches it), the status and
 * the JSON body against the documented schema. With CONTRACT_RECORD=<file>
 * the answers are written there instead (to draft schemas from).
 */
const RECORD = process.env.CONTRACT_RECORD

export function checkAnswer(
  method: string,
  url: string,
  status: number,
  contentType: string | null,
  text: string,
  requestId?: string | null
) {
  const { pathname } = new URL(url, 'http://localhost')
  const matched = router.match(pathname, method === 'HEAD' ? 'GET' : method)
  if (!matched || !pathname.startsWith('/api') || matched.route.name === 'api.not_found') return
  const isJson = (contentType ?? '').includes('application/json')
  let body: unknown
  if (isJson) {
    try {
      body = JSON.parse(text)
    } catch {
      body = undefined
    }
  }
  if (RECORD) {
    appendFileSync(
      RECORD,
      JSON.stringify({
        name: matched.route.name,
        pattern: matched.route.pattern,
        method,
        status,
        json: isJson,
        body,
      }) + '\n'
    )
    return
  }
  const schema = answerSchema(method, openApiPath(matched.route.pattern), status)
  const where = `${method} ${matched.route.pattern} → ${status}`
  if (schema === undefined) throw new Error(`API contract: ${where} is not documented`)
  if (schema && isJson && !schema.check(body)) {
    throw new Error(
      `API contract: ${where} does not match its schema: ${describeErrors(schema.check)}`
    )
  }
  // An error names its request: the same id as the X-Request-Id header (and the log lines).
  if (
    status >= 400 &&
    isJson &&
    requestId !== undefined &&
    (body as { requestId?: unknown })?.requestId !== requestId
  ) {
    throw new Error(
      `API contract: ${where} carries requestId ${JSON.stringify((body as any)?.requestId)}, not the answer's X-Request-Id ${requestId}`
    )
  }
}

/** An error body without its requestId (checked against the header for every answer above), for exact comparisons. */
export function withoutRequestId<T>(body: T): T {
  if (!body || typeof body !== 'object') return body
  const { requestId: _requestId, ...rest } = body as Record<string, unknown>
  return rest as T
}
