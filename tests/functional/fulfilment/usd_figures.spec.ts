import { test } from '@japa/runner'
import { isolateEachTest } from '#tests/helpers/database'
import { Member } from '#modules/members/index'
import { MigrationMember } from '#modules/migrations/index'
import { ExchangeRate } from '#modules/catalog/index'
import { Document } from '#modules/documents/index'
import { createFulfilmentWorker } from '#modules/fulfilment/index'
import { storagePath } from '#modules/documents/services/storage'
import { pdfText } from '#tests/helpers/pdf_text'
import { consentTo } from '#tests/helpers/consent'

/**
 * DEMO-1005 (Emma Johansson) holds a GBP policy: sum insured GBP 500,000,
 * premium GBP 1,700; GBP is seeded at 0.79 per USD.
 */
test.group('USD figures on documents', (group) => {
  isolateEachTest(group)

  test('the premium-currency rate is frozen with the migration; the benefit limit stays in the premium currency', async ({
    client,
    assert,
  }) => {
    const emma = await Member.findByOrFail('member_id', 'DEMO-1005')
    const created = await client
      .post('/api/migration/create')
      .json({
        memberIds: [emma.id],
        durationType: '12_months',
        paymentFrequency: 'one-time',
        currency: 'USD',
      })
      .asMember(emma)
      .withCsrfToken()
    created.assertStatus(200)
    const [selected] = await MigrationMember.query().where(
      'migration_id',
      created.body().migrationId
    )
    assert.equal(selected.premium_rate, 0.79)

    // Rates move after checkout; the documents keep the rate the price used.
    await ExchangeRate.query().where('currency_code', 'GBP').update({ rate: 0.5 })
    await consentTo(created.body().migrationId)
    ;(
      await client
        .post(`/api/migration/${created.body().migrationId}/sandbox-confirm`)
        .asMember(emma)
        .withCsrfToken()
    ).assertStatus(200)
    await createFulfilmentWorker().drain()

    const [document] = await Document.query().where('migration_id', created.body().migrationId)
    const text = await pdfText(storagePath(document.file_path))
    // A benefit limit stays in the currency the insurer defined it in: never converted.
    assert.include(text, 'Overall annual limit GBP 500,000.00')
    assert.notInclude(text, 'USD 632,911.39')
    // One coverage name everywhere, the frequency as the screens say it.
    assert.include(text, 'Your new coverage Global Health Silver (Silver 2027) – Silver runs')
    assert.include(text, 'One-time payment')
  })
})
