import { test } from '@japa/runner'
import { isolateEachTest } from '#tests/helpers/database'
import { demoAdmin } from '#tests/helpers/admin_session'
import { settingsService } from '#modules/settings/index'

/** Settings that prices and secure links compute with refuse values that would break them. */
test.group('Setting key rules', (group) => {
  isolateEachTest(group)

  test('{$self} is refused with 422')
    .with([
      {
        key: 'TIMEZONE',
        value: 'Europe/Nowhere',
        error: 'Time zone must be an IANA time zone such as UTC or Europe/Zurich',
      },
      {
        key: 'TOKEN_EXPIRATION_DAYS',
        value: 0,
        error: 'Secure link validity (days) must be a whole number of days from 1 to 365',
      },
      {
        key: 'TOKEN_EXPIRATION_DAYS',
        value: '2.5',
        error: 'Secure link validity (days) must be a whole number of days from 1 to 365',
      },
    ])
    .run(async ({ client, assert }, { key, value, error }) => {
      const before = await settingsService.get(key)
      const response = await client
        .put(`/api/admin/settings/${key}`)
        .json({ value })
        .asAdmin(await demoAdmin())
        .withCsrfToken()
      response.assertStatus(422)
      response.assertBodyContains({ success: false, error })
      assert.equal(await settingsService.get(key), before)
    })

  test('a valid time zone is saved', async ({ client, assert }) => {
    const response = await client
      .put('/api/admin/settings/TIMEZONE')
      .json({ value: 'Pacific/Kiritimati' })
      .asAdmin(await demoAdmin())
      .withCsrfToken()
    response.assertStatus(200)
    assert.equal(await settingsService.get('TIMEZONE'), 'Pacific/Kiritimati')
  })
})
