import { test } from '@japa/runner'
import router from '@adonisjs/core/services/router'
import { withoutRequestId } from '#tests/helpers/api_contract'
import { removeRowsAddedByGroup } from '#tests/helpers/database'

/** Every registered route under the given prefixes, with sample values for its parameters. */
function routesUnder(prefixes: string[], except: string[] = []) {
  const routes = Object.values(router.toJSON()).flat()
  return routes
    .filter((route) => prefixes.some((prefix) => route.pattern.startsWith(prefix)))
    .filter((route) => !except.includes(route.pattern))
    .flatMap((route) =>
      route.methods
        .filter((method) => method !== 'HEAD')
        .map((method) => ({
          method,
          url: route.pattern.replace(/:\w+\??/g, '1').replace('/*', '/x'),
        }))
    )
}

test.group('Area guards', (group) => {
  removeRowsAddedByGroup(group)
  test('every /api/admin route answers 401 without an admin session', async ({
    client,
    assert,
  }) => {
    // The sign-in steps are public: the password, then the second factor the password step's session asks for.
    const routes = routesUnder(
      ['/api/admin/', '/api/currencies/admin/'],
      [
        '/api/admin/login',
        '/api/admin/login/code',
        '/api/admin/login/passkey/options',
        '/api/admin/login/passkey',
      ]
    )
    assert.isAbove(routes.length, 0)
    for (const { method, url } of routes) {
      const response = await client.request(url, method as any).withCsrfToken()
      assert.equal(response.status(), 401, `${method} ${url}`)
      assert.deepEqual(
        withoutRequestId(response.body()),
        { success: false, error: 'Admin authentication required' },
        `${method} ${url}`
      )
    }
  })

  test('every member and migration route answers 401 without a member session', async ({
    client,
    assert,
  }) => {
    for (const { method, url } of routesUnder(['/api/member/', '/api/migration/'])) {
      const response = await client.request(url, method as any).withCsrfToken()
      assert.equal(response.status(), 401, `${method} ${url}`)
      assert.deepEqual(
        withoutRequestId(response.body()),
        { success: false, error: 'Member authentication required' },
        `${method} ${url}`
      )
    }
  })

  test('the session is checked before the body is read', async ({ client }) => {
    // Malformed JSON would be a 400 if the body were parsed first.
    const response = await client
      .post('/api/admin/data/clean')
      .type('application/json')
      .unsafeJson('{not json')
      .withCsrfToken()
    response.assertStatus(401)
    response.assertBodyContains({ success: false, error: 'Admin authentication required' })
  })

  test('unknown admin paths are 401 too, not 404 (nothing leaks without a session)', async ({
    client,
  }) => {
    const response = await client.get('/api/admin/does-not-exist')
    response.assertStatus(401)
  })

  test('unknown API paths are a JSON 404', async ({ client }) => {
    const response = await client.get('/api/nothing-here')
    response.assertStatus(404)
    response.assertBodyContains({ success: false, error: 'Not found' })
  })
})
