import { test } from '@japa/runner'
import { Validator } from '@seriousme/openapi-schema-validator'
import { apiDocument, registeredRoutes, openApiPath } from '#modules/api_contract/index'
import { strictSchema } from '#modules/api_contract/index'
import { checkAnswer } from '#tests/helpers/api_contract'
import { baseUrl } from '#tests/helpers/browser'

test.group('OpenAPI document', () => {
  test('documents every route the application registers, each method', ({ assert }) => {
    const document = apiDocument() as any
    assert.deepEqual(document['x-undocumented'], [])
    for (const route of registeredRoutes()) {
      for (const method of route.methods) {
        assert.property(
          document.paths[openApiPath(route.pattern)] ?? {},
          method.toLowerCase(),
          `${method} ${route.pattern}`
        )
      }
    }
  })

  test('is a valid OpenAPI 3.1 document', async ({ assert }) => {
    const validator = new Validator()
    const result = await validator.validate(apiDocument() as any)
    assert.deepEqual(result.errors ?? [], [])
    assert.isTrue(result.valid)
    assert.equal(validator.version, '3.1')
  })

  test('request bodies, query strings and params come from the validators', ({ assert }) => {
    const paths = (apiDocument() as any).paths
    const calculate =
      paths['/api/migration/calculate'].post.requestBody.content['application/json'].schema
    assert.deepEqual(calculate.required, [
      'memberIds',
      'durationType',
      'paymentFrequency',
      'currency',
    ])
    assert.deepInclude(calculate.properties.memberIds, {
      type: 'array',
      minItems: 1,
      maxItems: 50,
      uniqueItems: true,
    })
    assert.deepEqual(calculate.properties.paymentFrequency.enum, [
      'one-time',
      'monthly',
      'quarterly',
      'semi-annual',
      'annual',
    ])
    const email =
      paths['/api/member/update-email'].post.requestBody.content['application/json'].schema
        .properties.newEmail
    assert.deepEqual(email, { type: 'string', format: 'email', maxLength: 254 })
    const id = paths['/api/migration/{id}'].get.parameters.find((p: any) => p.name === 'id')
    assert.deepEqual([id.in, id.required, id.schema.type], ['path', true, 'integer'])
    const retry = paths['/api/admin/migrations/{id}/retry-api'].post
    assert.isUndefined(
      retry.requestBody,
      'params validated with the body are path parameters, not a body'
    )
    assert.equal(retry.parameters[0].schema.type, 'integer')
    assert.deepEqual(paths['/api/admin/members'].get.security, [{ adminSession: [] }])
    assert.isTrue(paths['/api/admin/members'].get.parameters.some((p: any) => p.in === 'query'))
  })

  test('is served at /api/openapi.json and shown at /api/docs with files of this server only', async ({
    assert,
  }) => {
    const document = await fetch(`${baseUrl()}/api/openapi.json`)
    assert.equal(document.status, 200)
    assert.equal((await document.json()).openapi, '3.1.0')
    const viewer = await (await fetch(`${baseUrl()}/api/docs`)).text()
    assert.include(viewer, '/api/docs/assets/swagger-ui-bundle.js')
    assert.notMatch(viewer, /https?:\/\//)
    const bundle = await fetch(`${baseUrl()}/api/docs/assets/swagger-ui-bundle.js`)
    assert.equal(bundle.status, 200)
    assert.isAbove((await bundle.arrayBuffer()).byteLength, 100_000)
    assert.equal((await fetch(`${baseUrl()}/api/docs/assets/package.json`)).status, 404)
    assert.equal((await fetch(`${baseUrl()}/api/docs/assets/..%2F..%2Fpackage.json`)).status, 404)
  })

  test('an answer that breaks its documented schema fails the test that received it', ({
    assert,
  }) => {
    assert.throws(
      () =>
        checkAnswer(
          'GET',
          '/api/currencies/enabled',
          200,
          'application/json',
          JSON.stringify({ success: true, currencies: [{ id: 'one' }] })
        ),
      /does not match its schema/
    )
    assert.throws(
      () => checkAnswer('GET', '/api/currencies/enabled', 299, 'application/json', '{}'),
      /is not documented/
    )
    assert.throws(
      () => checkAnswer('GET', '/api/currencies/enabled', 404, 'application/json', '{"oops":1}'),
      /does not match its schema/
    )
    assert.doesNotThrow(() =>
      checkAnswer(
        'GET',
        '/api/currencies/enabled',
        404,
        'application/json',
        '{"success":false,"error":"Not found","requestId":"r-1"}',
        'r-1'
      )
    )
    assert.throws(
      () =>
        checkAnswer(
          'GET',
          '/api/currencies/enabled',
          404,
          'application/json',
          '{"success":false,"error":"Not found","requestId":"r-1"}',
          'r-2'
        ),
      /not the answer's X-Request-Id/
    )
  })

  test('every answer schema gives each field a type; shared shapes are components', ({
    assert,
  }) => {
    const document = apiDocument() as any
    for (const [name, schema] of Object.entries(document.components.schemas))
      assert.doesNotThrow(() => strictSchema(schema, name))
    for (const [path, operations] of Object.entries<any>(document.paths)) {
      for (const [method, operation] of Object.entries<any>(operations)) {
        for (const [status, answer] of Object.entries<any>(operation.responses)) {
          const schema = answer.content?.['application/json']?.schema
          if (schema) assert.doesNotThrow(() => strictSchema(schema, `${method} ${path} ${status}`))
        }
      }
    }
    assert.throws(
      () => strictSchema({ type: 'object', properties: { anything: {} } }),
      /answer.anything has no type/
    )
    const members =
      document.paths['/api/admin/members'].get.responses[200].content['application/json'].schema
    assert.deepEqual(members.properties.members.items, { $ref: '#/components/schemas/Member' })
    assert.deepEqual(
      document.paths['/api/admin/members/{id}'].get.responses[200].content['application/json']
        .schema.properties.member,
      { $ref: '#/components/schemas/Member' }
    )
    assert.includeMembers(document.components.schemas.Member.required, [
      'is_blocked',
      'block_reason',
    ])
  })

  test('no answer writes out a shared shape again: it names the component', ({ assert }) => {
    const document = apiDocument() as any
    const components = Object.entries<any>(document.components.schemas)
    const shapes = new Map(components.map(([name, schema]) => [canonical(schema), name]))
    const copies: string[] = []
    const visit = (schema: any, where: string, own?: string) => {
      if (!schema || typeof schema !== 'object') return
      const name = shapes.get(canonical(schema))
      if (name && name !== own) copies.push(`${where} is a copy of ${name}`)
      for (const [key, value] of Object.entries(schema))
        if (key !== 'enum' && key !== 'const') visit(value, `${where}.${key}`)
    }
    for (const [name, schema] of components) visit(schema, name, name)
    for (const [path, operations] of Object.entries<any>(document.paths))
      for (const [method, operation] of Object.entries<any>(operations))
        for (const [status, answer] of Object.entries<any>(operation.responses ?? {}))
          visit(answer.content?.['application/json']?.schema, `${method} ${path} ${status}`)
    assert.deepEqual(copies, [])
    const details =
      document.paths['/api/member/details'].get.responses[200].content['application/json'].schema
    assert.deepEqual(details.properties.member, { $ref: '#/components/schemas/ShopMember' })
  })

  test('an answer with a field its schema does not list fails the test that received it', ({
    assert,
  }) => {
    const currency = { id: 1, code: 'USD', name: 'US Dollar', symbol: '$' }
    const answer = (extra: object) =>
      JSON.stringify({ success: true, currencies: [{ ...currency, ...extra }] })
    assert.throws(
      () =>
        checkAnswer(
          'GET',
          '/api/currencies/enabled',
          200,
          'application/json',
          answer({ secret: 'x' })
        ),
      /must NOT have additional properties/
    )
  })

  test('declares its servers and the security of every operation (none for public routes)', ({
    assert,
  }) => {
    const document = apiDocument() as any
    assert.deepEqual(document.servers, [
      { url: '/', description: 'The server that serves this document' },
    ])
    for (const [path, operations] of Object.entries<any>(document.paths)) {
      for (const [method, operation] of Object.entries<any>(operations))
        assert.isArray(operation.security, `${method} ${path}`)
    }
    assert.deepEqual(document.paths['/api/currencies/enabled'].get.security, [])
    assert.deepEqual(document.paths['/api/member/details'].get.security, [{ memberSession: [] }])
    assert.deepEqual(document.paths['/metrics'].get.security, [{ metricsToken: [] }])
  })
})

/** JSON with sorted keys: two schemas that say the same thing compare equal. */
function canonical(value: any): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (!value || typeof value !== 'object') return JSON.stringify(value)
  const keys = Object.keys(value).sort()
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(',')}}`
}
