import { test } from '@japa/runner'
import { AdminUser } from '#modules/admins/index'
import { isolateEachTest } from '#tests/helpers/database'

/** A Support administrator refused a read is told what cannot be seen, not "cannot change". */
test.group('Refused reads', (group) => {
  isolateEachTest(group)

  test('GET email overrides and GET API configs: 403 saying "cannot see"', async ({
    client,
    assert,
  }) => {
    const support = await AdminUser.create({
      username: 'rr_support',
      email: 'rr_support@example.test',
      password: 'support-pass-55',
      role: 'support',
    })
    const overrides = await client.get('/api/admin/email-overrides').asAdmin(support)
    assert.deepEqual(
      [overrides.status(), overrides.body().error],
      [403, "Your role (Support) cannot see members' email overrides"]
    )
    const configs = await client.get('/api/admin/api-configs').asAdmin(support)
    assert.deepEqual(
      [configs.status(), configs.body().error],
      [
        403,
        'Your role (Support) cannot see settings, products, currencies, branding or API configurations',
      ]
    )
  })
})
