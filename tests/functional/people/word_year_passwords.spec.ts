import { test } from '@japa/runner'
import { AdminUser } from '#modules/admins/index'
import { isolateEachTest } from '#tests/helpers/database'
import { prepareCliDatabase, runCli } from '#tests/helpers/cli_runner'

const WORD_YEAR =
  'This password is a word and a year (like Summer2024), which is among the first guesses. Please choose another one'

/** One password rule wherever an administrator's password is set (API and CLI). */
test.group('Word-plus-year passwords', (group) => {
  isolateEachTest(group)

  test('refused at creation and at change through the API, with their own message', async ({
    client,
    assert,
  }) => {
    const owner = await AdminUser.create({
      username: 'wy_owner',
      email: 'wy_owner@example.test',
      password: 'owner-pass-55',
    })
    for (const password of ['Summer2024', 'winter-1999!', '2024Autumn', ' Orchard2031 ']) {
      const created = await client
        .post('/api/admin/admin-users')
        .json({ username: 'wy_new', email: 'wy_new@example.test', password })
        .asAdmin(owner)
        .withCsrfToken()
      assert.deepEqual([created.status(), created.body().error], [422, WORD_YEAR], password)
    }
    const changed = await client
      .post(`/api/admin/admin-users/${owner.id}/change-password`)
      .json({ newPassword: 'Summer2024', currentPassword: 'owner-pass-55' })
      .asAdmin(owner)
      .withCsrfToken()
    assert.deepEqual([changed.status(), changed.body().error], [422, WORD_YEAR])
    const fine = await client
      .post('/api/admin/admin-users')
      .json({ username: 'wy_new', email: 'wy_new@example.test', password: 'tidal-ember-2024' })
      .asAdmin(owner)
      .withCsrfToken()
    assert.equal(fine.status(), 201, 'two words and a year are not the pattern')
  })
})

test.group('Word-plus-year passwords in the CLI', (group) => {
  // Its processes use their own SQLite file whatever the suite's database: run once (scripts/run_tests.mjs).
  group.tap((t) => t.tags(['@own-sqlite'], 'append'))
  group.setup(() => prepareCliDatabase())

  test('admins create refuses "Summer2024" and its help says the rule', async ({ assert }) => {
    const refused = await runCli(
      'admins',
      'create',
      '--username',
      'wy_cli',
      '--email',
      'wy_cli@example.test',
      '--password',
      'Summer2024'
    )
    assert.equal(refused.code, 1)
    assert.equal(refused.stderr.trim(), `error: ${WORD_YEAR}`)
    const help = await runCli('admins', 'create', '--help')
    assert.include(
      help.stdout.replace(/\s+/g, ' '),
      'at least 12 characters, not a common password, not a word and a year like Summer2024'
    )
  }).timeout(60_000)
})
