import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import { adminAccountsService, AdminUser } from '#modules/admins/index'
import { CookieClient } from '#tests/helpers/cookie_client'
import { removeRowsAddedByGroup } from '#tests/helpers/database'

const MEMBER = { memberId: 'DEMO-1003', dateOfBirth: '1988-12-05' }
const PASSWORD = 'device-test-pass-9'

/*
| Sessions per device: two clients signed in as one account. Logout ends the
| device it is sent from; "Sign out everywhere" ends all of them. Committed for real (the test
| server's requests), what a test creates it removes.
*/
test.group('Sessions per device', (group) => {
  removeRowsAddedByGroup(group)
  const created: number[] = []
  group.each.setup(() => limiter.clear())
  group.teardown(async () => {
    await AdminUser.query().whereIn('id', created).delete()
    await db.from('user_sessions').whereIn('account_id', created).where('guard', 'admin').delete()
    await db.from('members').where('member_id', MEMBER.memberId).update({ session_version: 0 })
  })

  async function twoDevices() {
    const admin = await adminAccountsService.create(
      {
        username: `device_${Date.now()}_${created.length}`,
        email: `device${Date.now()}${created.length}@example.com`,
        password: PASSWORD,
      },
      'test'
    )
    created.push(admin.id)
    const laptop = new CookieClient()
    const phone = new CookieClient()
    for (const device of [laptop, phone]) {
      const login = await device.request('POST', '/api/admin/login', {
        username: admin.username,
        password: PASSWORD,
      })
      if (login.status !== 200) throw new Error(`login ${login.status} ${login.text}`)
    }
    return { admin, laptop, phone }
  }

  test('admin: logout on one device leaves the other working', async ({ assert }) => {
    const { laptop, phone } = await twoDevices()
    assert.equal((await laptop.post('/api/admin/logout')).status, 200)
    assert.equal((await laptop.get('/api/admin/me')).status, 401)
    assert.equal((await phone.get('/api/admin/me')).status, 200, 'the other device stays signed in')
  })

  test('admin: the Security page lists both devices; Sign out this one ends only that one', async ({
    assert,
  }) => {
    const { laptop, phone } = await twoDevices()
    const page = await laptop.get('/api/admin/security')
    assert.equal(page.status, 200, page.text)
    assert.lengthOf(page.body.sessions, 2)
    assert.deepEqual(page.body.sessions.map((session: any) => session.current).sort(), [
      false,
      true,
    ])
    assert.include(page.body.sessions[0], { ip: '127.0.0.1' })
    assert.deepEqual(
      page.body.sign_ins.slice(0, 2).map((event: any) => [event.success, event.factor, event.ip]),
      [
        [true, 'password', '127.0.0.1'],
        [true, 'password', '127.0.0.1'],
      ]
    )

    const other = page.body.sessions.find((session: any) => !session.current)
    const signedOut = await laptop.request('DELETE', `/api/admin/security/sessions/${other.id}`)
    assert.deepEqual(
      [signedOut.status, signedOut.body],
      [200, { success: true, signed_out_here: false }]
    )
    assert.equal((await phone.get('/api/admin/me')).status, 401, 'the phone was signed out')
    assert.equal((await laptop.get('/api/admin/me')).status, 200, 'the laptop stays')
    assert.lengthOf((await laptop.get('/api/admin/security')).body.sessions, 1)
    assert.equal(
      (await laptop.request('DELETE', `/api/admin/security/sessions/${other.id}`)).status,
      404
    )
  })

  test('admin: Sign out everywhere ends both devices', async ({ assert }) => {
    const { laptop, phone } = await twoDevices()
    const everywhere = await phone.post('/api/admin/security/sign-out-everywhere')
    assert.deepEqual(
      [everywhere.status, everywhere.body],
      [200, { success: true, signed_out_here: true }]
    )
    assert.equal((await laptop.get('/api/admin/me')).status, 401)
    assert.equal((await phone.get('/api/admin/me')).status, 401)
  })

  test('admin: a failed sign-in is in the history and the audit trail', async ({ assert }) => {
    const { admin, laptop } = await twoDevices()
    const wrong = await new CookieClient().post('/api/admin/login', {
      username: admin.username,
      password: 'not-the-password',
    })
    assert.equal(wrong.status, 401)
    const history = (await laptop.get('/api/admin/security')).body.sign_ins
    assert.deepEqual([history[0].success, history[0].factor], [false, 'password'])
    const audit = await db
      .from('audit_entries')
      .where({ entity_type: 'admin', entity_id: String(admin.id) })
      .whereIn('action', ['admin.sign_in', 'admin.sign_in_failed'])
      .orderBy('id', 'asc')
      .select('action')
    assert.deepEqual(
      audit.map((row) => row.action),
      ['admin.sign_in', 'admin.sign_in', 'admin.sign_in_failed']
    )
  })

  test('member: logout on one device leaves the other working; sign out everywhere ends both', async ({
    assert,
  }) => {
    const laptop = new CookieClient()
    const phone = new CookieClient()
    const third = new CookieClient()
    for (const device of [laptop, phone, third])
      assert.equal((await device.post('/api/auth/login', MEMBER)).status, 200)
    assert.equal((await laptop.post('/api/auth/logout')).status, 200)
    assert.equal((await laptop.get('/api/member/details')).status, 401)
    assert.equal(
      (await phone.get('/api/member/details')).status,
      200,
      'the other device stays signed in'
    )

    const everywhere = await phone.post('/api/member/sign-out-everywhere')
    assert.deepEqual(
      [everywhere.status, everywhere.body],
      [200, { success: true, signed_out_here: true }]
    )
    assert.equal((await phone.get('/api/member/details')).status, 401)
    assert.equal((await third.get('/api/member/details')).status, 401)
  })
})
