import router from '@adonisjs/core/services/router'
import { Type } from '@sinclair/typebox'
import { routeDocs, type RouteDoc } from './registry.js'
import { vineToJsonSchema, type JsonSchema } from './vine_json_schema.js'
import { publishSchema, ValidationIssue } from './shared_schemas.js'
import { ERROR_CODES } from '../../shared_data/checkout_messages.js'

/** Every error answer of the API (decisions.md §2). */
const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['success', 'error', 'requestId'],
  properties: {
    success: { const: false },
    error: { type: 'string' },
    requestId: {
      type: 'string',
      description: 'The X-Request-Id of the answer, also on every log line of the request',
    },
    errors: Type.Array(ValidationIssue),
    code: {
      type: 'string',
      enum: Object.values(ERROR_CODES),
      description:
        'The language-independent name of an error a client acts on (the `error` text is translated for members)',
    },
  },
}

/** The error answers every route may give, described once in components.responses. */
const ERROR_STATUSES: Record<number, [name: string, description: string]> = {
  400: ['BadRequest', 'Malformed request'],
  401: ['Unauthorized', 'Authentication required'],
  403: ['Forbidden', 'Forbidden (CSRF token or rights)'],
  404: ['NotFound', 'Not found'],
  409: ['Conflict', 'Conflict with the current state'],
  413: ['TooLarge', 'Request too large'],
  422: ['Invalid', 'Validation failed'],
  429: ['TooManyRequests', 'Too many attempts'],
  503: ['Unavailable', 'Service temporarily unavailable'],
}

function errorResponse(description: string) {
  return {
    description,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  }
}

export interface RegisteredRoute {
  name?: string
  pattern: string
  methods: string[]
}

/** The routes the application registered (HEAD is implied by GET). */
export function registeredRoutes(): RegisteredRoute[] {
  const byDomain = router.toJSON()
  return Object.values(byDomain)
    .flat()
    .map((route) => ({
      name: route.name,
      pattern: route.pattern,
      methods: route.methods.filter((method) => method !== 'HEAD'),
    }))
}

/** `/api/migration/:id` → `/api/migration/{id}`; a wildcard `*` becomes `{path}`. */
export function openApiPath(pattern: string) {
  return pattern.replace(/:([A-Za-z0-9_]+)\??/g, '{$1}').replace(/\*$/, '{path}')
}

/**
 * Some controllers validate the route params together with the body
 * (`request.validateUsing` sees `{ ...body, params }`): split them apart.
 */
function bodyAndParams(doc: RouteDoc) {
  const body = doc.body ? vineToJsonSchema(doc.body) : undefined
  let params = doc.params ? vineToJsonSchema(doc.params) : undefined
  if (body?.properties?.params) {
    params = body.properties.params
    const { params: _params, ...rest } = body.properties
    body.properties = rest
    body.required = (body.required ?? []).filter((name: string) => name !== 'params')
    if (body.required.length === 0) delete body.required
  }
  const hasBody = body && Object.keys(body.properties ?? {}).length > 0
  return { body: hasBody ? body : undefined, params }
}

function parameters(pattern: string, doc: RouteDoc) {
  const list: JsonSchema[] = []
  const paramsSchema = bodyAndParams(doc).params
  for (const match of pattern.matchAll(/:([A-Za-z0-9_]+)|\*$/g)) {
    const name = match[1] ?? 'path'
    list.push({
      name,
      in: 'path',
      required: true,
      schema: paramsSchema?.properties?.[name] ?? { type: 'string' },
    })
  }
  if (doc.query) {
    const query = vineToJsonSchema(doc.query)
    for (const [name, schema] of Object.entries<JsonSchema>(query.properties ?? {})) {
      list.push({ name, in: 'query', required: (query.required ?? []).includes(name), schema })
    }
  }
  return list
}

function requestBody(doc: RouteDoc) {
  if (doc.upload) {
    return {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: [doc.upload.field],
            properties: { [doc.upload.field]: { type: 'string', format: 'binary' } },
          },
        },
      },
    }
  }
  const { body } = bodyAndParams(doc)
  if (!body) return undefined
  return { required: true, content: { 'application/json': { schema: body } } }
}

