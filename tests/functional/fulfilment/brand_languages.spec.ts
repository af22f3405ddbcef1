import { test } from '@japa/runner'
import { Member } from '#modules/members/index'
import { Document, receiptPdf } from '#modules/documents/index'
import { createFulfilmentWorker } from '#modules/fulfilment/index'
import { storagePath } from '#modules/documents/services/storage'
import type { ReceiptFacts } from '#modules/documents/receipts/receipt'
import { Setting, settingsService } from '#modules/settings/index'
import { isolateEachTest } from '#tests/helpers/database'
import { consentTo } from '#tests/helpers/consent'
import { pdfText, pdfTextOf } from '#tests/helpers/pdf_text'

/**
 * The brand band of the member's documents per language (docs/settings.md, "Branding per
 * language"): BRAND_NAME_DE wins in German; a brand name an administrator set is a proper noun,
 * kept in every language that has no value of its own.
 */
async function setSettings(values: Record<string, string>) {
  for (const [key, value] of Object.entries(values))
    await Setting.query().where('setting_key', key).update({ setting_value: value })
  settingsService.clearCache()
}

/** Anna's German purchase, paid in the sandbox, its policy PDF's text (the only real way to the policy band: ~3 s). */
async function germanPolicyText(client: any) {
  const anna = await Member.findByOrFail('member_id', 'DEMO-1001')
  await Member.query().where('id', anna.id).update({ language: 'de' })
  const created = await client
    .post('/api/migration/create')
    .header('Accept-Language', 'de')
    .json({
      memberIds: [anna.id],
      durationType: '12_months',
      paymentFrequency: 'one-time',
      currency: 'EUR',
    })
    .asMember(anna)
    .withCsrfToken()
  created.assertStatus(200)
  const migrationId = created.body().migrationId
  await consentTo(migrationId, 'de')
  ;(
    await client
      .post(`/api/migration/${migrationId}/sandbox-confirm`)
      .asMember(anna)
      .withCsrfToken()
  ).assertStatus(200)
  await createFulfilmentWorker().drain()
  const policy = await Document.query()
    .where('migration_id', migrationId)
    .where('document_type', 'policy')
    .firstOrFail()
  return pdfText(storagePath(policy.file_path))
}

const FACTS: ReceiptFacts = {
  payer: 'Anna Schmidt',
  memberId: 'DEMO-1001',
  reference: 'MIG-TEST',
  coverage: 'Global Health Gold',
  persons: 'Anna Schmidt',
  installment: '1',
  amount: '10,00',
  currency: 'EUR',
  paidOn: '01.12.2026',
  card: 'Visa •••• 4242',
  providerPaymentId: 'pi_test',
  paidSoFar: '10,00 EUR',
  remaining: '-',
  fileName: 'receipt.pdf',
}

test.group('Brand name and tagline per language', (group) => {
  isolateEachTest(group)

  test('BRAND_NAME_DE wins in the German policy PDF', async ({ client, assert }) => {
    await setSettings({ BRAND_NAME_DE: 'Nordportal', BRAND_TAGLINE_DE: 'Gut versichert' })
    const text = await germanPolicyText(client)
    assert.include(text, 'Nordportal')
    assert.include(text, 'Gut versichert')
    assert.notInclude(text, 'Mitgliederportal')
    assert.notInclude(text, 'Member Portal')
  })

  test('a brand name the administrator set is kept in each language without its own value', async ({
    assert,
  }) => {
    // French has its own value, German and English none: the receipts (the band has the name only).
    await setSettings({ BRAND_NAME: 'Helvetia Health', BRAND_NAME_FR: 'Helvetia Santé' })
    const expected = { en: 'Helvetia Health', de: 'Helvetia Health', fr: 'Helvetia Santé' }
    for (const [language, brand] of Object.entries(expected) as [keyof typeof expected, string][]) {
      const text = await pdfTextOf(await receiptPdf(FACTS, language))
      assert.include(text, brand, language)
      assert.notInclude(text, 'Mitgliederportal', language)
      if (language !== 'fr') assert.notInclude(text, 'Santé', language)
    }
  })
})
