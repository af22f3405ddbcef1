import { test } from '@japa/runner'
import { isolateEachTest, TEST_ADMIN } from '#tests/helpers/database'
import { AdminUser } from '#modules/admins/index'

test.group('Admin login', (group) => {
  isolateEachTest(group)

  test('an admin signs in with username and password', async ({ client }) => {
    const response = await client.post('/api/admin/login').json(TEST_ADMIN).withCsrfToken()
    response.assertStatus(200)
    response.assertBodyContains({ success: true, admin: { username: 'admin' } })
  })

  test('a wrong password is refused', async ({ client }) => {
    const response = await client.post('/api/admin/login').json({ username: 'admin', password: 'wrong-password' }).withCsrfToken()
    response.assertStatus(401)
    response.assertBody({ success: false, error: 'Invalid username or password' })
  })

  test('missing fields are a 422', async ({ client }) => {
    const response = await client.post('/api/admin/login').json({ username: 'admin' }).withCsrfToken()
    response.assertStatus(422)
  })

  test('the admin session opens admin routes and logout closes it', async ({ client }) => {
    const admin = await AdminUser.findByOrFail('username', 'admin')
    const me = await client.get('/api/admin/me').asAdmin(admin)
    me.assertStatus(200)
    const logout = await client.post('/api/admin/logout').asAdmin(admin).withCsrfToken()
    logout.assertStatus(200)
    logout.assertBody({ success: true })
  })

  test('an idle admin session older than 2 hours is refused', async ({ client }) => {
    const admin = await AdminUser.findByOrFail('username', 'admin')
    const response = await client
      .get('/api/admin/me')
      .withGuard('admin')
      .loginAs(admin)
      .withSession({ last_seen_admin: Date.now() - 2 * 60 * 60 * 1000 - 1000 })
    response.assertStatus(401)
    response.assertBody({ success: false, error: 'Admin authentication required' })
  })

  test('a member session does not open admin routes', async ({ client }) => {
    const response = await client.get('/api/admin/me').withSession({ last_seen_admin: Date.now() })
    response.assertStatus(401)
  })
})
