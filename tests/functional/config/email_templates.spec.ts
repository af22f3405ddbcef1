import { test } from '@japa/runner'
import { isolateEachTest } from '#tests/helpers/database'
import { demoAdmin } from '#tests/helpers/admin_session'
import { EmailTemplate } from '#modules/notifications/index'

const NEW_TEMPLATE = {
  template_type: 'migration_confirmation',
  name: 'Spring campaign',
  subject: 'Welcome {{member_name}}',
  html_content:
    '<h1>Hello {{member_name}}</h1><p>Your reference is <strong>{{migration_reference}}</strong>.</p>',
}

test.group('Admin email templates', (group) => {
  isolateEachTest(group)

  test('list, create (inactive by default), read, update and delete', async ({
    client,
    assert,
  }) => {
    const admin = await demoAdmin()
    const list = await client.get('/api/admin/email-templates').asAdmin(admin)
    list.assertStatus(200)
    // One seeded English default per type: the spec's three, the invitation and its two reminders, the two dunning emails, the lapse alert, the receipt, the credit note, the cancellation, the stop, the renewal invitation and the end of the term, the refund / dispute alert and the unknown delivery alert;
    // and a German and a French version of the twelve member emails.
    const templates = list.body().templates
    assert.lengthOf(
      templates.filter((t: any) => t.language === 'en'),
      17
    )
    assert.lengthOf(
      templates.filter((t: any) => t.language === 'de'),
      12
    )
    assert.lengthOf(
      templates.filter((t: any) => t.language === 'fr'),
      12
    )
    assert.lengthOf(templates, 41)
    assert.includeMembers(
      list.body().templates.map((template: any) => template.template_type),
      [
        'payment_failed',
        'payment_reminder',
        'coverage_lapsed_alert',
        'payment_receipt',
        'credit_note',
        'coverage_cancelled',
        'payments_stopped',
        'renewal_invitation',
        'coverage_expired',
        'money_alert',
        'delivery_unknown_alert',
      ]
    )

    const created = await client
      .post('/api/admin/email-templates')
      .json(NEW_TEMPLATE)
      .asAdmin(admin)
      .withCsrfToken()
    created.assertStatus(201)
    const id = created.body().template.id
    assert.containsSubset(created.body().template, {
      ...NEW_TEMPLATE,
      language: 'en',
      is_active: false,
    })

    const read = await client.get(`/api/admin/email-templates/${id}`).asAdmin(admin)
    assert.equal(read.body().template.name, 'Spring campaign')

    const updated = await client
      .put(`/api/admin/email-templates/${id}`)
      .json({ ...NEW_TEMPLATE, subject: 'Changed' })
      .asAdmin(admin)
      .withCsrfToken()
    updated.assertStatus(200)
    assert.equal((await EmailTemplate.findOrFail(id)).subject, 'Changed')

    const deleted = await client
      .delete(`/api/admin/email-templates/${id}`)
      .asAdmin(admin)
      .withCsrfToken()
    deleted.assertStatus(200)
    assert.isNull(await EmailTemplate.find(id))
  })

  test('the active template of a type cannot be deleted', async ({ client, assert }) => {
    const active = await EmailTemplate.query()
      .where('template_type', 'admin_notification')
      .where('is_active', true)
      .firstOrFail()
    const response = await client
      .delete(`/api/admin/email-templates/${active.id}`)
      .asAdmin(await demoAdmin())
      .withCsrfToken()
    response.assertStatus(409)
    assert.equal(
      response.body().error,
      'The active template cannot be deleted: activate another template of this type first'
    )
    assert.isNotNull(await EmailTemplate.find(active.id))
  })

  test('the active template keeps its type; an inactive one may change type', async ({
    client,
    assert,
  }) => {
    const admin = await demoAdmin()
    const active = await EmailTemplate.query()
      .where('template_type', 'admin_notification')
      .where('is_active', true)
      .firstOrFail()
    const body = {
      template_type: 'cancellation_alert',
      name: active.name,
      subject: active.subject,
      html_content: active.html_content,
    }
    const refused = await client
      .put(`/api/admin/email-templates/${active.id}`)
      .json(body)
      .asAdmin(admin)
      .withCsrfToken()
    refused.assertStatus(409)
    assert.equal(
      refused.body().error,
      'The type of the active template cannot be changed: activate another template of this type first'
    )
    await active.refresh()
    assert.equal(active.template_type, 'admin_notification')
    assert.isTrue(active.is_active)

    const sameType = await client
      .put(`/api/admin/email-templates/${active.id}`)
      .json({ ...body, template_type: 'admin_notification', subject: 'Renamed' })
      .asAdmin(admin)
      .withCsrfToken()
    sameType.assertStatus(200)
    assert.containsSubset(sameType.body().template, {
      template_type: 'admin_notification',
      subject: 'Renamed',
      is_active: true,
    })

    const created = await client
      .post('/api/admin/email-templates')
      .json(NEW_TEMPLATE)
      .asAdmin(admin)
      .withCsrfToken()
    const moved = await client
      .put(`/api/admin/email-templates/${created.body().template.id}`)
      .json({ ...NEW_TEMPLATE, template_type: 'cancellation_alert' })
      .asAdmin(admin)
      .withCsrfToken()
    moved.assertStatus(200)
    assert.containsSubset(moved.body().template, {
      template_type: 'cancellation_alert',
      is_active: false,
    })
    for (const type of ['migration_confirmation', 'admin_notification', 'cancellation_alert']) {
      assert.lengthOf(
        await EmailTemplate.query()
          .where('template_type', type)
          .where('language', 'en')
          .where('is_active', true),
        1,
        type
      )
    }
  })

  test('activating a template deactivates the others of its type only', async ({
    client,
    assert,
  }) => {
    const admin = await demoAdmin()
    const created = await client
      .post('/api/admin/email-templates')
      .json(NEW_TEMPLATE)
      .asAdmin(admin)
      .withCsrfToken()
    const id = created.body().template.id
    const response = await client
      .post(`/api/admin/email-templates/${id}/activate`)
      .asAdmin(admin)
      .withCsrfToken()
    response.assertStatus(200)
    const confirmations = await EmailTemplate.query()
      .where('template_type', 'migration_confirmation')
      .where('language', 'en')
    assert.deepEqual(
      confirmations.filter((t) => t.is_active).map((t) => t.id),
      [id]
    )
    const adminNotice = await EmailTemplate.query()
      .where('template_type', 'admin_notification')
      .where('is_active', true)
    assert.lengthOf(adminNotice, 1)
  })

  test('creating a template as active also keeps it the only active one', async ({
    client,
    assert,
  }) => {
    const response = await client
      .post('/api/admin/email-templates')
      .json({ ...NEW_TEMPLATE, is_active: true })
      .asAdmin(await demoAdmin())
      .withCsrfToken()
    const active = await EmailTemplate.query()
      .where('template_type', 'migration_confirmation')
      .where('language', 'en')
      .where('is_active', true)
    assert.deepEqual(
      active.map((t) => t.id),
      [response.body().template.id]
    )
  })

  test('HTML is sanitised on save: no script, no event handlers, no javascript: URLs', async ({
    client,
    assert,
  }) => {
    const html =
      '<p onclick="steal()">Hi {{member_name}}</p><script>alert(1)</script><a href="javascript:alert(1)">x</a><img src="https://cdn.example.com/logo.png" onerror="alert(2)"><a href="{{frontend_url}}/shop/login">Sign in</a>'
    const response = await client
      .post('/api/admin/email-templates')
      .json({ ...NEW_TEMPLATE, html_content: html })
      .asAdmin(await demoAdmin())
      .withCsrfToken()
    response.assertStatus(201)
    const stored = (await EmailTemplate.findOrFail(response.body().template.id)).html_content
    assert.notInclude(stored, '<script')
    assert.notInclude(stored, 'onclick')
    assert.notInclude(stored, 'onerror')
    assert.notInclude(stored, 'javascript:')
    assert.include(stored, '<p>Hi {{member_name}}</p>')
    assert.include(stored, '<img src="https://cdn.example.com/logo.png" />')
    assert.include(stored, 'href="{{frontend_url}}/shop/login"')
  })

  test('missing fields give the spec message: {$self}')
    .with(['name', 'subject', 'html_content'])
    .run(async ({ client, assert }, field) => {
      const response = await client
        .post('/api/admin/email-templates')
        .json({ ...NEW_TEMPLATE, [field]: '  ' })
        .asAdmin(await demoAdmin())
        .withCsrfToken()
      response.assertStatus(422)
      assert.equal(response.body().error, 'Please fill in all required fields')
    })

  test('an unknown type, an unknown id and a script-only body are refused', async ({
    client,
    assert,
  }) => {
    const admin = await demoAdmin()
    const badType = await client
      .post('/api/admin/email-templates')
      .json({ ...NEW_TEMPLATE, template_type: 'newsletter' })
      .asAdmin(admin)
      .withCsrfToken()
    badType.assertStatus(422)
    const missing = await client
      .post('/api/admin/email-templates/999999/activate')
      .asAdmin(admin)
      .withCsrfToken()
    missing.assertStatus(404)
    assert.equal(missing.body().error, 'Email template not found')
    const scriptOnly = await client
      .post('/api/admin/email-templates')
      .json({ ...NEW_TEMPLATE, html_content: '<script>alert(1)</script>' })
      .asAdmin(admin)
      .withCsrfToken()
    scriptOnly.assertStatus(422)
  })

  test('the variables list has member, migration and system groups', async ({ client, assert }) => {
    const response = await client
      .get('/api/admin/email-templates/variables')
      .asAdmin(await demoAdmin())
    response.assertStatus(200)
    assert.deepInclude(response.body().member, {
      name: 'member_name',
      description: 'Full name of the principal member',
    })
    assert.deepInclude(
      response.body().migration.map((v: any) => v.name),
      'migration_reference'
    )
    assert.deepInclude(
      response.body().system.map((v: any) => v.name),
      'current_date'
    )
  })

  test('the preview fills the sample variables and escapes nothing unsafe through', async ({
    client,
    assert,
  }) => {
    const response = await client
      .post('/api/admin/email-templates/preview')
      .json({
        subject: 'Hi {{member_name}}',
        html_content: '<p>{{member_name}} – {{total_amount}} {{currency}}</p><script>x()</script>',
      })
      .asAdmin(await demoAdmin())
      .withCsrfToken()
    response.assertStatus(200)
    assert.equal(response.body().subject, 'Hi John Smith')
    assert.equal(response.body().html, '<p>John Smith – 2,640.00 EUR</p>')
  })
})
