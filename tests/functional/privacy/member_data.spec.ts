import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { existsSync, readFileSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { Member } from '#modules/members/index'
import { AdminUser } from '#modules/admins/index'
import { storagePath } from '#modules/documents/index'
import { isolateEachTest, TEST_ADMIN } from '#tests/helpers/database'
import { demoAdmin } from '#tests/helpers/admin_session'
import { pdfText } from '#tests/helpers/pdf_text'
import { testTmpPath } from '#tests/helpers/test_paths'
import {
  columnsHolding,
  familyWithEveryKindOfData,
  tablesHoldingFamily,
} from '#tests/helpers/personal_data'
import { committedPrincipal } from '#tests/helpers/committed_member'
import { CookieClient } from '#tests/helpers/cookie_client'
import { countStatuses, fireTimes } from '#tests/helpers/simultaneous'

/** docs/privacy.md: the member's own data — email after migration, download, erasure. */
const auditRows = (action: string, memberId: number) =>
  db.from('audit_entries').where('action', action).where('entity_id', String(memberId))

test.group('Member data: email and download', (group) => {
  isolateEachTest(group)

  test('a migrated member changes their email in the member area, audited as before migration', async ({
    client,
    assert,
  }) => {
    const carlos = await Member.findByOrFail('member_id', 'DEMO-1002') // the seeded completed migration
    const answer = await client
      .post('/api/member/update-email')
      .json({ newEmail: 'carlos.home@example.net' })
      .withCsrfToken()
      .asMember(carlos)
    answer.assertStatus(200)
    assert.equal(answer.body().member.email, 'carlos.home@example.net')
    const [entry] = await auditRows('member.email_changed', carlos.id)
    assert.equal(entry?.actor, 'member:DEMO-1002')
    assert.deepEqual(JSON.parse(entry.after), {
      email: 'carlos.home@example.net',
      personal_email: 'carlos.home@example.net',
    })
    const invalid = await client
      .post('/api/member/update-email')
      .json({ newEmail: 'not-an-address' })
      .withCsrfToken()
      .asMember(carlos)
    invalid.assertStatus(422)
  })

  test('the JSON download holds a value of every table that holds the family’s data (found from the schema), and is audited', async ({
    client,
    assert,
  }) => {
    const family = await familyWithEveryKindOfData()
    // A credit note as the credit-note job stores it (credit_notes.spec.ts issues real ones).
    const refund = await db
      .from('payment_refunds')
      .where('migration_id', family.migrationId)
      .firstOrFail()
    await db.table('credit_notes').insert({
      number: 'CN-2026-000777',
      refund_id: refund.id,
      migration_id: family.migrationId,
      amount_cents: 1000,
      currency: 'USD',
      language: 'en',
      file_name: 'credit-note-CN-2026-000777.pdf',
      issued_at: new Date(),
    })
    const answer = await client.get('/api/member/my-data').asMember(family.principal)
    answer.assertStatus(200)
    const text = JSON.stringify(answer.body().data)
    const { values, expected } = family
    /** For each table holding the family's data, a value of its rows the download must hold. */
    const fromTable: Record<string, string[]> = {
      members: [values.name, values.spouseName, values.personalEmail, values.birthDate],
      migrations: [family.reference, `Checked with ${values.name}`],
      migration_members: [`"insured_role":"Spouse","member_id":"${family.spouse.member_id}"`],
      installments: [`"installments":[{"number":1,"amount":`],
      migration_consents: [expected.consentText, '203.0.113.7'],
      payments: [expected.providerPaymentId],
      payment_refunds: [expected.refundReason],
      coverage_cancellations: [`Asked by ${values.email}`],
      documents: [expected.fileName],
      credit_notes: ['credit-note-CN-2026-000777.pdf'],
      email_deliveries: [expected.emailSubject],
      email_overrides: [`For ${values.name}`],
      api_logs: ['http://127.0.0.1:9/enrol', `"dob":"${values.spouseBirthDate}"`],
      migration_blocks: [`Call ${values.name} first`],
      audit_entries: ['member.updated'],
      user_sessions: [expected.userAgent],
      migration_tokens: [`"secure_links":[{"`],
    }
    const tables = await tablesHoldingFamily(
      { memberIds: [family.principal.id, family.spouse.id], migrationIds: [family.migrationId] },
      [values.name, values.spouseName, values.email, values.personalEmail],
      [values.birthDate, values.spouseBirthDate]
    )
    // Every table the schema shows holding their data is listed above (a new one must be added to the download).
    assert.deepEqual(
      tables.filter((table) => !(table in fromTable)),
      []
    )
    assert.includeMembers(tables, Object.keys(fromTable))
    // A value as the JSON text writes it (escaped), or a piece of the JSON itself (starting with a quote).
    const held = (value: string) =>
      text.includes(value.startsWith('"') ? value : JSON.stringify(value).slice(1, -1))
    for (const table of tables)
      for (const value of fromTable[table]) assert.isTrue(held(value), `${table}: ${value}`)
    // The family's own records of who changed them: no administrator's name, only who in kind.
    assert.deepInclude(answer.body().data.history[0], {
      action: 'member.updated',
      by: 'administrator',
    })
    assert.lengthOf(answer.body().data.secure_links, 1)
    assert.lengthOf(await auditRows('member.data_exported', family.principal.id), 1)
  })

  test('the PDF download names the member and their payment, and is audited', async ({
    client,
    assert,
  }) => {
    const family = await familyWithEveryKindOfData()
    const answer = await client.get('/api/member/my-data/pdf').asMember(family.principal)
    answer.assertStatus(200)
    assert.equal(answer.header('content-type'), 'application/pdf')
    const file = testTmpPath(`my-data-${family.principal.member_id}.pdf`)
    await writeFile(
      file,
      Buffer.from(answer.body() instanceof Buffer ? answer.body() : answer.text(), 'binary')
    )
    const text = await pdfText(file)
    assert.include(text, family.values.name)
    assert.include(text, 'USD 1,234.56')
    assert.include(text, family.expected.providerPaymentId)
    // The parts the JSON has: the override's notes, the insurer calls, the history of changes.
    assert.include(text, `For ${family.values.name}`)
    assert.include(text, 'What we sent to the insurer')
    assert.include(text, 'Enrolment')
    assert.include(text, 'Changes to your records')
    assert.include(text, 'member.updated')
    const [entry] = await auditRows('member.data_exported', family.principal.id)
    assert.deepEqual(JSON.parse(entry.after), { format: 'pdf' })
  })

  test('the PDF in German: the brand, roles, statuses and languages in German, no English word of the download’s own', async ({
    client,
    assert,
  }) => {
    const family = await familyWithEveryKindOfData()
    await Member.query().where('id', family.principal.id).update({ language: 'de' })
    const answer = await client.get('/api/member/my-data/pdf').asMember(family.principal)
    answer.assertStatus(200)
    const file = testTmpPath(`my-data-de-${family.principal.member_id}.pdf`)
    await writeFile(
      file,
      Buffer.from(answer.body() instanceof Buffer ? answer.body() : answer.text(), 'binary')
    )
    const text = (await pdfText(file)).replace(/\s+/g, ' ')
    for (const german of [
      'Mitgliederportal',
      'Ihre Daten bei Mitgliederportal',
      'Rolle Hauptversicherte Person',
      'Rolle Ehepartner/in',
      'Sprache Deutsch',
      'Abgeschlossen',
      'Bezahlt',
      'Erfolgreich',
      'Gesendet',
      'Zugestimmt am',
      '(Englisch, Version privacy-test)',
    ])
      assert.include(text, german)
    // The words of the English download (its texts, the brand, the roles) that German never uses,
    // less the words of what the family's records themselves say (stored in English by the fixture).
    const catalogue = (language: string) =>
      ['my_data', 'branding', 'documents']
        .map((name) => readFileSync(`resources/lang/${language}/${name}.json`, 'utf8'))
        .join(' ')
    const wordsOf = (source: string) =>
      new Set(
        source
          .replace(/"[\w.-]+"\s*:/g, ' ')
          .replace(/\{[^{}]*\}/g, ' ')
          .toLowerCase()
          .match(/\p{L}{3,}/gu) ?? []
      )
    const german = wordsOf(catalogue('de'))
    const stored = new Set(
      [
        ...Object.values(family.values),
        ...Object.values(family.expected),
        'Asked by For Call first member.updated japa DHIG enrol name dateOfBirth email api documents',
      ]
        .join(' ')
        .toLowerCase()
        .match(/\p{L}{3,}/gu)
    )
    const english = [...wordsOf(catalogue('en'))].filter(
      (word) => !german.has(word) && !stored.has(word)
    )
    assert.isAbove(english.length, 40)
    const shown = wordsOf(text)
    assert.deepEqual(
      english.filter((word) => shown.has(word)),
      []
    )
    for (const raw of ['completed', 'succeeded', 'paid', 'sent', 'Principal', 'Spouse'])
      assert.notMatch(text, new RegExp(`\\b${raw}\\b`))
  })

  test('another member’s download holds none of the family’s data; without a session it is 401', async ({
    client,
    assert,
  }) => {
    const family = await familyWithEveryKindOfData()
    const anna = await Member.findByOrFail('member_id', 'DEMO-1001')
    const answer = await client.get('/api/member/my-data').asMember(anna)
    answer.assertStatus(200)
    const text = JSON.stringify(answer.body())
    for (const value of [family.values.name, family.reference, family.expected.providerPaymentId])
      assert.notInclude(text, value)
    assert.equal(answer.body().data.members[0].member_id, 'DEMO-1001')
    const anonymous = await client.get('/api/member/my-data/pdf')
    anonymous.assertStatus(401)
  })
})

test.group('Member data: erasure', (group) => {
  isolateEachTest(group)

  test('erasure leaves no name, birth date or email of the family in any table, ends the sessions and is audited', async ({
    client,
    assert,
  }) => {
    const family = await familyWithEveryKindOfData()
    const { values } = family
    const texts = [values.name, values.spouseName, values.email, values.personalEmail]
    const dates = [values.birthDate, values.spouseBirthDate]
    // The scan itself finds every value before the erasure (so an empty list after it means something).
    assert.isAbove((await columnsHolding(texts, dates)).length, 10)
    const { session_version: version } = await Member.findOrFail(family.principal.id)
    const answer = await client
      .post(`/api/admin/members/${family.principal.id}/erasure`)
      .json({ confirmation: `ERASE ${family.principal.member_id}` })
      .withCsrfToken()
      .asAdmin(await demoAdmin())
    answer.assertStatus(201)
    assert.containsSubset(answer.body(), { erased: true, members: 2, migrations: 1 })
    // Birth dates also in the texts' ISO form; the columns docs/privacy.md keeps hold none of these.
    assert.deepEqual(await columnsHolding([...texts, ...dates], dates), [])
    const erased = await Member.findOrFail(family.principal.id)
    assert.equal(erased.insured_full_name, 'Erased member')
    assert.isNotNull(erased.erased_at)
    assert.equal(erased.session_version, version + 1)
    assert.lengthOf(await db.from('user_sessions').where('account_id', family.principal.id), 0)
    assert.isFalse(existsSync(storagePath(family.expected.filePath)))
    // What is kept for accounting: the payment and the refund, with their amounts.
    const payment = await db
      .from('payments')
      .where('provider_payment_id', family.expected.providerPaymentId)
      .first()
    assert.equal(Number(payment.amount), 1234.56)
    assert.lengthOf(await db.from('payment_refunds').where('migration_id', family.migrationId), 1)
    const [entry] = await auditRows('member.erased', family.principal.id)
    assert.equal(entry.actor, TEST_ADMIN.username)
    // A second request changes nothing and records nothing.
    const again = await client
      .post(`/api/admin/members/${family.principal.id}/erasure`)
      .json({ confirmation: `ERASE ${family.principal.member_id}` })
      .withCsrfToken()
      .asAdmin(await demoAdmin())
    again.assertStatus(200)
    assert.isFalse(again.body().erased)
    assert.lengthOf(await auditRows('member.erased', family.principal.id), 1)
  })

  test('a wrong confirmation is 422 and a dependant 422, changing nothing; Support may not erase (403)', async ({
    client,
    assert,
  }) => {
    const family = await familyWithEveryKindOfData()
    const admin = await demoAdmin()
    const wrong = await client
      .post(`/api/admin/members/${family.principal.id}/erasure`)
      .json({ confirmation: 'ERASE' })
      .withCsrfToken()
      .asAdmin(admin)
    wrong.assertStatus(422)
    assert.equal(wrong.body().error, `Please type "ERASE ${family.principal.member_id}" to confirm`)
    const dependant = await client
      .post(`/api/admin/members/${family.spouse.id}/erasure`)
      .json({ confirmation: `ERASE ${family.spouse.member_id}` })
      .withCsrfToken()
      .asAdmin(admin)
    dependant.assertStatus(422)
    const support = await AdminUser.create({
      username: 'erasure_support',
      email: 'erasure_support@example.test',
      password: 'support-pass-55',
      role: 'support',
    })
    const refused = await client
      .post(`/api/admin/members/${family.principal.id}/erasure`)
      .json({ confirmation: `ERASE ${family.principal.member_id}` })
      .withCsrfToken()
      .asAdmin(support)
    assert.deepEqual(
      [refused.status(), refused.body().error],
      [403, "Your role (Support) cannot erase a member's personal data"]
    )
    const member = await Member.findOrFail(family.principal.id)
    assert.equal(member.insured_full_name, family.values.name)
    assert.lengthOf(await auditRows('member.erased', family.principal.id), 0)
  })
})

test.group('Member data: erasure under simultaneous requests', () => {
  test('5 simultaneous erasures of one member: one 201 and four 200, one audit entry', async ({
    assert,
    cleanup,
  }) => {
    // Real HTTP requests on their own connections, so committed data (removed afterwards).
    const clara = await committedPrincipal()
    cleanup(async () => {
      await db
        .from('audit_entries')
        .where('entity_type', 'member')
        .where('entity_id', String(clara.member.id))
        .delete()
      await clara.remove()
    })
    const admin = new CookieClient()
    const login = await admin.post('/api/admin/login', TEST_ADMIN)
    assert.equal(login.status, 200)
    const answers = await fireTimes(5, () => ({
      method: 'POST',
      path: `/api/admin/members/${clara.member.id}/erasure`,
      body: { confirmation: `ERASE ${clara.member.member_id}` },
      headers: admin.sessionHeaders(),
    }))
    assert.deepEqual(countStatuses(answers), { 201: 1, 200: 4 })
    assert.lengthOf(await auditRows('member.erased', clara.member.id), 1)
  })
})
