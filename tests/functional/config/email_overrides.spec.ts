import { test } from '@japa/runner'
import { isolateEachTest } from '#tests/helpers/database'
import { demoAdmin } from '#tests/helpers/admin_session'
import { EmailOverride } from '#modules/notifications/index'
import { Member } from '#modules/members/index'

test.group('Admin email overrides', (group) => {
  isolateEachTest(group)

  test('create, list, read, update and delete an override', async ({ client, assert }) => {
    const admin = await demoAdmin()
    const created = await client
      .post('/api/admin/email-overrides')
      .json({ member_id: 'DEMO-1002', override_email: 'qa@example.com', notes: 'Testing' })
      .asAdmin(admin)
      .withCsrfToken()
    created.assertStatus(201)
    const override = created.body().override
    assert.containsSubset(override, {
      member_id: 'DEMO-1002',
      insured_full_name: 'Carlos Rivera',
      original_email: 'carlos.rivera@example.com',
      override_email: 'qa@example.com',
      notes: 'Testing',
      created_by: 'admin',
    })
    const carlos = await Member.findByOrFail('member_id', 'DEMO-1002')
    assert.equal(
      (await EmailOverride.findByOrFail('member_id', carlos.id)).override_email,
      'qa@example.com'
    )

    const list = await client.get('/api/admin/email-overrides').asAdmin(admin)
    assert.lengthOf(list.body().overrides, 1)
    assert.isString(list.body().overrides[0].created_at)

    const updated = await client
      .put(`/api/admin/email-overrides/${override.id}`)
      .json({ override_email: 'other@example.com', notes: '' })
      .asAdmin(admin)
      .withCsrfToken()
    updated.assertStatus(200)
    assert.containsSubset(updated.body().override, {
      override_email: 'other@example.com',
      notes: null,
    })

    const read = await client.get(`/api/admin/email-overrides/${override.id}`).asAdmin(admin)
    assert.equal(read.body().override.override_email, 'other@example.com')

    const deleted = await client
      .delete(`/api/admin/email-overrides/${override.id}`)
      .asAdmin(admin)
      .withCsrfToken()
    deleted.assertBody({ success: true })
    assert.isNull(await EmailOverride.find(override.id))
  })

  test('validation messages of the spec: {$self}')
    .with([
      { body: { override_email: 'qa@example.com' }, error: 'Please select a member' },
      {
        body: { member_id: 'DEMO-1002', override_email: '' },
        error: 'Please enter an override email',
      },
      { body: { member_id: 'DEMO-1002' }, error: 'Please enter an override email' },
      {
        body: { member_id: 'DEMO-1002', override_email: 'not-an-address' },
        error: 'Please enter a valid email address',
      },
    ])
    .run(async ({ client, assert }, { body, error }) => {
      const response = await client
        .post('/api/admin/email-overrides')
        .json(body)
        .asAdmin(await demoAdmin())
        .withCsrfToken()
      response.assertStatus(422)
      assert.equal(response.body().error, error)
    })

  test('an unknown member is a 404 and a second override for a member a 409', async ({
    client,
    assert,
  }) => {
    const admin = await demoAdmin()
    const unknown = await client
      .post('/api/admin/email-overrides')
      .json({ member_id: 'NOPE', override_email: 'qa@example.com' })
      .asAdmin(admin)
      .withCsrfToken()
    unknown.assertStatus(404)
    await client
      .post('/api/admin/email-overrides')
      .json({ member_id: 'DEMO-1002', override_email: 'qa@example.com' })
      .asAdmin(admin)
      .withCsrfToken()
    const twice = await client
      .post('/api/admin/email-overrides')
      .json({ member_id: 'DEMO-1002', override_email: 'qa2@example.com' })
      .asAdmin(admin)
      .withCsrfToken()
    twice.assertStatus(409)
    assert.equal(twice.body().error, 'An email override already exists for this member')
  })

  test('an update with a bad address or of an unknown override is refused', async ({ client }) => {
    const admin = await demoAdmin()
    const created = await client
      .post('/api/admin/email-overrides')
      .json({ member_id: 'DEMO-1002', override_email: 'qa@example.com' })
      .asAdmin(admin)
      .withCsrfToken()
    const bad = await client
      .put(`/api/admin/email-overrides/${created.body().override.id}`)
      .json({ override_email: 'x' })
      .asAdmin(admin)
      .withCsrfToken()
    bad.assertStatus(422)
    const unknown = await client
      .put('/api/admin/email-overrides/999999')
      .json({ override_email: 'qa@example.com' })
      .asAdmin(admin)
      .withCsrfToken()
    unknown.assertStatus(404)
    const unknownDelete = await client
      .delete('/api/admin/email-overrides/999999')
      .asAdmin(admin)
      .withCsrfToken()
    unknownDelete.assertStatus(404)
  })

  test('member search finds principals by name, member ID or email', async ({ client, assert }) => {
    const admin = await demoAdmin()
    const byName = await client
      .get('/api/admin/email-overrides-search-members?q=schmidt')
      .asAdmin(admin)
    assert.deepEqual(byName.body().members, [
      {
        member_id: 'DEMO-1001',
        insured_full_name: 'Anna Schmidt',
        email: 'anna.schmidt@corp.example.com',
      },
    ])
    const byId = await client
      .get('/api/admin/email-overrides-search-members?q=DEMO-1003')
      .asAdmin(admin)
    assert.deepEqual(
      byId.body().members.map((m: any) => m.member_id),
      ['DEMO-1003']
    )
    const byEmail = await client
      .get('/api/admin/email-overrides-search-members?q=rivera@')
      .asAdmin(admin)
    assert.deepEqual(
      byEmail.body().members.map((m: any) => m.member_id),
      ['DEMO-1002']
    )
    const wildcard = await client
      .get('/api/admin/email-overrides-search-members?q=%25%25')
      .asAdmin(admin)
    assert.deepEqual(wildcard.body().members, [])
  })

  test('member search needs 2 characters', async ({ client }) => {
    const response = await client
      .get('/api/admin/email-overrides-search-members?q=a')
      .asAdmin(await demoAdmin())
    response.assertStatus(422)
  })
})
