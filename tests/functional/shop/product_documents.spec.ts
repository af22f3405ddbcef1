import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { isolateEachTest } from '#tests/helpers/database'
import { demoAdmin } from '#tests/helpers/admin_session'
import { Member } from '#modules/members/index'

const PDF = Buffer.from('%PDF-1.4\n%%EOF\n')

/** An administrator uploads a product's documents; the member opens them before paying. */
test.group('Product documents (policy conditions, pre-contract information)', (group) => {
  isolateEachTest(group)

  test("an admin uploads a PDF per product and kind; a non-PDF is refused; the member opens the own product's one", async ({
    client,
    assert,
  }) => {
    const upload = (content: Buffer, kind: string) =>
      demoAdmin().then((admin) =>
        client
          .post('/api/admin/product-documents')
          .field('productName', 'Global Health Gold')
          .field('kind', kind)
          .file('file', content, { filename: 'terms.pdf' })
          .asAdmin(admin)
          .withCsrfToken()
      )
    const refused = await upload(Buffer.from('not a pdf'), 'pre_contract')
    refused.assertStatus(422)
    assert.equal(refused.body().error, 'Please upload a PDF file')
    const stored = await upload(PDF, 'pre_contract')
    stored.assertStatus(200)
    assert.containsSubset(stored.body().document, {
      productName: 'Global Health Gold',
      kind: 'pre_contract',
      fileName: 'terms.pdf',
      size: PDF.length,
    })

    assert.equal(stored.body().document.language, 'en')
    const german = await demoAdmin().then((admin) =>
      client
        .post('/api/admin/product-documents')
        .field('productName', 'Global Health Gold')
        .field('kind', 'pre_contract')
        .field('language', 'de')
        .file('file', Buffer.concat([PDF, Buffer.from('% de\n')]), {
          filename: 'vorvertraglich.pdf',
        })
        .asAdmin(admin)
        .withCsrfToken()
    )
    german.assertStatus(200)
    assert.containsSubset(german.body().document, {
      language: 'de',
      fileName: 'vorvertraglich.pdf',
    })

    const anna = await Member.findByOrFail('member_id', 'DEMO-1001')
    const coverage = await client.get('/api/member/coverage').asMember(anna)
    coverage.assertStatus(200)
    assert.containsSubset(coverage.body(), {
      coverageName: 'Global Health Gold (Gold Plus 2027) – Gold',
      limitCurrency: 'USD',
      overallLimit: 1000000,
      coolingOffDays: 14,
      documents: ['conditions', 'pre_contract'],
    })
    // The member's language first, else English: the upload replaced the demo's English sample.
    const opened = async (kind: string) => {
      const file = await client.get(`/api/member/product-documents/${kind}`).asMember(anna)
      file.assertStatus(200)
      assert.equal(file.header('content-type'), 'application/pdf')
      return file.header('content-disposition')
    }
    anna.language = 'de'
    await anna.save()
    assert.equal(await opened('pre_contract'), 'inline; filename="vorvertraglich.pdf"')
    assert.equal(
      await opened('conditions'),
      'inline; filename="Global Health Gold - Versicherungsbedingungen (de).pdf"'
    )
    anna.language = 'fr'
    await anna.save()
    assert.equal(
      await opened('pre_contract'),
      'inline; filename="Global Health Gold - Informations precontractuelles (fr).pdf"'
    )
    anna.language = null
    await anna.save()
    assert.equal(await opened('pre_contract'), 'inline; filename="terms.pdf"')
    ;(await client.get('/api/member/product-documents/other').asMember(anna)).assertStatus(422)

    const emma = await Member.findByOrFail('member_id', 'DEMO-1005')
    const own = await client.get('/api/member/coverage').asMember(emma)
    // A GBP member's limit stays in GBP; the demo's other product ships its documents too.
    assert.containsSubset(own.body(), {
      limitCurrency: 'GBP',
      overallLimit: 500000,
      documents: ['conditions', 'pre_contract'],
    })
  })

  test("a product without its documents cannot be bought online: the checkout is refused in the member's language, nothing is stored", async ({
    client,
    assert,
  }) => {
    await db.from('product_documents').where('product_name', 'Global Health Silver').delete()
    const emma = await Member.findByOrFail('member_id', 'DEMO-1005')
    const coverage = await client.get('/api/member/coverage').asMember(emma)
    assert.deepEqual(coverage.body().documents, [])
    const open = (language: string) =>
      client
        .post('/api/migration/create')
        .header('Accept-Language', language)
        .json({
          memberIds: [emma.id],
          durationType: '12_months',
          paymentFrequency: 'one-time',
          currency: 'GBP',
        })
        .asMember(emma)
        .withCsrfToken()
    const refused = await open('en')
    refused.assertStatus(409)
    assert.match(
      refused.body().error,
      /^Your coverage cannot be bought online yet: its policy conditions and pre-contract information are not available\. Please contact \S+@\S+\.$/
    )
    const refusedDe = await open('de')
    refusedDe.assertStatus(409)
    assert.match(
      refusedDe.body().error,
      /^Ihr Versicherungsschutz kann noch nicht online abgeschlossen werden: .+ Bitte wenden Sie sich an \S+@\S+\.$/
    )
    assert.lengthOf(await db.from('migrations').where('member_id', emma.id), 0)
  })
})
