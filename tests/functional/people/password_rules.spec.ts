import { test } from '@japa/runner'
import { AdminUser } from '#modules/admins/index'
import { isolateEachTest } from '#tests/helpers/database'
import { CookieClient } from '#tests/helpers/cookie_client'

const COMMON =
  'This password is too common: it is in a list of the most used passwords. Please choose another one'

/*
| Passwords: the spec's minimum and messages stay; a common password is refused
| with its own message; one's own password needs the current one; an Owner resetting another's
| does not, and that ends the other's sessions.
*/
test.group('Password rules', (group) => {
  isolateEachTest(group)

  test('common passwords are refused at creation and at change, with their own message; the minimum keeps its message', async ({
    client,
    assert,
  }) => {
    const owner = await AdminUser.create({
      username: 'pw_owner',
      email: 'pw_owner@example.test',
      password: 'owner-pass-55',
    })
    for (const password of ['abc123', 'qwerty123456', 'Password1', '  123456  ']) {
      const created = await client
        .post('/api/admin/admin-users')
        .json({ username: 'pw_new', email: 'pw_new@example.test', password })
        .asAdmin(owner)
        .withCsrfToken()
      assert.deepEqual([created.status(), created.body().error], [422, COMMON], password)
    }
    const short = await client
      .post('/api/admin/admin-users')
      .json({ username: 'pw_new', email: 'pw_new@example.test', password: 'ab1' })
      .asAdmin(owner)
      .withCsrfToken()
    assert.deepEqual(
      [short.status(), short.body().error],
      [422, 'Password must be at least 6 characters']
    )
    // Twelve characters that are not spaces, after the specification's six and its message.
    for (const [password, status] of [
      ['tidal-ember', 422],
      ['  tidal-ember  ', 422],
      ['tidal-ember4', 201],
    ] as const) {
      const answer = await client
        .post('/api/admin/admin-users')
        .json({ username: 'pw_len', email: 'pw_len@example.test', password })
        .asAdmin(owner)
        .withCsrfToken()
      assert.equal(answer.status(), status, password)
      if (status === 422)
        assert.deepEqual(answer.body().errors, [
          { field: 'password', message: 'Password must be at least 12 characters' },
        ])
    }
    await AdminUser.query().where('username', 'pw_len').delete()
    const other = await AdminUser.create({
      username: 'pw_other',
      email: 'pw_other@example.test',
      password: 'other-pass-55',
    })
    const changed = await client
      .post(`/api/admin/admin-users/${other.id}/change-password`)
      .json({ newPassword: 'iloveyou' })
      .asAdmin(owner)
      .withCsrfToken()
    assert.deepEqual([changed.status(), changed.body().error], [422, COMMON])
    const shortChange = await client
      .post(`/api/admin/admin-users/${other.id}/change-password`)
      .json({ newPassword: 'ember-tide9' })
      .asAdmin(owner)
      .withCsrfToken()
    assert.deepEqual(
      [shortChange.status(), shortChange.body().error],
      [422, 'New password must be at least 12 characters']
    )
    const fine = await client
      .post('/api/admin/admin-users')
      .json({ username: 'pw_new', email: 'pw_new@example.test', password: 'tidal-ember-42' })
      .asAdmin(owner)
      .withCsrfToken()
    assert.equal(fine.status(), 201)
    assert.equal(fine.body().admin.role, 'owner', 'created without a role: an Owner')
  })

  test("changing one's own password needs the current one: 422 without it or with a wrong one", async ({
    client,
    assert,
  }) => {
    const me = await AdminUser.create({
      username: 'pw_self',
      email: 'pw_self@example.test',
      password: 'current-pass-55',
      role: 'support',
    })
    const url = `/api/admin/admin-users/${me.id}/change-password`
    const without = await client
      .post(url)
      .json({ newPassword: 'next-pass-77' })
      .asAdmin(me)
      .withCsrfToken()
    assert.deepEqual(
      [without.status(), without.body().error],
      [422, 'Please enter your current password']
    )
    const wrong = await client
      .post(url)
      .json({ newPassword: 'next-pass-77', currentPassword: 'not-it-at-all' })
      .asAdmin(me)
      .withCsrfToken()
    assert.deepEqual([wrong.status(), wrong.body().error], [422, 'Current password is incorrect'])
    const ok = await client
      .post(url)
      .json({ newPassword: 'next-pass-77', currentPassword: 'current-pass-55' })
      .asAdmin(me)
      .withCsrfToken()
    assert.equal(ok.status(), 200, ok.text())
    // A Support administrator may change their own password, not another's.
    const owner = await AdminUser.findByOrFail('username', 'admin')
    const others = await client
      .post(`/api/admin/admin-users/${owner.id}/change-password`)
      .json({ newPassword: 'next-pass-77' })
      .asAdmin(await AdminUser.findOrFail(me.id))
      .withCsrfToken()
    assert.deepEqual(
      [others.status(), others.body().error],
      [403, "Your role (Support) cannot change another administrator's password"]
    )
  })

  test("an Owner resets another administrator's password without theirs, and that ends the other's sessions", async ({
    assert,
  }) => {
    await AdminUser.create({
      username: 'pw_target',
      email: 'pw_target@example.test',
      password: 'target-pass-55',
      role: 'finance',
    })
    await AdminUser.create({
      username: 'pw_boss',
      email: 'pw_boss@example.test',
      password: 'boss-pass-55',
    })
    const target = new CookieClient()
    const boss = new CookieClient()
    assert.equal(
      (await target.post('/api/admin/login', { username: 'pw_target', password: 'target-pass-55' }))
        .status,
      200
    )
    assert.equal(
      (await boss.post('/api/admin/login', { username: 'pw_boss', password: 'boss-pass-55' }))
        .status,
      200
    )
    const id = (await AdminUser.findByOrFail('username', 'pw_target')).id
    const reset = await boss.post(`/api/admin/admin-users/${id}/change-password`, {
      newPassword: 'fresh-pass-66',
    })
    assert.equal(reset.status, 200, reset.text)
    assert.equal((await target.get('/api/admin/me')).status, 401)
    assert.equal((await boss.get('/api/admin/me')).status, 200)
  })
})
