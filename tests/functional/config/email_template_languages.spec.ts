import { test } from '@japa/runner'
import { isolateEachTest } from '#tests/helpers/database'
import { demoAdmin } from '#tests/helpers/admin_session'
import { outboxMessages } from '#tests/helpers/outbox'
import { Member } from '#modules/members/index'
import { EmailTemplate, sendTemplatedEmail } from '#modules/notifications/index'

const GERMAN = {
  template_type: 'payment_receipt',
  language: 'de',
  name: 'Beleg (Frühjahr)',
  subject: 'Beleg {{installment_number}} – {{migration_reference}}',
  html_content: '<p>Guten Tag {{member_name}}, danke für {{amount_paid}}.</p>',
}

/** A receipt to Anna (DEMO-1001), whose language decides the version sent. */
async function sendReceiptToAnna(reference: string) {
  const anna = await Member.findByOrFail('member_id', 'DEMO-1001')
  return sendTemplatedEmail({
    type: 'payment_receipt',
    to: 'anna@example.com',
    memberId: anna.id,
    recipientSource: 'member_email',
    variables: {
      member_name: 'Anna Schmidt',
      installment_number: 2,
      migration_reference: reference,
      amount_paid: '563,04 EUR',
    },
  })
}

async function setAnnaLanguage(language: string | null) {
  await Member.query().where('member_id', 'DEMO-1001').update({ language })
}

test.group('Email templates per language', (group) => {
  isolateEachTest(group)

  test('an admin creates and edits the German version; a German member receives it', async ({
    client,
    assert,
  }) => {
    const admin = await demoAdmin()
    const created = await client
      .post('/api/admin/email-templates')
      .json({ ...GERMAN, is_active: true })
      .asAdmin(admin)
      .withCsrfToken()
    created.assertStatus(201)
    assert.containsSubset(created.body().template, { language: 'de', is_active: true })
    const id = created.body().template.id
    // One active version per type and language: the German default stepped back, English stays.
    const active = await EmailTemplate.query()
      .where('template_type', 'payment_receipt')
      .where('is_active', true)
      .orderBy('language')
    assert.deepEqual(
      active.map((t) => [t.language, t.id === id]),
      [
        ['de', true],
        ['en', false],
        ['fr', false],
      ]
    )

    const edited = await client
      .put(`/api/admin/email-templates/${id}`)
      .json({ ...GERMAN, subject: 'Ihr Beleg {{installment_number}} – {{migration_reference}}' })
      .asAdmin(admin)
      .withCsrfToken()
    edited.assertStatus(200)
    assert.equal(edited.body().template.language, 'de')

    const moved = await client
      .put(`/api/admin/email-templates/${id}`)
      .json({ ...GERMAN, language: 'fr' })
      .asAdmin(admin)
      .withCsrfToken()
    moved.assertStatus(409)
    assert.equal(
      moved.body().error,
      'The language of the active template cannot be changed: activate another template of this type and language first'
    )
    const spanish = await client
      .post('/api/admin/email-templates')
      .json({ ...GERMAN, language: 'es' })
      .asAdmin(admin)
      .withCsrfToken()
    spanish.assertStatus(422)
    assert.equal(spanish.body().error, 'The language must be one of en, de, fr')

    await setAnnaLanguage('de')
    assert.equal((await sendReceiptToAnna('MIG-LANG-DE')).status, 'sent')
    const [mail] = await outboxMessages('MIG-LANG-DE')
    assert.equal(mail.subject, 'Ihr Beleg 2 – MIG-LANG-DE')
    assert.include(String(mail.html), 'Guten Tag Anna Schmidt, danke für 563,04 EUR.')
  })

  test('without an active version in the member language, the English one is sent', async ({
    assert,
  }) => {
    await EmailTemplate.query()
      .where('template_type', 'payment_receipt')
      .where('language', 'fr')
      .update({ is_active: false })
    await setAnnaLanguage('fr')
    await sendReceiptToAnna('MIG-LANG-FR')
    const [mail] = await outboxMessages('MIG-LANG-FR')
    assert.equal(mail.subject, 'Receipt for installment 2 of MIG-LANG-FR')

    // With its version active, the French default is sent.
    await EmailTemplate.query()
      .where('template_type', 'payment_receipt')
      .where('language', 'fr')
      .update({ is_active: true })
    await sendReceiptToAnna('MIG-LANG-FR2')
    const [french] = await outboxMessages('MIG-LANG-FR2')
    assert.equal(french.subject, 'Reçu de l’échéance 2 de MIG-LANG-FR2')
    assert.include(String(french.html), 'lang="fr"')
  })
})
