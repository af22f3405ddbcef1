import { test } from '@japa/runner'
import { Member } from '#modules/members/index'
import { Migration } from '#modules/migrations/index'
import { Document } from '#modules/documents/index'
import { createFulfilmentWorker } from '#modules/fulfilment/index'
import { storagePath } from '#modules/documents/services/storage'
import { isolateEachTest } from '#tests/helpers/database'
import { consentTo } from '#tests/helpers/consent'
import { pdfText } from '#tests/helpers/pdf_text'
import { readFileSync } from 'node:fs'

/**
 * The documents of a quarterly plan tell what was paid and what remains, name the one coverage
 * name and every covered person (docs/fulfilment.md, "Paid and remaining"): Anna Schmidt and her
 * spouse, EUR 4,316.64 in 4 installments of EUR 1,079.16, the first paid by the sandbox.
 */
const COVERAGE = 'Global Health Gold (Gold Plus 2027) – Gold'

/** Words of the English documents that must not be left in a German or French one. */
const ENGLISH_WORDS = [
  'Payment',
  'Paid',
  'Remaining',
  'installment',
  'installments',
  'Coverage',
  'Member',
  'Policy',
  'Premium',
  'Cancellation',
  'Reason',
  'Receipt',
  'Amount',
  'Nothing',
  'the',
  'and',
  'of',
  'Principal',
  'Spouse',
  'Portal',
  'Withdrawal',
]

/** The texts of the documents in one language: its catalogues and its templates (placeholders left out). */
function documentTexts(language: 'en' | 'de' | 'fr') {
  const suffix = language === 'en' ? '' : `.${language}`
  const files = [
    ...['documents', 'receipts', 'branding'].map(
      (name) => `resources/lang/${language}/${name}.json`
    ),
    ...['policy_confirmation', 'cancellation_confirmation'].map(
      (name) => `backend/templates/documents/${name}${suffix}.json`
    ),
  ]
  return files.map((file) => readFileSync(file, 'utf8')).join(' ')
}

/** Words (3 letters or more) of a text, placeholders ({x}, {{x}}) and JSON keys left out. */
function wordsOf(text: string) {
  const values = text.replace(/"[\w.-]+"\s*:/g, ' ').replace(/\{[^{}]*\}/g, ' ')
  return new Set(values.match(/\p{L}{3,}/gu) ?? [])
}

/**
 * The words of the English documents that the language's own documents never use: any of them in
 * a German or French PDF is English left over (names are in no catalogue, so need no allow-list).
 */
function englishOnlyIn(language: 'de' | 'fr') {
  const theirs = wordsOf(documentTexts(language))
  return [...wordsOf(documentTexts('en'))].filter((word) => !theirs.has(word))
}

const EXPECTED = {
  en: {
    policyPaid: 'Paid EUR 1,079.16 (1 of 4 installments)',
    policyRemaining: /Remaining EUR 3,237\.48 in 3 installments, the next on \d\d\.\d\d\.\d{4}/,
    persons: 'Persons covered Anna Schmidt, Jonas Schmidt',
    receiptPaid: 'Paid so far: EUR 1,079.16 (1 of 4 installments)',
    receiptPersons: 'Persons covered: Anna Schmidt, Jonas Schmidt',
    receiptRemaining: /Remaining: EUR 3,237\.48 in 3 installments, the next on \d\d\.\d\d\.\d{4}/,
    cancelPersons: 'Persons covered Anna Schmidt, Jonas Schmidt',
    cancelPaid: 'Paid EUR 0.00 (0 of 4 installments)',
    cancelled: 'Installments cancelled EUR 4,316.64 in 4 installments, no longer due',
    refund: 'Refund amount EUR 1,079.16',
  },
  de: {
    policyPaid: 'Bezahlt 1.079,16 EUR (1 von 4 Raten)',
    policyRemaining: /Offen 3\.237,48 EUR in 3 Raten, die nächste am \d\d\.\d\d\.\d{4}/,
    persons: 'Versicherte Personen Anna Schmidt, Jonas Schmidt',
    receiptPaid: 'Bisher bezahlt: 1.079,16 EUR (1 von 4 Raten)',
    receiptPersons: 'Versicherte Personen: Anna Schmidt, Jonas Schmidt',
    receiptRemaining: /Offen: 3\.237,48 EUR in 3 Raten, die nächste am \d\d\.\d\d\.\d{4}/,
    cancelPersons: 'Versicherte Personen Anna Schmidt, Jonas Schmidt',
    cancelPaid: 'Bezahlt 0,00 EUR (0 von 4 Raten)',
    cancelled: 'Stornierte Raten 4.316,64 EUR in 4 Raten, nicht mehr fällig',
    refund: 'Erstattungsbetrag 1.079,16 EUR',
    brand: 'Mitgliederportal',
    tagline: 'Ihr vertrauenswürdiger Versicherungspartner',
    roleLabel: 'Rolle',
    roles: ['Hauptversicherte Person', 'Ehepartner/in'],
  },
  fr: {
    policyPaid: 'Payé 1 079,16 EUR (1 échéance sur 4)',
    policyRemaining: /Restant dû 3 237,48 EUR en 3 échéances, la prochaine le \d\d\.\d\d\.\d{4}/,
    persons: 'Personnes couvertes Anna Schmidt, Jonas Schmidt',
    receiptPaid: 'Payé à ce jour: 1 079,16 EUR (1 échéance sur 4)',
    receiptPersons: 'Personnes couvertes: Anna Schmidt, Jonas Schmidt',
    receiptRemaining: /Restant dû: 3 237,48 EUR en 3 échéances, la prochaine le \d\d\.\d\d\.\d{4}/,
    cancelPersons: 'Personnes couvertes Anna Schmidt, Jonas Schmidt',
    cancelPaid: 'Payé 0,00 EUR (0 échéance sur 4)',
    cancelled: 'Échéances annulées 4 316,64 EUR en 4 échéances, qui ne sont plus dues',
    refund: 'Montant remboursé 1 079,16 EUR',
    brand: 'Portail des membres',
    tagline: "Votre partenaire d'assurance de confiance",
    roleLabel: 'Rôle',
    roles: ['Assuré principal', 'Conjoint(e)'],
  },
} as const

