/// <reference lib="dom" />
import { test } from '@japa/runner'
import { isolateEachTest } from '#tests/helpers/database'
import { newPage } from '#tests/helpers/browser'
import { loginAsMember } from '#tests/helpers/browser_sessions'
import { productDocuments } from '#modules/documents/index'
import { agreeAndPay } from '#tests/helpers/consent_box'

const TINY_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'
)

/** What is bought is shown before paying, and the consent box blocks Pay. */
test.group('Shop: coverage and consent before paying', (group) => {
  isolateEachTest(group)

  test('select and checkout show the coverage, limit, dates, documents and cooling-off; Pay waits for the consent', async ({
    assert,
    cleanup,
  }) => {
    await productDocuments.upload(
      {
        productName: 'Global Health Gold',
        kind: 'conditions',
        language: 'en',
        fileName: 'conditions.pdf',
        content: TINY_PDF,
      },
      'test'
    )
    await productDocuments.upload(
      {
        productName: 'Global Health Gold',
        kind: 'pre_contract',
        language: 'en',
        fileName: 'pre-contract.pdf',
        content: TINY_PDF,
      },
      'test'
    )
    const { context, page } = await newPage({ viewport: { width: 390, height: 844 } })
    cleanup(() => context.close())
    await loginAsMember(page)

    await page.goto('/shop/select')
    await page.getByTestId('pricing-total').waitFor()
    const summary = page.getByTestId('coverage-summary')
    assert.equal(
      await summary.getByTestId('coverage-name').textContent(),
      'Global Health Gold (Gold Plus 2027) – Gold'
    )
    assert.equal(
      (await summary.getByTestId('coverage-limit').textContent())!.replace(/\s/g, ' '),
      'USD 1,000,000.00'
    )
    assert.match(
      (await summary.getByTestId('coverage-dates').textContent())!,
      /^\d\d\.\d\d\.\d{4} to \d\d\.\d\d\.\d{4}$/
    )
    assert.include(
      await summary.getByTestId('cooling-off').textContent(),
      'within 14 days of your first payment'
    )
    assert.include(
      await summary.getByTestId('previous-coverage').textContent(),
      'Your current coverage (Global Health Gold, Gold) is replaced'
    )
    assert.deepEqual(
      await summary
        .getByRole('link')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href'))),
      ['/api/member/product-documents/conditions', '/api/member/product-documents/pre_contract']
    )
    // The member can open the documents before paying.
    const pdf = await page.evaluate(() =>
      fetch('/api/member/product-documents/pre_contract').then(async (r) => [
        r.status,
        r.headers.get('content-type'),
        (await r.text()).slice(0, 5),
      ])
    )
    assert.deepEqual(pdf, [200, 'application/pdf', '%PDF-'])
    // axe and HTML_CodeSniffer on select (its coverage summary): the matrix's 'select' state.

    await page.getByTestId('frequency-quarterly').check()
    await page.getByTestId('pricing-plan').getByText('Quarterly').waitFor()
    await page.getByTestId('continue-checkout').click()
    await page.waitForURL('**/shop/checkout')
    await page.getByTestId('consent-text').waitFor()
    assert.equal(
      await page.getByTestId('coverage-name').textContent(),
      'Global Health Gold (Gold Plus 2027) – Gold'
    )
    assert.match(
      (await page.getByTestId('consent-text').textContent())!,
      /I authorise the charge of 4 payments to my card: USD [\d,.]+ on \d\d\.\d\d\.\d{4}, .*I can stop the future payments at any time/
    )
    assert.isTrue(await page.getByTestId('sandbox-pay').isDisabled())
    // axe and HTML_CodeSniffer on the consent box and the summary: the matrix's 'checkout' state.

    await agreeAndPay(page)
    await page.waitForURL('**/shop/success?migration_id=*')
  }).timeout(90_000)
})
