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

/** Keywords that give a schema a type (a schema with none of them accepts anything). */
const TYPED = ['type', 'const', 'enum', 'anyOf', 'oneOf', 'allOf', '$ref', 'not']

/**
 * The answer schema as the tests hold it: an object lists all its fields
 * (additionalProperties false unless it says otherwise), and a field typed
 * `{}` (anything) is a contract error. The values of a free-form map
 * (additionalProperties / patternProperties) may be any JSON.
 */
export function strictSchema(schema: any, where = 'answer'): any {
  if (Array.isArray(schema))
    return schema.map((item, index) => strictSchema(item, `${where}[${index}]`))
  if (!schema || typeof schema !== 'object') return schema
  if (!TYPED.some((key) => key in schema))
    throw new Error(`API contract: ${where} has no type ({} accepts anything)`)
  const strict: any = { ...schema }
  for (const key of ['items', 'not'])
    if (schema[key]) strict[key] = strictSchema(schema[key], `${where}.${key}`)
  for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems'])
    if (schema[key]) strict[key] = strictSchema(schema[key], `${where}.${key}`)
  if (schema.properties) {
    strict.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([name, property]) => [
        name,
        strictSchema(property, `${where}.${name}`),
      ])
    )
  }
  if (
    schema.type === 'object' &&
    !('additionalProperties' in schema) &&
    !('patternProperties' in schema)
  )
    strict.additionalProperties = false
  return strict
}

/** The components every answer schema may `$ref`, made strict the same way. */
function strictComponents(document: any) {
  return Object.fromEntries(
    Object.entries<any>(document.components.schemas).map(([name, schema]) => [
      name,
      strictSchema(schema, name),
    ])
  )
}

function schemaFor(path: string, method: string, status: number) {
  const key = `${method} ${path} ${status}`
  if (!compiled.has(key)) {
    const document = apiDocument() as any
    const responses = document.paths[path]?.[method.toLowerCase()]?.responses
    let answer = responses?.[status] ?? (status >= 400 ? responses?.default : undefined)
    if (answer?.$ref) answer = document.components.responses[answer.$ref.split('/').pop()]
    const schema = answer?.content?.['application/json']?.schema
    // $refs point into the document's components: compile the schema with them at its root.
    const rooted = schema
      ? { ...strictSchema(schema, key), components: { schemas: strictComponents(document) } }
      : undefined
    compiled.set(
      key,
      answer === undefined ? (undefined as any) : rooted ? ajv.compile(rooted) : null
    )
  }
  return compiled.get(key)
}

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
  const path = matched.route.pattern
    .replace(/:([A-Za-z0-9_]+)\??/g, '{$1}')
    .replace(/\*$/, '{path}')
  const validate = schemaFor(path, method, status)
  const where = `${method} ${matched.route.pattern} → ${status}`
  if (validate === undefined) throw new Error(`API contract: ${where} is not documented`)
  if (validate && isJson && !validate(body)) {
    throw new Error(
      `API contract: ${where} does not match its schema: ${ajv.errorsText(validate.errors)}`
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
