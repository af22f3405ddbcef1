import { appendFileSync } from 'node:fs'
import router from '@adonisjs/core/services/router'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import { apiDocument } from '#modules/api_contract/index'

/**
 * Every answer the functional tests receive is checked against the OpenAPI
 * document: the route (matched as the server matches it), the status and
 * the JSON body against the documented schema. With CONTRACT_RECORD=<file>
 * the answers are written there instead (to draft schemas from).
 */
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false })
const compiled = new Map<string, ValidateFunction | null>()
const RECORD = process.env.CONTRACT_RECORD

function schemaFor(path: string, method: string, status: number) {
  const key = `${method} ${path} ${status}`
  if (!compiled.has(key)) {
    const document = apiDocument() as any
    const responses = document.paths[path]?.[method.toLowerCase()]?.responses
    let answer = responses?.[status] ?? (status >= 400 ? responses?.default : undefined)
    if (answer?.$ref) answer = document.components.responses[answer.$ref.split('/').pop()]
    const schema = answer?.content?.['application/json']?.schema
    const resolved = schema?.$ref === '#/components/schemas/Error' ? document.components.schemas.Error : schema
    compiled.set(key, answer === undefined ? undefined as any : resolved ? ajv.compile(resolved) : null)
  }
  return compiled.get(key)
}

export function checkAnswer(method: string, url: string, status: number, contentType: string | null, text: string, requestId?: string | null) {
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
    appendFileSync(RECORD, JSON.stringify({ name: matched.route.name, pattern: matched.route.pattern, method, status, json: isJson, body }) + '\n')
    return
  }
  const path = matched.route.pattern.replace(/:([A-Za-z0-9_]+)\??/g, '{$1}').replace(/\*$/, '{path}')
  const validate = schemaFor(path, method, status)
  const where = `${method} ${matched.route.pattern} → ${status}`
  if (validate === undefined) throw new Error(`API contract: ${where} is not documented`)
  if (validate && isJson && !validate(body)) {
    throw new Error(`API contract: ${where} does not match its schema: ${ajv.errorsText(validate.errors)}`)
  }
  // An error names its request: the same id as the X-Request-Id header (and the log lines).
  if (status >= 400 && isJson && requestId !== undefined && (body as { requestId?: unknown })?.requestId !== requestId) {
    throw new Error(`API contract: ${where} carries requestId ${JSON.stringify((body as any)?.requestId)}, not the answer's X-Request-Id ${requestId}`)
  }
}

/** An error body without its requestId (checked against the header for every answer above), for exact comparisons. */
export function withoutRequestId<T>(body: T): T {
  if (!body || typeof body !== 'object') return body
  const { requestId: _requestId, ...rest } = body as Record<string, unknown>
  return rest as T
}
