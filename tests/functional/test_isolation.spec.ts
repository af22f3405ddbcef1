import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { isolateEachTest } from '#tests/helpers/database'

// The browser suite gives a failed test one more attempt (backend/bin/test.ts). Japa runs setup hooks
// once per test, so the harness itself must start the second attempt from the state the first started from.
test.group('Test isolation: a retried attempt', (group) => {
  isolateEachTest(group)

  test('starts without the rows its first attempt wrote (retried on purpose)', async ({
    assert,
    test: current,
  }) => {
    const setting = {
      setting_key: 'test_isolation_retry',
      setting_value: 'written by an attempt',
      display_name: 'Test isolation',
      category: 'test',
    }
    assert.isNull(await db.from('settings').where('setting_key', setting.setting_key).first())
    await db
      .table('settings')
      .insert({ ...setting, created_at: new Date(), updated_at: new Date() })
    if ((current.options.retryAttempt ?? 1) === 1)
      throw new Error('first attempt fails on purpose, after writing its row')
  }).retry(1)

  test('leaves nothing behind once both attempts are done', async ({ assert }) => {
    assert.isNull(await db.from('settings').where('setting_key', 'test_isolation_retry').first())
  })
})
