import { test } from '@japa/runner'
import { Member } from '#modules/members/index'
import { Migration } from '#modules/migrations/index'
import { Document } from '#modules/documents/index'
import { createFulfilmentWorker } from '#modules/fulfilment/index'
import { storagePath } from '#modules/documents/services/storage'
import { isolateEachTest } from '#tests/helpers/database'
import { outboxMessages } from '#tests/helpers/outbox'
import { pdfText } from '#tests/helpers/pdf_text'

/**
 * A purchase is written in the language of its checkout (the consent's): Anna checks out in
 * French, signs in in German on another browser before the payment completes (members.language
 * becomes de), then pays: every email and PDF of that purchase is French.
 */
/** German words that a French text never has (a German sentence has some of them). */
const GERMAN = /\b(und|der|die|das|Sie|Ihr|Ihre|nicht|Guten|Versicherung\w*|Zahlung\w*|Betrag)\b/

test.group('The language of a purchase', (group) => {
  isolateEachTest(group)

  test('a French checkout with a German sign-in before payment: its emails and PDFs in French', async ({
    client,
    assert,
  }) => {
    const anna = await Member.findByOrFail('member_id', 'DEMO-1001')
    await Member.query().where('id', anna.id).update({ language: 'fr' })
    const created = await client
      .post('/api/migration/create')
      .header('Accept-Language', 'fr')
      .json({
        memberIds: [anna.id],
        durationType: '12_months',
        paymentFrequency: 'quarterly',
        currency: 'EUR',
      })
      .asMember(anna)
      .withCsrfToken()
    created.assertStatus(200)
    const { migrationId, consentTerms } = created.body()
    ;(
      await client
        .post(`/api/migration/${migrationId}/consent`)
        .header('Accept-Language', 'fr')
        .json({ textVersion: consentTerms.textVersion, language: 'fr' })
        .asMember(anna)
        .withCsrfToken()
    ).assertStatus(200)

    // Elsewhere, in German: the member's language becomes German for what comes next.
    ;(
      await client
        .put('/api/member/language')
        .header('Accept-Language', 'de')
        .json({ language: 'de' })
        .asMember(anna)
        .withCsrfToken()
    ).assertStatus(200)
    assert.equal((await Member.findOrFail(anna.id)).language, 'de')
    ;(
      await client
        .post(`/api/migration/${migrationId}/sandbox-confirm`)
        .asMember(anna)
        .withCsrfToken()
    ).assertStatus(200)
    await createFulfilmentWorker().drain()
    const reference = (await Migration.findOrFail(migrationId)).migration_reference

    // The member's emails (the administrators' notification stays English).
    const toAnna = async () =>
      (await outboxMessages(reference)).filter((mail) =>
        JSON.stringify(mail.to).includes(String(anna.email))
      )
    const mails = await toAnna()
    assert.sameMembers(
      mails.map((mail) => mail.subject),
      [`Votre transfert ${reference} est confirmé`, `Reçu de l’échéance 1 de ${reference}`]
    )
    for (const mail of mails)
      assert.notMatch(String(mail.text || mail.html), GERMAN, String(mail.subject))
    // Every document of the purchase is French.
    const documents = await Document.query().where('migration_id', migrationId)
    assert.isNotEmpty(documents)
    for (const document of documents)
      assert.notMatch(
        await pdfText(storagePath(document.file_path)),
        GERMAN,
        `${document.document_type} ${document.file_name}`
      )
    const [policy] = documents.filter((document) => document.document_type === 'policy')
    const policyText = await pdfText(storagePath(policy.file_path))
    assert.include(policyText, 'Attestation d’assurance')
    assert.notInclude(policyText, 'Versicherungsbestätigung')
    const receipt = await pdfText(storagePath(`receipts/${migrationId}/receipt-${reference}-1.pdf`))
    assert.include(receipt, `Reçu de paiement ${reference}-1`)
    assert.notMatch(receipt, GERMAN)

    // The withdrawal of that purchase: French too (email and PDF).
    ;(await client.post('/api/member/withdrawal').asMember(anna).withCsrfToken()).assertStatus(200)
    await createFulfilmentWorker().drain()
    const [cancelled] = (await toAnna()).filter(
      (mail) => !mails.some((earlier) => earlier.subject === mail.subject)
    )
    assert.equal(cancelled.subject, `Votre couverture ${reference} est résiliée`)
    assert.notMatch(String(cancelled.text || cancelled.html), GERMAN)
    const [cancellation] = await Document.query()
      .where('migration_id', migrationId)
      .where('document_type', 'cancellation_confirmation')
    const cancellationText = await pdfText(storagePath(cancellation.file_path))
    assert.include(cancellationText, 'Rétractation par le membre pendant le délai de rétractation')
    assert.notMatch(cancellationText, GERMAN)
  })
})
