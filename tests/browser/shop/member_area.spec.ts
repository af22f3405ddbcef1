/// <reference lib="dom" />
import { test } from '@japa/runner'
import { isolateEachTest } from '#tests/helpers/database'
import { newPage, screenshot } from '#tests/helpers/browser'
import { loginAsMember } from '#tests/helpers/browser_sessions'
import { sidewaysOverflow } from '#tests/helpers/page_checks'
import { pdfText } from '#tests/helpers/pdf_text'
import { Installment, Migration } from '#modules/migrations/index'
import { createFulfilmentWorker } from '#modules/fulfilment/index'
import { Payment, Subscription } from '#modules/payments/index'
import { DateTime } from 'luxon'
import { failSecondInstallment } from '#tests/helpers/failed_installment'
import { agreeAndPay } from '#tests/helpers/consent_box'

test.group('Member area after payment', (group) => {
  isolateEachTest(group)

  for (const width of [390, 1280]) {
    test(`at ${width} px: after a sandbox payment the member area shows the schedule, the first paid, and a document downloads`, async ({
      assert,
      cleanup,
    }) => {
      const { context, page } = await newPage({ viewport: { width, height: 900 } })
      cleanup(() => context.close())
      await loginAsMember(page)
      await page.goto('/shop/select')
      await page.getByTestId('currency-select').click()
      await page.getByTestId('currency-EUR').click()
      await page.getByTestId('member-DEMO-1001-S').check()
      await page.getByTestId('frequency-quarterly').check()
      await page.getByTestId('pricing-plan').getByText('Quarterly: 4 payments').waitFor()
      await page.getByTestId('continue-checkout').click()
      await agreeAndPay(page)
      await page.waitForURL('**/shop/success?migration_id=*')
      const reference = (await page.getByTestId('migration-reference').textContent())!
      const migration = await Migration.findByOrFail('migration_reference', reference)
      await createFulfilmentWorker().drain()

      await page.goto('/shop/dashboard')
      await page.waitForURL('**/shop/already-migrated')
      await page.getByTestId('already-migrated-title').waitFor()
      await page.getByTestId('member-area').waitFor()
      assert.equal(await page.getByTestId('area-reference').textContent(), reference)
      assert.equal(
        await page.getByTestId('area-members').textContent(),
        'Anna Schmidt (Principal), Jonas Schmidt (Spouse)'
      )
      assert.equal(
        await page.getByTestId('area-end').textContent(),
        migration.end_date.toFormat('dd.MM.yyyy')
      )
      const installments = await Installment.query()
        .where('migration_id', migration.id)
        .orderBy('payment_number')
      const rows = (
        await page.getByTestId('area-schedule').locator('tbody tr').allTextContents()
      ).map((row) => row.replace(/\u00a0/g, ' '))
      assert.deepEqual(
        rows,
        installments.map(
          (row, index) =>
            `${row.due_date.toFormat('dd.MM.yyyy')}EUR ${row.amount.toLocaleString('en-US', { minimumFractionDigits: 2 })}${index === 0 ? 'PaidPDF' : 'Due'}`
        )
      )

      assert.deepEqual(await sidewaysOverflow(page), [])
      // axe and HTML_CodeSniffer: the matrix's 'member-area' state (layout_accessibility.spec.ts).
      await screenshot(page, `shop-${width}-member-area`)

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.locator('[data-testid^=document-]').first().click(),
      ])
      const file = await download.path()
      assert.include(await pdfText(file), reference)
      const response = await page.request.get(
        (await page.locator('[data-testid^=document-]').first().getAttribute('href')) as string
      )
      assert.equal(response.headers()['content-type'], 'application/pdf')
    }).timeout(120000)
  }

  test('a failed installment is paid now from the member area (sandbox)', async ({
    assert,
    cleanup,
  }) => {
    const { context, page } = await newPage({ viewport: { width: 390, height: 900 } })
    cleanup(() => context.close())
    await loginAsMember(page)
    await page.goto('/shop/select')
    await page.getByTestId('frequency-quarterly').check()
    await page.getByTestId('pricing-plan').getByText('Quarterly: 4 payments').waitFor()
    await page.getByTestId('continue-checkout').click()
    await agreeAndPay(page)
    await page.waitForURL('**/shop/success?migration_id=*')
    const migration = await Migration.findByOrFail(
      'migration_reference',
      await page.getByTestId('migration-reference').textContent()
    )
    await failSecondInstallment(migration, 'in_sandbox_browser_failed')

    await page.goto('/shop/already-migrated')
    await page.getByTestId('payment-failed').waitFor()
    assert.equal(await page.getByTestId('installment-status-2').textContent(), 'Failed')
    // axe and HTML_CodeSniffer: the matrix's 'member-area-payment-failed' state.
    await screenshot(page, 'shop-390-member-area-payment-failed')
    await page.getByTestId('pay-now').click()
    await page.getByText('Payment confirmed (sandbox)').waitFor()
    await page.getByTestId('payment-failed').waitFor({ state: 'detached' })
    assert.equal(await page.getByTestId('installment-status-2').textContent(), 'Paid')
    assert.isTrue(
      Boolean((await Payment.findByOrFail('provider_payment_id', 'in_sandbox_browser_failed')).paid)
    )

    // The card of the recurring plan: the labelled sandbox form records the change.
    await page.getByTestId('update-card').click()
    await page.getByTestId('sandbox-card-banner').waitFor()
    await page.waitForTimeout(300)
    // axe and HTML_CodeSniffer: the matrix's 'member-area-card-dialog' state.
    await screenshot(page, 'shop-390-member-area-card-dialog')
    await page.getByTestId('sandbox-card-save').click()
    await page.getByText('Your card was updated').waitFor()
    await page
      .getByTestId('card-updated')
      .getByText(`Card changed on ${DateTime.now().toFormat('dd.MM.yyyy')}`)
      .waitFor()
    const subscription = await Subscription.findByOrFail('migration_id', migration.id)
    assert.isNotNull(subscription.card_updated_at)
  }).timeout(90000)
})