function responses(doc: RouteDoc, components: Record<string, JsonSchema>) {
  const answers: Record<string, JsonSchema> = {}
  for (const [status, entry] of Object.entries(doc.responses)) {
    const described = 'contentType' in entry && typeof entry.contentType === 'string'
    const contentType = described ? entry.contentType : 'application/json'
    const schema = described ? entry.schema : entry
    const published = schema ? publishSchema(schema, components) : undefined
    answers[status] = {
      description: Number(status) < 400 ? 'Success' : 'Error',
      content: { [contentType]: published ? { schema: published } : {} },
    }
  }
  for (const [status, [name]] of Object.entries(ERROR_STATUSES))
    answers[status] ??= { $ref: `#/components/responses/${name}` }
  // Any other error (500, 502 from a provider…) has the same shape.
  answers.default = { $ref: '#/components/responses/Error' }
  return answers
}

/** Who may call: a session cookie, a signature, a token, or nobody in particular (`[]`: declared public). */
const SECURITY: Record<RouteDoc['access'], JsonSchema[]> = {
  public: [],
  member: [{ memberSession: [] }],
  admin: [{ adminSession: [] }],
  stripe: [{ stripeSignature: [] }],
  metrics: [{ metricsToken: [] }],
}

/**
 * The OpenAPI 3.1 document of every registered route, built from the
 * router, the validators each module names for its routes and the answer
 * schemas written next to its controllers. A route without documentation
 * is listed under `x-undocumented` (the contract test fails on it).
 */
export function buildOpenApiDocument(info: { title: string; version: string }) {
  const docs = routeDocs()
  const paths: Record<string, Record<string, JsonSchema>> = {}
  const undocumented: string[] = []
  const schemas: Record<string, JsonSchema> = {}
  schemas.Error = publishSchema(ERROR_SCHEMA, schemas)
  for (const route of registeredRoutes()) {
    const doc = route.name ? docs.get(route.name) : undefined
    if (!doc) {
      undocumented.push(`${route.methods.join(',')} ${route.pattern}`)
      continue
    }
    const path = (paths[openApiPath(route.pattern)] ??= {})
    for (const method of route.methods) {
      const operation: JsonSchema = {
        operationId:
          route.methods.length > 1 ? `${route.name}.${method.toLowerCase()}` : route.name,
        summary: doc.summary,
        tags: [route.pattern.split('/').filter(Boolean).slice(0, 2).join('/') || 'root'],
        parameters: parameters(route.pattern, doc),
        security: SECURITY[doc.access],
        responses: responses(doc, schemas),
      }
      const body = requestBody(doc)
      if (body) operation.requestBody = body
      path[method.toLowerCase()] = operation
    }
  }
  return {
    'openapi': '3.1.0',
    'info': {
      ...info,
      description:
        'Member-migration portal API. Errors are `{ success: false, error, requestId }` (422 adds `errors`). State-changing calls need the X-XSRF-TOKEN header (except the Stripe webhook).',
    },
    // The document is served by the API it describes: paths are relative to the server that answered.
    'servers': [{ url: '/', description: 'The server that serves this document' }],
    paths,
    'components': {
      schemas,
      responses: {
        ...Object.fromEntries(
          Object.values(ERROR_STATUSES).map(([name, description]) => [
            name,
            errorResponse(description),
          ])
        ),
        Error: errorResponse('Error'),
      },
      securitySchemes: {
        memberSession: {
          type: 'apiKey',
          in: 'cookie',
          name: 'portal-session',
          description: 'A member session (sign in at /api/auth/login)',
        },
        adminSession: {
          type: 'apiKey',
          in: 'cookie',
          name: 'portal-session',
          description: 'An administrator session (sign in at /api/admin/login)',
        },
        stripeSignature: { type: 'apiKey', in: 'header', name: 'Stripe-Signature' },
        metricsToken: { type: 'http', scheme: 'bearer' },
      },
    },
    'x-undocumented': undocumented,
  }
}
