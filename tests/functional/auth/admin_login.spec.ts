import { test } from '@japa/runner'
import { isolateEachTest, TEST_ADMIN } from '#tests/helpers/database'
import { AdminUser } from '#modules/admins/index'
import { CookieClient } from '#tests/helpers/cookie_client'
import { withoutRequestId } from '#tests/helpers/api_contract'

test.group('Admin login', (group) => {
  isolateEachTest(group)

  test('an admin signs in with username and password', async ({ client }) => {
    const response = await client.post('/api/admin/login').json(TEST_ADMIN).withCsrfToken()
    response.assertStatus(200)
    response.assertBodyContains({ success: true, admin: { username: 'admin' } })
  })

  test('a wrong password is refused', async ({ client }) => {
    const response = await client
      .post('/api/admin/login')
      .json({ username: 'admin', password: 'wrong-password' })
      .withCsrfToken()
    response.assertStatus(401)
    response.assertBodyContains({ success: false, error: 'Invalid username or password' })
  })

  test('missing fields are a 422', async ({ client }) => {
    const response = await client
      .post('/api/admin/login')
      .json({ username: 'admin' })
      .withCsrfToken()
    response.assertStatus(422)
  })

  test('the admin session opens admin routes and logout closes it', async ({ assert }) => {
    const browser = new CookieClient()
    assert.equal((await browser.get('/api/admin/me')).status, 401)
    assert.equal((await browser.post('/api/admin/login', TEST_ADMIN)).status, 200)
    const me = await browser.get('/api/admin/me')
    assert.equal(me.status, 200)
    const logout = await browser.post('/api/admin/logout')
    assert.deepEqual([logout.status, logout.body], [200, { success: true }])
    const after = await browser.get('/api/admin/me')
    assert.deepEqual(
      [after.status, withoutRequestId(after.body)],
      [401, { success: false, error: 'Admin authentication required' }]
    )
  })

  test('an idle admin session older than 2 hours is refused', async ({ client }) => {
    const admin = await AdminUser.findByOrFail('username', 'admin')
    const response = await client
      .get('/api/admin/me')
      .withGuard('admin')
      .loginAs(admin)
      .withSession({ last_seen_admin: Date.now() - 2 * 60 * 60 * 1000 - 1000 })
    response.assertStatus(401)
    response.assertBodyContains({ success: false, error: 'Admin authentication required' })
  })

  test('the idle clock moves on at most once a minute: a session seen seconds ago is not rewritten', async ({
    assert,
    client,
  }) => {
    const admin = await AdminUser.findByOrFail('username', 'admin')
    const secondsAgo = Date.now() - 10_000
    const recent = await client
      .get('/api/admin/me')
      .asAdmin(admin)
      .withSession({ last_seen_admin: secondsAgo })
    recent.assertStatus(200)
    assert.equal(recent.session('last_seen_admin'), secondsAgo)

    const minutesAgo = Date.now() - 10 * 60 * 1000
    const before = Date.now()
    const later = await client
      .get('/api/admin/me')
      .asAdmin(admin)
      .withSession({ last_seen_admin: minutesAgo })
    later.assertStatus(200)
    assert.isAtLeast(later.session('last_seen_admin'), before)
  })

  test('a member session does not open admin routes', async ({ assert }) => {
    const browser = new CookieClient()
    const login = await browser.post('/api/auth/login', {
      memberId: 'DEMO-1001',
      dateOfBirth: '1980-04-15',
    })
    assert.equal(login.status, 200)
    assert.equal((await browser.get('/api/member/details')).status, 200)
    const admin = await browser.get('/api/admin/me')
    assert.deepEqual(
      [admin.status, withoutRequestId(admin.body)],
      [401, { success: false, error: 'Admin authentication required' }]
    )
  })

  test('the sixth failure for one username is throttled, and so is the twenty-first from one IP', async ({
    client,
    assert,
  }) => {
    for (let attempt = 1; attempt <= 5; attempt++) {
      ;(
        await client
          .post('/api/admin/login')
          .json({ username: 'admin', password: 'wrong-password' })
          .withCsrfToken()
      ).assertStatus(401)
    }
    const blocked = await client.post('/api/admin/login').json(TEST_ADMIN).withCsrfToken()
    blocked.assertStatus(429)
    assert.equal(blocked.body().error, 'Too many attempts. Please try again in 15 minutes.')
    for (let attempt = 1; attempt <= 15; attempt++) {
      ;(
        await client
          .post('/api/admin/login')
          .json({ username: `nobody-${attempt}`, password: 'wrong-password' })
          .withCsrfToken()
      ).assertStatus(401)
    }
    const other = await AdminUser.create({
      username: 'second',
      email: 'second@example.test',
      password: 'secret-123-abc',
    })
    const ipBlocked = await client
      .post('/api/admin/login')
      .json({ username: other.username, password: 'secret-123-abc' })
      .withCsrfToken()
    ipBlocked.assertStatus(429)
  })
})
