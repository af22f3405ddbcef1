import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import { apiDocument } from './api_document.js'

/*
| The answer schemas of the OpenAPI document, compiled once per route and status, for the server's
| answer serializer (backend/middleware/answer_schema_middleware.ts) and the tests' contract check
| (tests/helpers/api_contract.ts): one reading of the contract for both.
*/

/** Keywords that give a schema a type (a schema with none of them accepts anything). */
const TYPED = ['type', 'const', 'enum', 'anyOf', 'oneOf', 'allOf', '$ref', 'not']

/**
 * The answer schema as it is enforced: an object lists all its fields (additionalProperties false
 * unless it says otherwise), and a field typed `{}` (anything) is a contract error. The values of a
 * free-form map (additionalProperties / patternProperties) may be any JSON.
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

const options = { strict: false, validateFormats: false, allErrors: false } as const
const checking = new Ajv2020(options)
/** Validating with it drops every field the schema does not name (additionalProperties false). */
const cleaning = new Ajv2020({ ...options, removeAdditional: true })

interface AnswerSchema {
  /** True when the JSON answer is exactly what the contract names. */
  check: ValidateFunction
  /** Drops the fields the contract does not name from `value` (in place), then checks it. */
  clean: ValidateFunction
}

/** The route's documented status answers: `undefined` when the route is not documented at all. */
type Compiled = AnswerSchema | null | undefined
const compiled = new Map<string, Compiled>()

function componentsOf(document: any) {
  return Object.fromEntries(
    Object.entries<any>(document.components.schemas).map(([name, schema]) => [
      name,
      strictSchema(schema, name),
    ])
  )
}

/**
 * The compiled answer schema of `method path` (an OpenAPI path, `/api/x/{id}`) at `status`: null
 * when that answer is not JSON or has no schema, undefined when the route or status is not
 * documented.
 */
export function answerSchema(method: string, path: string, status: number): Compiled {
  const key = `${method} ${path} ${status}`
  if (!compiled.has(key)) compiled.set(key, compile(key, method, path, status))
  return compiled.get(key)
}

function compile(key: string, method: string, path: string, status: number): Compiled {
  const document = apiDocument() as any
  const responses = document.paths[path]?.[method.toLowerCase()]?.responses
  let answer = responses?.[status] ?? (status >= 400 ? responses?.default : undefined)
  if (answer === undefined) return undefined
  if (answer.$ref) answer = document.components.responses[answer.$ref.split('/').pop()]
  const schema = answer?.content?.['application/json']?.schema
  if (!schema) return null
  // $refs point into the document's components: compile the schema with them at its root.
  const rooted = { ...strictSchema(schema, key), components: { schemas: componentsOf(document) } }
  return { check: checking.compile(rooted), clean: cleaning.compile(rooted) }
}

/** Ajv's errors in one line, each with its path and, for an unknown field, the field's name. */
export function describeErrors(validate: ValidateFunction) {
  return (validate.errors ?? [])
    .map((error) => {
      const field = (error.params as { additionalProperty?: string }).additionalProperty
      return `data${error.instancePath} ${error.message}${field ? ` (${field})` : ''}`
    })
    .join(', ')
}
