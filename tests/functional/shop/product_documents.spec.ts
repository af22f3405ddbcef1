import { test } from '@japa/runner'
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

    const anna = await Member.findByOrFail('member_id', 'DEMO-1001')
    const coverage = await client.get('/api/member/coverage').asMember(anna)
    coverage.assertStatus(200)
    assert.containsSubset(coverage.body(), {
      coverageName: 'Global Health Gold (Gold Plus 2027) – Gold',
      limitCurrency: 'USD',
      overallLimit: 1000000,
      coolingOffDays: 14,
      documents: ['pre_contract'],
    })
    const file = await client.get('/api/member/product-documents/pre_contract').asMember(anna)
    file.assertStatus(200)
    assert.equal(file.header('content-type'), 'application/pdf')
    ;(await client.get('/api/member/product-documents/conditions').asMember(anna)).assertStatus(404)
    ;(await client.get('/api/member/product-documents/other').asMember(anna)).assertStatus(422)

    const emma = await Member.findByOrFail('member_id', 'DEMO-1005')
    const own = await client.get('/api/member/coverage').asMember(emma)
    // A GBP member's limit stays in GBP; another product has no documents yet.
    assert.containsSubset(own.body(), { limitCurrency: 'GBP', overallLimit: 500000, documents: [] })
  })
})
