import { test } from '@japa/runner'
import { isolateEachTest } from '#tests/helpers/database'
import { withoutRequestId } from '#tests/helpers/api_contract'

/** Every configuration call of the back-office, refused without an admin session. */
const ADMIN_CALLS: [method: 'get' | 'post' | 'put' | 'delete', url: string][] = [
  ['get', '/api/admin/products'],
  ['post', '/api/admin/products/refresh'],
  ['put', '/api/admin/products/1'],
  ['get', '/api/currencies/admin/all'],
  ['put', '/api/currencies/admin/2'],
  ['post', '/api/currencies/admin/refresh-rates'],
  ['get', '/api/currencies/admin/scheduler-status'],
  ['get', '/api/admin/settings'],
  ['get', '/api/admin/settings/DATE_FORMAT'],
  ['put', '/api/admin/settings/DATE_FORMAT'],
  ['post', '/api/admin/settings/bulk-update'],
  ['get', '/api/admin/settings/options/date-formats'],
  ['get', '/api/admin/settings/options/time-formats'],
  ['post', '/api/admin/settings/clear-cache'],
  ['put', '/api/branding'],
  ['post', '/api/branding/clear-cache'],
  ['get', '/api/admin/email-templates'],
  ['post', '/api/admin/email-templates'],
  ['get', '/api/admin/email-templates/variables'],
  ['post', '/api/admin/email-templates/preview'],
  ['get', '/api/admin/email-templates/1'],
  ['put', '/api/admin/email-templates/1'],
  ['delete', '/api/admin/email-templates/1'],
  ['post', '/api/admin/email-templates/1/activate'],
  ['get', '/api/admin/email-overrides'],
  ['post', '/api/admin/email-overrides'],
  ['get', '/api/admin/email-overrides/1'],
  ['put', '/api/admin/email-overrides/1'],
  ['delete', '/api/admin/email-overrides/1'],
  ['get', '/api/admin/email-overrides-search-members?q=an'],
  ['get', '/api/admin/templates'],
  ['post', '/api/admin/templates'],
  ['delete', '/api/admin/templates/1'],
  ['get', '/api/admin/api-configs'],
  ['post', '/api/admin/api-configs'],
  ['put', '/api/admin/api-configs/1'],
  ['delete', '/api/admin/api-configs/1'],
]

test.group('Configuration calls need an admin session', (group) => {
  isolateEachTest(group)

  test('{$self}')
    .with(ADMIN_CALLS.map(([method, url]) => `${method.toUpperCase()} ${url}`))
    .run(async ({ client, assert }, call) => {
      const [method, url] = call.split(' ')
      const request = client.request(url, method)
      const response = method === 'GET' ? await request : await request.json({}).withCsrfToken()
      response.assertStatus(401)
      assert.deepEqual(withoutRequestId(response.body()), {
        success: false,
        error: 'Admin authentication required',
      })
    })

  test('the public branding and formatting reads stay open', async ({ client }) => {
    ;(await client.get('/api/branding')).assertStatus(200)
    ;(await client.get('/api/settings/formatting')).assertStatus(200)
  })
})
