import { test } from '@japa/runner'
import hash from '@adonisjs/core/services/hash'
import { isolateEachTest } from '#tests/helpers/database'
import { AdminUser, adminAccountsService } from '#modules/admins/index'

const admin = () => AdminUser.findByOrFail('username', 'admin')

test.group('Admin accounts', (group) => {
  isolateEachTest(group)

  test('create validates every field with the spec messages', async ({ client, assert }) => {
    const cases: [Record<string, unknown>, string][] = [
      [
        { username: '', email: 'a@example.test', password: 'bob-pass-7100' },
        'Please fill in all fields',
      ],
      [{ username: 'bob', email: '', password: 'bob-pass-7100' }, 'Please fill in all fields'],
      [{ username: 'bob', email: 'a@example.test' }, 'Please fill in all fields'],
      [
        { username: 'bob', email: 'a@example.test', password: '12345' },
        'Password must be at least 6 characters',
      ],
      [
        { username: 'bob', email: 'not-mail', password: 'bob-pass-7100' },
        'Please enter a valid email address',
      ],
    ]
    for (const [body, message] of cases) {
      const response = await client
        .post('/api/admin/admin-users')
        .json(body)
        .asAdmin(await admin())
        .withCsrfToken()
      response.assertStatus(422)
      assert.equal(response.body().error, message, JSON.stringify(body))
    }
  })

  test('create stores a hashed password; duplicates are a 409', async ({ client, assert }) => {
    const created = await client
      .post('/api/admin/admin-users')
      .json({ username: 'bob', email: 'bob@example.test', password: 'bob-pass-7100' })
      .asAdmin(await admin())
      .withCsrfToken()
    created.assertStatus(201)
    created.assertBodyContains({ success: true, message: 'Admin created successfully' })
    const bob = await AdminUser.findByOrFail('username', 'bob')
    assert.notEqual(bob.password, 'bob-pass-7100')
    assert.isTrue(await hash.use('scrypt').verify(bob.password, 'bob-pass-7100'))

    const sameName = await client
      .post('/api/admin/admin-users')
      .json({ username: 'BOB', email: 'x@example.test', password: 'bob-pass-7100' })
      .asAdmin(await admin())
      .withCsrfToken()
    sameName.assertStatus(409)
    assert.equal(sameName.body().error, 'Username already exists')
    const sameMail = await client
      .post('/api/admin/admin-users')
      .json({ username: 'bob2', email: 'Bob@example.test', password: 'bob-pass-7100' })
      .asAdmin(await admin())
      .withCsrfToken()
    sameMail.assertStatus(409)
    assert.equal(sameMail.body().error, 'Email already exists')
  })

  test('the list searches username or email and pages', async ({ client, assert }) => {
    for (let i = 0; i < 3; i++)
      await AdminUser.create({
        username: `ops${i}`,
        email: `ops${i}@corp.test`,
        password: 'bob-pass-7100',
      })
    const all = await client
      .get('/api/admin/admin-users')
      .qs({ page: 1, limit: 2 })
      .asAdmin(await admin())
    assert.equal(all.body().total, 4)
    assert.lengthOf(all.body().admins, 2)
    assert.deepEqual(Object.keys(all.body().admins[0]).sort(), [
      'created_at',
      'email',
      'id',
      'role',
      'username',
    ])
    const byMail = await client
      .get('/api/admin/admin-users')
      .qs({ search: 'corp.test' })
      .asAdmin(await admin())
    assert.equal(byMail.body().total, 3)
    const byName = await client
      .get('/api/admin/admin-users')
      .qs({ search: 'ops1' })
      .asAdmin(await admin())
    assert.equal(byName.body().total, 1)
  })

  test('edit changes username and email, refusing those of another admin', async ({
    client,
    assert,
  }) => {
    const bob = await AdminUser.create({
      username: 'bob',
      email: 'bob@example.test',
      password: 'bob-pass-7100',
    })
    const ok = await client
      .put(`/api/admin/admin-users/${bob.id}`)
      .json({ username: 'robert', email: 'robert@example.test' })
      .asAdmin(await admin())
      .withCsrfToken()
    ok.assertStatus(200)
    assert.equal(ok.body().message, 'Admin updated successfully')
    const taken = await client
      .put(`/api/admin/admin-users/${bob.id}`)
      .json({ username: 'admin', email: 'robert@example.test' })
      .asAdmin(await admin())
      .withCsrfToken()
    taken.assertStatus(409)
    const empty = await client
      .put(`/api/admin/admin-users/${bob.id}`)
      .json({ username: '', email: '' })
      .asAdmin(await admin())
      .withCsrfToken()
    empty.assertStatus(422)
  })

  test('change password validates and the new one signs in', async ({ client, assert }) => {
    const bob = await AdminUser.create({
      username: 'bob',
      email: 'bob@example.test',
      password: 'bob-pass-7100',
    })
    const short = await client
      .post(`/api/admin/admin-users/${bob.id}/change-password`)
      .json({ newPassword: '123' })
      .asAdmin(await admin())
      .withCsrfToken()
    assert.equal(short.body().error, 'New password must be at least 6 characters')
    const empty = await client
      .post(`/api/admin/admin-users/${bob.id}/change-password`)
      .json({})
      .asAdmin(await admin())
      .withCsrfToken()
    assert.equal(empty.body().error, 'Please fill in all password fields')
    const ok = await client
      .post(`/api/admin/admin-users/${bob.id}/change-password`)
      .json({ newPassword: 'brand-new-pass' })
      .asAdmin(await admin())
      .withCsrfToken()
    ok.assertBodyContains({ success: true, message: 'Password changed successfully' })
    const login = await client
      .post('/api/admin/login')
      .json({ username: 'bob', password: 'brand-new-pass' })
      .withCsrfToken()
    login.assertStatus(200)
  })

  test('an admin cannot delete themselves nor the last account; others can be deleted', async ({
    client,
    assert,
  }) => {
    const me = await admin()
    const self = await client.delete(`/api/admin/admin-users/${me.id}`).asAdmin(me).withCsrfToken()
    self.assertStatus(422)
    assert.equal(self.body().error, 'You cannot delete your own account')

    const bob = await AdminUser.create({
      username: 'bob',
      email: 'bob@example.test',
      password: 'bob-pass-7100',
    })
    const deleted = await client
      .delete(`/api/admin/admin-users/${bob.id}`)
      .asAdmin(me)
      .withCsrfToken()
    deleted.assertBodyContains({ success: true, message: 'Admin deleted successfully' })
    assert.isNull(await AdminUser.find(bob.id))

    // The service guards the last account even when the acting admin is gone (e.g. deleted meanwhile).
    await assert.rejects(
      () => adminAccountsService.delete(me.id, 0, 'test'),
      'Cannot delete the last admin account'
    )
    assert.isNotNull(await AdminUser.find(me.id))
  })
})
