import { test } from '@japa/runner'
import { execFile } from 'node:child_process'
import env from '#start/env'
import { Setting, settingsService } from '#modules/settings/index'
import { EmailDelivery, EmailOverride, resolveMemberRecipient } from '#modules/notifications/index'
import { createFulfilmentWorker } from '#modules/fulfilment/index'
import { isolateEachTest } from '#tests/helpers/database'
import { demoAdmin } from '#tests/helpers/admin_session'
import { createPaidMigration, createPendingMigration } from '#tests/helpers/migration_fixtures'
import { outboxMessages } from '#tests/helpers/outbox'
import { FROM_SOURCE } from '#tests/helpers/source_node'

async function storeSetting(value: string) {
  await Setting.query()
    .where('setting_key', 'EMAIL_OVERRIDE_RECIPIENT')
    .update({ setting_value: value })
  settingsService.clearCache()
}

test.group(
  'Global email override: EMAIL_OVERRIDE_RECIPIENT environment variable and setting',
  (group) => {
    isolateEachTest(group)
    group.each.setup(() => () => {
      env.set('EMAIL_OVERRIDE_RECIPIENT', '')
      settingsService.clearCache()
    })

    test('priority: member override, then the environment variable, then the setting, then the member email', async ({
      assert,
    }) => {
      const { principal } = await createPendingMigration()
      assert.deepEqual(await resolveMemberRecipient(principal), {
        address: 'anna.schmidt@corp.example.com',
        source: 'member_email',
      })

      await storeSetting('setting@example.com')
      assert.deepEqual(await resolveMemberRecipient(principal), {
        address: 'setting@example.com',
        source: 'global_override',
      })

      env.set('EMAIL_OVERRIDE_RECIPIENT', 'env@example.com')
      assert.deepEqual(await resolveMemberRecipient(principal), {
        address: 'env@example.com',
        source: 'global_override',
      })

      await EmailOverride.create({
        member_id: principal.id,
        override_email: 'anna.private@example.org',
        created_by: 'admin',
      })
      assert.deepEqual(await resolveMemberRecipient(principal), {
        address: 'anna.private@example.org',
        source: 'member_override',
      })
    })

    test('the environment variable alone (setting empty) is used; an empty variable counts as unset', async ({
      assert,
    }) => {
      const { principal } = await createPendingMigration()
      env.set('EMAIL_OVERRIDE_RECIPIENT', 'env@example.com')
      assert.deepEqual(await resolveMemberRecipient(principal), {
        address: 'env@example.com',
        source: 'global_override',
      })
      env.set('EMAIL_OVERRIDE_RECIPIENT', '  ')
      assert.deepEqual(await resolveMemberRecipient(principal), {
        address: 'anna.schmidt@corp.example.com',
        source: 'member_email',
      })
    })

    test('the email step sends the confirmation to the environment address', async ({ assert }) => {
      env.set('EMAIL_OVERRIDE_RECIPIENT', 'env-qa@example.com')
      await storeSetting('setting@example.com')
      const { migration } = await createPaidMigration()
      await createFulfilmentWorker().drain()
      const [confirmation] = await outboxMessages(
        `Your migration ${migration.migration_reference} is confirmed`
      )
      assert.equal((confirmation.to as any).value[0].address, 'env-qa@example.com')
      const delivery = await EmailDelivery.query()
        .where('migration_id', migration.id)
        .where('email_type', 'migration_confirmation')
        .firstOrFail()
      assert.deepEqual([delivery.status, delivery.recipient], ['sent', 'env-qa@example.com'])
    })

    test('the setting stays editable and is flagged as overridden while the variable is set', async ({
      client,
      assert,
    }) => {
      const admin = await demoAdmin()
      const before = await client.get('/api/admin/settings/EMAIL_OVERRIDE_RECIPIENT').asAdmin(admin)
      assert.isFalse(before.body().setting.overridden_by_environment)

      env.set('EMAIL_OVERRIDE_RECIPIENT', 'env@example.com')
      const saved = await client
        .put('/api/admin/settings/EMAIL_OVERRIDE_RECIPIENT')
        .json({ value: 'setting@example.com' })
        .asAdmin(admin)
        .withCsrfToken()
      saved.assertStatus(200)
      assert.containsSubset(saved.body().setting, {
        setting_value: 'setting@example.com',
        overridden_by_environment: true,
      })
      assert.equal(await settingsService.raw('EMAIL_OVERRIDE_RECIPIENT'), 'env@example.com')
      const list = await client.get('/api/admin/settings').asAdmin(admin)
      assert.containsSubset(
        list.body().settings.email.find((s: any) => s.setting_key === 'EMAIL_OVERRIDE_RECIPIENT'),
        { setting_value: 'setting@example.com', overridden_by_environment: true }
      )
      assert.isFalse(
        list.body().settings.email.find((s: any) => s.setting_key === 'ADMIN_NOTIFICATION_EMAIL')
          .overridden_by_environment
      )
    })
  }
)

test.group('EMAIL_OVERRIDE_RECIPIENT at boot', () => {
  test('an address that is not an email stops the application at start', async ({ assert }) => {
    const run = await new Promise<{ code: number; output: string }>((resolve) => {
      const childEnv = {
        ...process.env,
        NODE_ENV: 'test',
        EMAIL_OVERRIDE_RECIPIENT: 'not-an-address',
      }
      execFile(
        process.execPath,
        [...FROM_SOURCE, 'backend/bin/console.ts', 'migration:status'],
        { env: childEnv, timeout: 60_000 },
        (error, stdout, stderr) => {
          resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` })
        }
      )
    })
    assert.notEqual(run.code, 0)
    assert.include(
      run.output,
      'Value for environment variable "EMAIL_OVERRIDE_RECIPIENT" must be a valid email, instead received "not-an-address"'
    )
  }).timeout(60_000)
})
