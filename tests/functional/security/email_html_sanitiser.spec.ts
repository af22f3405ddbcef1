import { test } from '@japa/runner'
import { isolateEachTest } from '#tests/helpers/database'
import { AdminUser } from '#modules/admins/index'
import { EmailTemplate, sendTemplatedEmail } from '#modules/notifications/index'
import { outboxMessages } from '#tests/helpers/outbox'

/** What a hostile admin (or a stolen admin session) could put in a template. */
const HOSTILE_HTML = [
  '<meta http-equiv="refresh" content="0;url=https://evil.example.com">',
  '<p onmouseover="steal()" style="position:fixed;top:0;left:0;z-index:9999;color:#ff0000;font-weight:bold">Hello {{member_name}}</p>',
  '<a href="{{nope}}javascript:alert(1)">Pay now</a>',
  '<a href="{{frontend_url}}/shop/login">Sign in</a>',
  '<img src="https://cdn.example.com/logo.png" onerror="alert(2)">',
  '<div style="background:url(https://evil.example.com/x.png);transform:scale(9);text-align:center">Thanks</div>',
].join('')

/** Asserts that none of the hostile parts is left. */
function assertClean(assert: any, html: string) {
  assert.notMatch(html, /<meta/i)
  assert.notMatch(html, /\bon\w+=/i)
  assert.notMatch(html, /javascript:/i)
  assert.notMatch(html, /position|z-index|top:|left:|transform|url\(/i)
}

test.group('Email template HTML sanitiser', (group) => {
  isolateEachTest(group)

  test('what is stored: no meta refresh, event handler, javascript: behind a variable or positioning style', async ({
    client,
    assert,
  }) => {
    const admin = await AdminUser.findByOrFail('username', 'admin')
    const response = await client
      .post('/api/admin/email-templates')
      .json({
        template_type: 'admin_notification',
        name: 'Hostile',
        subject: 'Hi',
        html_content: HOSTILE_HTML,
        is_active: false,
      })
      .asAdmin(admin)
      .withCsrfToken()
    response.assertStatus(201)
    const stored = (await EmailTemplate.findOrFail(response.body().template.id)).html_content
    assertClean(assert, stored)
    assert.include(stored, '<p style="color:#ff0000;font-weight:bold">Hello {{member_name}}</p>')
    assert.include(stored, '<a>Pay now</a>')
    assert.include(stored, '<a href="{{frontend_url}}/shop/login">Sign in</a>')
    assert.include(stored, '<div style="text-align:center">Thanks</div>')
  })

  test('what is sent: a template stored before the sanitiser is cleaned again after its variables are filled', async ({
    assert,
  }) => {
    await EmailTemplate.query()
      .where('template_type', 'admin_notification')
      .update({ is_active: false })
    // Written straight to the table, as a template saved by an older version would be.
    await EmailTemplate.create({
      template_type: 'admin_notification',
      name: 'Old',
      subject: 'Sanitiser check {{member_name}}',
      html_content: HOSTILE_HTML,
      is_active: true,
    })
    const outcome = await sendTemplatedEmail({
      type: 'admin_notification',
      to: 'ops@example.com',
      variables: { member_name: 'Anna', nope: '', frontend_url: 'https://portal.example.com' },
    })
    assert.equal(outcome.status, 'sent')
    const mail = (await outboxMessages('Sanitiser check Anna')).at(-1)!
    const html = String(mail.html)
    assertClean(assert, html)
    assert.include(html, 'Hello Anna')
    assert.include(html, '<a>Pay now</a>')
    assert.include(html, '<a href="https://portal.example.com/shop/login">Sign in</a>')
  })

  test('the preview is the rendered, sanitised email', async ({ client, assert }) => {
    const admin = await AdminUser.findByOrFail('username', 'admin')
    const response = await client
      .post('/api/admin/email-templates/preview')
      .json({ subject: 'Hi', html_content: HOSTILE_HTML })
      .asAdmin(admin)
      .withCsrfToken()
    response.assertStatus(200)
    assertClean(assert, response.body().html)
    assert.include(response.body().html, 'Hello John Smith')
  })
})
