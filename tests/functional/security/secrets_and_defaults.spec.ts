import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import { readFileSync, statSync } from 'node:fs'
import { isolateEachTest } from '#tests/helpers/database'
import { AdminUser, adminAccountsService } from '#modules/admins/index'
import { cliActor } from '#modules/audit/index'
import { Setting, settingsService, encryptClearSecrets, frontendUrl } from '#modules/settings/index'
import { outboxDirectory } from '#modules/notifications/index'
import {
  forgetRecordedAddress,
  recordListeningAddress,
} from '#modules/settings/services/frontend_url'
import { storeFile } from '#modules/documents/services/storage'
import { seedDemoAdmin } from '#database/seed/demo_admin'
import MainSeeder from '#database/seeders/main_seeder'

const mode = (path: string) => statSync(path).mode & 0o777
const storedValue = async (key: string) =>
  (await db.from('settings').where('setting_key', key).first()).setting_value as string

test.group('Secrets and defaults', (group) => {
  isolateEachTest(group)
  group.each.teardown(() => settingsService.clearCache())

  test('admin passwords count the characters that are not spaces: API create, change and the service the CLI uses', async ({
    client,
    assert,
  }) => {
    const admin = await AdminUser.findByOrFail('username', 'admin')
    const created = await client
      .post('/api/admin/admin-users')
      .json({ username: 'spaces', email: 'spaces@example.test', password: '      ' })
      .asAdmin(admin)
      .withCsrfToken()
    // Only spaces reads as an empty field (the spec's text for it).
    assert.deepEqual([created.status(), created.body().error], [422, 'Please fill in all fields'])
    const padded = await client
      .post('/api/admin/admin-users')
      .json({ username: 'padded', email: 'padded@example.test', password: ' a b c d e ' })
      .asAdmin(admin)
      .withCsrfToken()
    assert.deepEqual(
      [padded.status(), padded.body().error],
      [422, 'Password must be at least 6 characters']
    )
    const changed = await client
      .post(`/api/admin/admin-users/${admin.id}/change-password`)
      .json({ newPassword: '         ' })
      .asAdmin(admin)
      .withCsrfToken()
    assert.deepEqual(
      [changed.status(), changed.body().error],
      [422, 'Please fill in all password fields']
    )
    const spaced = await client
      .post(`/api/admin/admin-users/${admin.id}/change-password`)
      .json({ newPassword: ' 1 2 3 4 5 ' })
      .asAdmin(admin)
      .withCsrfToken()
    assert.deepEqual(
      [spaced.status(), spaced.body().error],
      [422, 'New password must be at least 6 characters']
    )
    await assert.rejects(
      () =>
        adminAccountsService.create(
          { username: 'cli', email: 'cli@example.test', password: '      ' },
          cliActor()
        ),
      'Password must be at least 6 characters'
    )
    await assert.rejects(
      () =>
        adminAccountsService.changePassword(admin.id, { newPassword: ' x y z ' }, null, cliActor()),
      'New password must be at least 6 characters'
    )
    assert.isNull(await AdminUser.findBy('username', 'spaces'))
    const ok = await client
      .post('/api/admin/admin-users')
      .json({ username: 'fine', email: 'fine@example.test', password: ' ab cd ef gh ij kl ' })
      .asAdmin(admin)
      .withCsrfToken()
    ok.assertStatus(201)
  })

  test('a sensitive setting is encrypted at rest with the app key and read back in clear', async ({
    client,
    assert,
  }) => {
    const admin = await AdminUser.findByOrFail('username', 'admin')
    const response = await client
      .put('/api/admin/settings/EXCHANGE_RATES_API_KEY')
      .json({ value: 'rates-key-0123456789' })
      .asAdmin(admin)
      .withCsrfToken()
    response.assertStatus(200)
    const atRest = await storedValue('EXCHANGE_RATES_API_KEY')
    assert.match(atRest, /^enc:v1:/)
    assert.notInclude(atRest, 'rates-key-0123456789')
    settingsService.clearCache()
    assert.equal(await settingsService.get('EXCHANGE_RATES_API_KEY'), 'rates-key-0123456789')
    assert.equal(
      (await Setting.findByOrFail('setting_key', 'EXCHANGE_RATES_API_KEY')).setting_value,
      'rates-key-0123456789'
    )
    // An ordinary setting stays readable in the table.
    await client
      .put('/api/admin/settings/DATE_FORMAT')
      .json({ value: 'YYYY-MM-DD' })
      .asAdmin(admin)
      .withCsrfToken()
    assert.equal(await storedValue('DATE_FORMAT'), 'YYYY-MM-DD')
  })

  test('a sensitive value stored in clear before is encrypted by the migration step, once', async ({
    assert,
  }) => {
    await db
      .from('settings')
      .where('setting_key', 'EXCHANGE_RATES_API_KEY')
      .update({ setting_value: 'old-clear-key' })
    assert.equal(await encryptClearSecrets(db.connection()), 1)
    assert.match(await storedValue('EXCHANGE_RATES_API_KEY'), /^enc:v1:/)
    assert.equal(await encryptClearSecrets(db.connection()), 0)
    settingsService.clearCache()
    assert.equal(await settingsService.get('EXCHANGE_RATES_API_KEY'), 'old-clear-key')
  })

  test('FRONTEND_URL follows the port the server listens on; the setting still overrides it', async ({
    assert,
  }) => {
    const port = env.get('PORT')
    assert.equal(await frontendUrl(), `http://${env.get('HOST')}:${port}`)
    env.set('PORT', 4999)
    try {
      assert.equal(await frontendUrl(), `http://${env.get('HOST')}:4999`)
    } finally {
      env.set('PORT', port)
    }
    await Setting.query()
      .where('setting_key', 'FRONTEND_URL')
      .update({ setting_value: 'https://portal.example.com/' })
    settingsService.clearCache()
    assert.equal(await frontendUrl(), 'https://portal.example.com')
  })

  test("the address the server recorded at start is the links' address in other processes too; FRONTEND_URL still wins", async ({
    assert,
  }) => {
    const port = env.get('PORT')
    const server = `http://${env.get('HOST')}:${port}`
    try {
      // Two starts (the second on this process's port): one row, the last address.
      await recordListeningAddress('http://127.0.0.1:4998')
      await recordListeningAddress()
      assert.deepEqual(
        (await db.from('listening_addresses').select('id', 'address')).map((row) => ({ ...row })),
        [{ id: 1, address: server }]
      )
      // A process of the same configuration with the .env PORT (the CLI, a worker), after the cache.
      forgetRecordedAddress()
      env.set('PORT', 3333)
      assert.equal(await frontendUrl(), server)
      await Setting.query()
        .where('setting_key', 'FRONTEND_URL')
        .update({ setting_value: 'https://portal.example.com/' })
      settingsService.clearCache()
      assert.equal(await frontendUrl(), 'https://portal.example.com')
    } finally {
      env.set('PORT', port)
      forgetRecordedAddress()
    }
  })

  test('documents, outbox messages and the SQLite file are owner-only (0600 files, 0700 folders)', async ({
    assert,
  }) => {
    const document = await storeFile(
      `security-check/${Date.now()}/policy.pdf`,
      Buffer.from('%PDF-1.4')
    )
    assert.equal(mode(document), 0o600)
    assert.equal(mode(document.slice(0, document.lastIndexOf('/'))), 0o700)
    const { sendTemplatedEmail } = await import('#modules/notifications/index')
    await sendTemplatedEmail({
      type: 'admin_notification',
      to: 'ops@example.com',
      variables: { member_name: 'Mode check' },
    })
    const directory = outboxDirectory()
    assert.equal(mode(directory), 0o700)
    const { readdirSync } = await import('node:fs')
    const newest = readdirSync(directory)
      .filter((file) => file.endsWith('.eml'))
      .sort()
      .at(-1)!
    assert.equal(mode(`${directory}/${newest}`), 0o600)
    if (env.get('DB_CONNECTION', 'sqlite') === 'sqlite')
      assert.equal(mode(env.get('SQLITE_PATH')!), 0o600)
    // npm start writes .env owner-only and keeps no demo password in it.
    const start = readFileSync('scripts/start.mjs', 'utf8')
    assert.include(start, '{ mode: 0o600 }')
    assert.notInclude(start, 'DEMO_ADMIN_PASSWORD')
  })

  test('the demo admin password is printed once, when the admin is created', async ({
    assert,
    cleanup,
  }) => {
    const printed: string[] = []
    const original = console.log
    console.log = (...parts: unknown[]) => void printed.push(parts.join(' '))
    cleanup(() => {
      console.log = original
    })
    await db.from('admin_users').delete()
    process.env.SEED_DEMO = 'true'
    await new MainSeeder(db.connection()).run()
    await new MainSeeder(db.connection()).run()
    console.log = original
    const lines = printed.filter((line) => line.includes('Demo admin'))
    assert.lengthOf(lines, 1)
    assert.match(lines[0], /^Demo admin created: admin \/ \S{6,}/)
    assert.isNull(await seedDemoAdmin())
  }).timeout(60_000)
})