/** Spaces as pdftotext gives them back (narrow and no-break spaces are plain spaces). */
function plain(text: string) {
  return text.replace(/[\u00a0\u202f]/g, ' ')
}

test.group('Documents of a quarterly plan: paid, remaining, coverage, persons', (group) => {
  isolateEachTest(group)

  for (const language of ['en', 'de', 'fr'] as const) {
    test(`${language}: policy, receipt and cancellation PDFs`, async ({ client, assert }) => {
      const expected = EXPECTED[language]
      const anna = await Member.findByOrFail('member_id', 'DEMO-1001')
      const spouse = await Member.findByOrFail('member_id', 'DEMO-1001-S')
      await Member.query().whereIn('id', [anna.id, spouse.id]).update({ language })
      const created = await client
        .post('/api/migration/create')
        .header('Accept-Language', language)
        .json({
          memberIds: [anna.id, spouse.id],
          durationType: '12_months',
          paymentFrequency: 'quarterly',
          currency: 'EUR',
        })
        .asMember(anna)
        .withCsrfToken()
      created.assertStatus(200)
      const migrationId = created.body().migrationId
      await consentTo(migrationId, language)
      ;(
        await client
          .post(`/api/migration/${migrationId}/sandbox-confirm`)
          .asMember(anna)
          .withCsrfToken()
      ).assertStatus(200)
      await createFulfilmentWorker().drain()
      const migration = await Migration.findOrFail(migrationId)
      assert.equal(migration.total_amount, 4316.64)
      const reference = migration.migration_reference

      const policies = await Document.query()
        .where('migration_id', migrationId)
        .where('document_type', 'policy')
        .orderBy('id')
      assert.lengthOf(policies, 2)
      const texts: string[] = []
      for (const policy of policies) {
        const pdf = plain(await pdfText(storagePath(policy.file_path)))
        texts.push(pdf)
        assert.include(pdf, COVERAGE)
        assert.include(pdf, expected.policyPaid)
        assert.match(pdf, expected.policyRemaining)
        assert.include(pdf, expected.persons)
        assert.notInclude(pdf, '4,316.64)')
      }

      const receipt = plain(
        await pdfText(storagePath(`receipts/${migrationId}/receipt-${reference}-1.pdf`))
      )
      texts.push(receipt)
      assert.include(receipt, `${COVERAGE} (${reference})`)
      assert.include(receipt, expected.receiptPaid)
      assert.include(receipt, expected.receiptPersons)
      assert.match(receipt, expected.receiptRemaining)

      const withdrawn = await client
        .post('/api/member/withdrawal')
        .header('Accept-Language', language)
        .asMember(anna)
        .withCsrfToken()
      withdrawn.assertStatus(200)
      await createFulfilmentWorker().drain()
      const [cancellation] = await Document.query()
        .where('migration_id', migrationId)
        .where('document_type', 'cancellation_confirmation')
      const cancelled = plain(await pdfText(storagePath(cancellation.file_path)))
      texts.push(cancelled)
      assert.include(cancelled, COVERAGE)
      assert.notInclude(cancelled.replace(COVERAGE, ''), 'Gold Plus 2027')
      assert.include(cancelled, expected.cancelPersons)
      assert.include(cancelled, expected.cancelPaid)
      assert.include(cancelled, expected.cancelled)
      assert.include(cancelled, expected.refund)

      if (language !== 'en') {
        // The brand band and the census roles in the language too (no setting for the language).
        const own = EXPECTED[language]
        for (const [index, pdf] of texts.slice(0, 2).entries()) {
          assert.include(pdf, own.brand)
          assert.include(pdf, own.tagline)
          assert.include(pdf, `${own.roleLabel} ${own.roles[index]}`)
        }
        assert.include(receipt, own.brand)
        assert.include(cancelled, own.brand)
        const words = new Set(texts.join(' ').split(/[^\p{L}]+/u))
        assert.deepEqual(
          [...new Set([...ENGLISH_WORDS, ...englishOnlyIn(language)])].filter((word) =>
            words.has(word)
          ),
          [],
          texts.join(' ')
        )
      }
    })
  }
})
