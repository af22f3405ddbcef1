import { test } from '@japa/runner'
import { isolateEachTest } from '#tests/helpers/database'
import { Member, MigrationBlock } from '#modules/members/index'
import { MigrationConsent } from '#modules/migrations/index'
import { Document } from '#modules/documents/index'
import { createFulfilmentWorker } from '#modules/fulfilment/index'
import { storagePath } from '#modules/documents/services/storage'
import { demoAdmin } from '#tests/helpers/admin_session'
import { outboxMessages } from '#tests/helpers/outbox'
import { pdfText } from '#tests/helpers/pdf_text'
import { CONSENT_MISSING } from '../../../shared_data/consent_texts.js'
import { CHECKOUT_REPLACED } from '../../../shared_data/checkout_messages.js'

/** The member's language on the server: the switcher's call, messages, consent, email and PDF. */
test.group('Languages — server side', (group) => {
  isolateEachTest(group)

  test('PUT /api/member/language stores en, de or fr; 422 for es; 401 without a member session', async ({
    client,
    assert,
  }) => {
    const anna = await Member.findByOrFail('member_id', 'DEMO-1001')
    const stored = await client
      .put('/api/member/language')
      .json({ language: 'de' })
      .asMember(anna)
      .withCsrfToken()
    stored.assertStatus(200)
    assert.deepEqual(stored.body(), { success: true, language: 'de' })
    assert.equal((await Member.findOrFail(anna.id)).language, 'de')

    const refused = await client
      .put('/api/member/language')
      .json({ language: 'es' })
      .asMember(anna)
      .withCsrfToken()
    refused.assertStatus(422)
    assert.equal(refused.body().error, 'The language must be en, de or fr')
    assert.equal((await Member.findOrFail(anna.id)).language, 'de')

    // A member write like the others: without the CSRF token, 403 and nothing stored.
    const withoutToken = await client
      .put('/api/member/language')
      .json({ language: 'fr' })
      .asMember(anna)
    withoutToken.assertStatus(403)
    assert.equal((await Member.findOrFail(anna.id)).language, 'de')

    const anonymous = await client
      .put('/api/member/language')
      .json({ language: 'fr' })
      .withCsrfToken()
    anonymous.assertStatus(401)
    const asAdmin = await client
      .put('/api/member/language')
      .json({ language: 'fr' })
      .asAdmin(await demoAdmin())
      .withCsrfToken()
    asAdmin.assertStatus(401)
    assert.equal((await Member.findOrFail(anna.id)).language, 'de')
  })

  test('sign-in stores the Accept-Language of a member without a language, and keeps a chosen one', async ({
    client,
    assert,
  }) => {
    // A member without a language yet (earlier sign-ins of the suite may have stored one).
    await Member.query().where('member_id', 'DEMO-1001').update({ language: null })
    const login = (language: string) =>
      client
        .post('/api/auth/login')
        .header('Accept-Language', language)
        .json({ memberId: 'DEMO-1001', dateOfBirth: '1980-04-15' })
        .withCsrfToken()
    ;(await login('fr-CH, fr;q=0.9, en;q=0.8')).assertStatus(200)
    assert.equal((await Member.findByOrFail('member_id', 'DEMO-1001')).language, 'fr')
    ;(await login('de-DE')).assertStatus(200)
    assert.equal((await Member.findByOrFail('member_id', 'DEMO-1001')).language, 'fr')
  })

  test('member API errors in German with Accept-Language: de, exactly as before in English', async ({
    client,
    assert,
  }) => {
    const wrong = (language?: string) => {
      const request = client
        .post('/api/auth/login')
        .json({ memberId: 'DEMO-1002', dateOfBirth: '1999-01-01' })
        .withCsrfToken()
      return language ? request.header('Accept-Language', language) : request
    }
    const german = await wrong('de-DE,de;q=0.9')
    german.assertStatus(401)
    assert.equal(german.body().error, 'Mitgliedsnummer oder Geburtsdatum ist falsch')
    const english = await wrong()
    english.assertStatus(401)
    assert.equal(english.body().error, 'Invalid member ID or date of birth')
    const englishAsked = await wrong('en-GB')
    assert.equal(englishAsked.body().error, 'Invalid member ID or date of birth')

    const anna = await Member.findByOrFail('member_id', 'DEMO-1001')
    const validation = await client
      .put('/api/member/language')
      .header('Accept-Language', 'de')
      .json({ language: 'es' })
      .asMember(anna)
      .withCsrfToken()
    validation.assertStatus(422)
    assert.equal(validation.body().error, 'Die Sprache muss en, de oder fr sein')
    assert.deepEqual(validation.body().errors, [
      {
        field: 'language',
        rule: 'enum',
        message: 'Die Sprache muss en, de oder fr sein',
        meta: { choices: ['en', 'de', 'fr'] },
      },
    ])

    // The payment refused without consent: same status, German words.
    const created = await client
      .post('/api/migration/create')
      .header('Accept-Language', 'de')
      .json({
        memberIds: [anna.id],
        durationType: '12_months',
        currency: 'EUR',
        paymentFrequency: 'one-time',
      })
      .asMember(anna)
      .withCsrfToken()
    const confirm = (language: string) =>
      client
        .post(`/api/migration/${created.body().migrationId}/sandbox-confirm`)
        .header('Accept-Language', language)
        .asMember(anna)
        .withCsrfToken()
    const refusedDe = await confirm('de')
    refusedDe.assertStatus(422)
    assert.equal(
      refusedDe.body().error,
      'Bitte akzeptieren Sie vor dem Bezahlen die Versicherungsbedingungen (und bei Ratenzahlung die Ermächtigung für wiederkehrende Zahlungen): Für diesen Bezahlvorgang wurde keine Zustimmung erfasst.'
    )
    const refusedEn = await confirm('en')
    refusedEn.assertStatus(422)
    assert.equal(refusedEn.body().error, CONSENT_MISSING)

    // Errors the shop acts on carry a language-independent code beside the translated text.
    const newer = await client
      .post('/api/migration/create')
      .header('Accept-Language', 'de')
      .json({
        memberIds: [anna.id],
        durationType: '12_months',
        currency: 'EUR',
        paymentFrequency: 'one-time',
      })
      .asMember(anna)
      .withCsrfToken()
    newer.assertStatus(200)
    assert.notEqual(newer.body().migrationId, created.body().migrationId)
    const replaced = await confirm('de')
    replaced.assertStatus(409)
    assert.equal(replaced.body().code, 'CHECKOUT_REPLACED')
    assert.notEqual(replaced.body().error, CHECKOUT_REPLACED)
    const noToken = await client
      .put('/api/member/language')
      .header('Accept-Language', 'de')
      .json({ language: 'de' })
      .asMember(anna)
    noToken.assertStatus(403)
    assert.equal(noToken.body().code, 'BAD_CSRF')
    assert.notInclude(noToken.body().error, 'CSRF token. Reload')
  })

  test('the on-hold reason of /api/member/migration-status in the asked language', async ({
    client,
    assert,
  }) => {
    const anna = await Member.findByOrFail('member_id', 'DEMO-1001')
    await MigrationBlock.create({
      member_id: anna.id,
      migration_id: null,
      reason: 'internal note',
      blocked_by: 'admin',
      active: true,
    })
    const status = (language: string) =>
      client.get('/api/member/migration-status').header('Accept-Language', language).asMember(anna)
    const german = await status('de')
    german.assertStatus(200)
    assert.deepEqual(german.body(), {
      success: true,
      blocked: true,
      reason: 'Ihre Umstellung ist angehalten. Bitte wenden Sie sich an den Support.',
      reasonCode: 'admin_block',
    })
    assert.equal(
      (await status('fr')).body().reason,
      'Votre transfert est suspendu. Veuillez contacter le support.'
    )
    assert.equal(
      (await status('en')).body().reason,
      'Your migration is on hold. Please contact support for assistance.'
    )
  })

  test('the sign-in throttle answers 429 in the asked language', async ({ client, assert }) => {
    const attempt = (language: string) =>
      client
        .post('/api/auth/login')
        .header('Accept-Language', language)
        .json({ memberId: 'DEMO-1001', dateOfBirth: '1999-01-01' })
        .withCsrfToken()
    for (let count = 1; count <= 5; count++) (await attempt('de')).assertStatus(401)
    const german = await attempt('de')
    german.assertStatus(429)
    assert.equal(
      german.body().error,
      'Zu viele Versuche. Bitte versuchen Sie es in 15 Minuten erneut.'
    )
    const french = await attempt('fr')
    french.assertStatus(429)
    assert.equal(french.body().error, 'Trop de tentatives. Veuillez réessayer dans 15 minutes.')
    const english = await attempt('en')
    assert.equal(english.body().error, 'Too many attempts. Please try again in 15 minutes.')
  })

  test('a German member: consent recorded in German, German confirmation email and policy PDF', async ({
    client,
    assert,
  }) => {
    const anna = await Member.findByOrFail('member_id', 'DEMO-1001')
    ;(
      await client
        .put('/api/member/language')
        .json({ language: 'de' })
        .asMember(anna)
        .withCsrfToken()
    ).assertStatus(200)
    const created = (
      await client
        .post('/api/migration/create')
        .header('Accept-Language', 'de')
        .json({
          memberIds: [anna.id],
          durationType: '12_months',
          currency: 'EUR',
          paymentFrequency: 'quarterly',
        })
        .asMember(anna)
        .withCsrfToken()
    ).body()
    assert.match(
      created.consentTerms.text,
      /^Ich habe die Versicherungsbedingungen und die vorvertraglichen Informationen zu Global Health Gold \(Gold Plus 2027\) – Gold gelesen und akzeptiere sie\. .* Ich ermächtige die Belastung meiner Karte mit 4 Zahlungen: [\d.]+,\d\d\sEUR am \d\d\.\d\d\.\d{4}, /
    )
    const consent = await client
      .post(`/api/migration/${created.migrationId}/consent`)
      .header('Accept-Language', 'de')
      .json({ textVersion: created.consentTerms.textVersion, language: 'de' })
      .asMember(anna)
      .withCsrfToken()
    consent.assertStatus(200)
    const [row] = await MigrationConsent.query().where('migration_id', created.migrationId)
    assert.equal(row.language, 'de')
    assert.equal(row.accepted_text, created.consentTerms.text)
    // The back-office migration detail shows the German words as accepted.
    const detail = await client
      .get(`/api/admin/migrations/${created.migrationId}/consents`)
      .asAdmin(await demoAdmin())
    detail.assertStatus(200)
    assert.containsSubset(detail.body().consents, [
      { language: 'de', text: created.consentTerms.text },
    ])
    ;(
      await client
        .post(`/api/migration/${created.migrationId}/sandbox-confirm`)
        .asMember(anna)
        .withCsrfToken()
    ).assertStatus(200)
    await createFulfilmentWorker().drain()

    const [email] = await outboxMessages(`Ihre Umstellung ${created.migrationReference}`)
    assert.equal(email.subject, `Ihre Umstellung ${created.migrationReference} ist bestätigt`)
    const text = String(email.html)
      .replace(/<[^>]+>/g, '')
      .replace(/&quot;|&#34;/g, '"')
      .replace(/\s+/g, ' ')
    assert.include(text, 'Guten Tag Anna Schmidt,')
    assert.include(
      text,
      `Ihre Umstellung ${created.migrationReference} für 1 Mitglied auf Global Health Gold (Gold Plus 2027) – Gold ist bestätigt.`
    )
    assert.match(
      text,
      /Heute belasteter Betrag: [\d.]+,\d\d\sEUR\. Zahlungsplan: vierteljährlich, 4 Zahlungen: [\d.]+,\d\d\sEUR am \d\d\.\d\d\.\d{4} \(heute bezahlt\), /
    )
    assert.include(text, `„${created.consentTerms.text.replace(/\s+/g, ' ')}“`)
    assert.include(text, 'Ihr Versicherungsdokument ist dieser E-Mail beigefügt.')
    assert.notInclude(text, 'Dear ')

    const [document] = await Document.query().where('migration_id', created.migrationId)
    const pdf = await pdfText(storagePath(document.file_path))
    assert.include(pdf, 'Versicherungsbestätigung')
    assert.include(pdf, 'Guten Tag Anna Schmidt,')
    assert.include(pdf, 'Zahlungsweise Vierteljährlich')
    assert.include(pdf, 'Jährliche Gesamtgrenze 1.000.000,00 USD')
    assert.include(pdf, 'Seite 1 von 2')
    assert.notInclude(pdf, 'Policy Confirmation')

    // The first installment's receipt: German email and PDF, the amount as German writes it.
    const reference = created.migrationReference
    const [receipt] = await outboxMessages(`Beleg für Rate 1 von ${reference}`)
    assert.equal(receipt.subject, `Beleg für Rate 1 von ${reference}`)
    const receiptText = await pdfText(
      storagePath(`receipts/${created.migrationId}/receipt-${reference}-1.pdf`)
    )
    assert.include(receiptText, `Zahlungsbeleg ${reference}-1`)
    assert.include(receiptText, 'Rate: 1 von 4')
    assert.match(receiptText, /Betrag: [\d.]+,\d\d\sEUR/)
    assert.include(receiptText, 'Dieser Beleg bestätigt den Eingang einer Rate')
  })

  test('a French member: French confirmation email and policy PDF', async ({ client, assert }) => {
    const anna = await Member.findByOrFail('member_id', 'DEMO-1001')
    anna.merge({ language: 'fr' })
    await anna.save()
    const created = (
      await client
        .post('/api/migration/create')
        .header('Accept-Language', 'fr')
        .json({
          memberIds: [anna.id],
          durationType: '12_months',
          currency: 'EUR',
          paymentFrequency: 'one-time',
        })
        .asMember(anna)
        .withCsrfToken()
    ).body()
    ;(
      await client
        .post(`/api/migration/${created.migrationId}/consent`)
        .json({ textVersion: created.consentTerms.textVersion, language: 'fr' })
        .asMember(anna)
        .withCsrfToken()
    ).assertStatus(200)
    ;(
      await client
        .post(`/api/migration/${created.migrationId}/sandbox-confirm`)
        .asMember(anna)
        .withCsrfToken()
    ).assertStatus(200)
    await createFulfilmentWorker().drain()

    const [email] = await outboxMessages(`Votre transfert ${created.migrationReference}`)
    assert.equal(email.subject, `Votre transfert ${created.migrationReference} est confirmé`)
    const text = String(email.html)
      .replace(/<[^>]+>/g, '')
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/\s+/g, ' ')
    assert.include(text, 'Bonjour Anna Schmidt,')
    assert.match(
      text,
      /Montant débité aujourd’hui : [\d\s]+,\d\d\sEUR\. Échéancier : un paiement de [\d\s]+,\d\d\sEUR, réglé aujourd’hui\./
    )
    assert.include(text, '« J’ai lu les conditions du contrat')

    const [document] = await Document.query().where('migration_id', created.migrationId)
    const pdf = await pdfText(storagePath(document.file_path))
    assert.include(pdf, 'Attestation d’assurance')
    assert.include(pdf, 'Fréquence de paiement Paiement unique')
    assert.include(pdf, 'Page 1 sur 2')
  })
})
