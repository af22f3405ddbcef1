import { test } from '@japa/runner'
import { apiDocument } from '#modules/api_contract/index'
import {
  AdminUser,
  ADMIN_ROLES,
  ROUTE_ABILITIES,
  adminCan,
  deniedMessage,
  type AdminRole,
} from '#modules/admins/index'
import { isolateEachTest } from '#tests/helpers/database'

/** Every operation of the OpenAPI document behind the admin session: [route name, method, path]. */
function adminOperations() {
  const operations: { name: string; method: string; path: string }[] = []
  for (const [path, methods] of Object.entries(apiDocument().paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (!JSON.stringify(operation.security ?? []).includes('adminSession')) continue
      operations.push({ name: operation.operationId, method: method.toUpperCase(), path })
    }
  }
  return operations
}

/** Path parameters filled with values that match no row: an allowed call ends in its own 404/422, never in a change. */
const concretePath = (path: string) =>
  path
    .replace(/\{id\}/g, '999999')
    .replace(/\{key\}/g, 'no_such_setting')
    .replace(/\{[^}]+\}/g, 'x')

/**
 * Allowed calls not sent over HTTP (their effect would leave the test's transaction: a provider
 * fetch, a background run); the table's verdict is still checked for them through the same
 * Bouncer ability the area guard uses.
 */
const NOT_SENT_WHEN_ALLOWED = new Set([
  'admin.currencies.refresh_rates',
  'admin.products.refresh',
  'admin.finance.reconciliation.run',
])

/*
| The role matrix, generated from the OpenAPI document: every admin operation ×
| each role → allowed (anything but 403) or 403 with "Your role (X) cannot …", as
| modules/admins/route_abilities.ts says. An operation without an entry fails the first test.
*/
test.group('Role matrix', (group) => {
  isolateEachTest(group)

  test('every admin operation of the OpenAPI document has an entry in the role table, and every entry a route', ({
    assert,
  }) => {
    const names = adminOperations().map((operation) => operation.name)
    assert.isAbove(names.length, 90)
    assert.deepEqual(
      names.filter((name) => !(name in ROUTE_ABILITIES)),
      [],
      'routes missing from modules/admins/route_abilities.ts'
    )
    assert.deepEqual(
      Object.keys(ROUTE_ABILITIES).filter((name) => !names.includes(name)),
      [],
      'table entries without a route'
    )
  })

  for (const role of ADMIN_ROLES) {
    test(`role ${role}: each operation is allowed or refused as the table says`, async ({
      client,
      assert,
    }) => {
      const admin = await AdminUser.create({
        username: `matrix_${role}`,
        email: `matrix_${role}@example.test`,
        password: 'matrix-pass-1',
        role,
      })
      const wrong: string[] = []
      for (const operation of adminOperations()) {
        const ability = ROUTE_ABILITIES[operation.name]
        const allowed = await adminCan(admin, ability, 999999)
        if (allowed && NOT_SENT_WHEN_ALLOWED.has(operation.name)) continue
        // Sign out everywhere moved the account's session_version on: each call signs in afresh.
        await admin.refresh()
        const request = client
          .request(concretePath(operation.path), operation.method as 'GET')
          .asAdmin(admin)
          .withCsrfToken()
        if (operation.method !== 'GET') request.json({})
        const response = await request
        const refused = response.status() === 403
        if (allowed && refused)
          wrong.push(`${operation.name}: 403 for an allowed role (${response.body().error})`)
        if (
          !allowed &&
          (!refused || response.body().error !== deniedMessage(admin, ability, operation.method))
        )
          wrong.push(
            `${operation.name}: ${response.status()} ${response.body()?.error} instead of 403`
          )
      }
      assert.deepEqual(wrong, [])
    })
  }

  test('the 403 explains itself: which role, what it cannot do', async ({ client, assert }) => {
    const support = await AdminUser.create({
      username: 'matrix_support',
      email: 'matrix_support@example.test',
      password: 'matrix-pass-1',
      role: 'support' as AdminRole,
    })
    const clean = await client
      .post('/api/admin/data/clean')
      .json({ confirmation: 'DELETE' })
      .asAdmin(support)
      .withCsrfToken()
    assert.equal(clean.status(), 403)
    assert.equal(clean.body().error, 'Your role (Support) cannot clean the database')
    const me = await client.get('/api/admin/me').asAdmin(support)
    assert.deepEqual(
      [
        me.body().role,
        me.body().abilities.includes('database.clean'),
        me.body().abilities.includes('emails.resend'),
      ],
      ['support', false, true]
    )
  })
})
