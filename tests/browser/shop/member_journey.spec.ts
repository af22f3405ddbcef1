/// <reference lib="dom" />
import { test } from '@japa/runner'
import { isolateEachTest } from '#tests/helpers/database'
import { screenshot } from '#tests/helpers/browser'
import { goInShop, reusedShopPage, signInMember } from '#tests/helpers/browser_sessions'
import { Installment, Migration } from '#modules/migrations/index'
import { ExchangeRate } from '#modules/catalog/index'
import { Document } from '#modules/documents/index'
import { createFulfilmentWorker } from '#modules/fulfilment/index'
import { storagePath } from '#modules/documents/services/storage'
import { outboxMessages } from '#tests/helpers/outbox'
import { pdfText } from '#tests/helpers/pdf_text'
import { agreeAndPay } from '#tests/helpers/consent_box'

test.group('Member shop journey (sandbox provider)', (group) => {
  // The database matters here: this file also runs on MariaDB (docs/developing.md, "Where tests run").
  group.tap((t) => t.tags(['@database'], 'append'))
  isolateEachTest(group)
  // One page for the group (the bundle loads once): each test signs its member in through the API
  // and moves in the shop as its links do. The sign-in form itself: foundation/login_and_shell.spec.ts.
  const shopPage = reusedShopPage(group)

  test('DEMO-1001 migrates spouse and child in EUR, 12 months, quarterly, and is then blocked', async ({
    assert,
    cleanup,
  }) => {
    const { page } = await shopPage(cleanup)
    await signInMember(page)
    await goInShop(page, '/shop/dashboard')
    await page.waitForURL('**/shop/dashboard')
    await page.getByTestId('dashboard-title').waitFor()
    assert.equal(await page.getByTestId('member-dob').textContent(), '15.04.1980')
    await page.getByText('Tip: add a personal email address').waitFor()
    await page.getByTestId('family-table').getByText('Jonas Schmidt').waitFor()
    await screenshot(page, 'shop-dashboard')

    await page.getByTestId('start-migration').click()
    await page.waitForURL('**/shop/select')
    await page.getByTestId('member-DEMO-1001-S').check()
    await page.getByTestId('member-DEMO-1001-C1').check()
    await page.getByTestId('member-DEMO-1001').uncheck()
    await page.getByTestId('currency-select').click()
    await page.getByTestId('currency-EUR').click()
    await page.getByTestId('frequency-quarterly').check()
    await page.getByTestId('pricing-plan').getByText('Quarterly: 4 payments').waitFor()
    const total = await page.getByTestId('pricing-total').textContent()
    assert.match(total!, /^EUR\s[\d,]+\.\d{2}$/)
    await screenshot(page, 'shop-select')
    await page.getByTestId('continue-checkout').click()

    await page.waitForURL('**/shop/checkout')
    await page.getByTestId('sandbox-banner').waitFor()
    assert.equal(await page.getByTestId('installment-schedule').locator('tbody tr').count(), 4)
    assert.equal(await page.getByTestId('checkout-total').textContent(), total)
    await screenshot(page, 'shop-checkout')
    await agreeAndPay(page)

    await page.waitForURL('**/shop/success?migration_id=*')
    const reference = await page.getByTestId('migration-reference').textContent()
    const migration = await Migration.findByOrFail('migration_reference', reference)
    assert.equal(migration.currency, 'EUR')
    assert.equal(migration.payment_frequency, 'quarterly')
    assert.equal(migration.payment_status, 'succeeded')
    assert.equal(new URL(page.url()).searchParams.get('migration_id'), String(migration.id))
    await screenshot(page, 'shop-success')

    // The paid migration is fulfilled: completed, a PDF per migrated member, the confirmation in the outbox.
    await createFulfilmentWorker().drain()
    await migration.refresh()
    assert.include(migration, {
      status: 'completed',
      document_status: 'generated',
      email_status: 'sent',
    })
    const documents = await Document.query().where('migration_id', migration.id)
    assert.lengthOf(documents, 2)
    assert.include(
      await pdfText(storagePath(documents[0].file_path)),
      migration.migration_reference
    )
    const [confirmation] = await outboxMessages(
      `Your migration ${migration.migration_reference} is confirmed`
    )
    assert.equal((confirmation.to as any).value[0].address, 'anna.schmidt@corp.example.com')
    assert.lengthOf(confirmation.attachments, 2)

    await page.getByTestId('return-to-login').click()
    await page.waitForURL('**/shop/login')
    await signInMember(page)
    await goInShop(page, '/shop/dashboard')
    await page.waitForURL('**/shop/already-migrated')
    await page.getByTestId('already-migrated-title').waitFor()
    await screenshot(page, 'shop-already-migrated')
  }).timeout(90000)

  test('the email dialog validates and confirms', async ({ assert, cleanup }) => {
    const { page } = await shopPage(cleanup)
    await signInMember(page)
    await goInShop(page, '/shop/dashboard')
    await page.getByTestId('edit-email').click()
    await page.getByTestId('email-input').fill('not-an-email')
    await page.getByTestId('email-save').click()
    await page.getByText('Please enter a valid email address').first().waitFor()
    await page.getByTestId('email-input').fill('anna@private.example.org')
    await page.getByTestId('email-save').click()
    await page.getByText('Email updated successfully').waitFor()
    assert.equal(await page.getByTestId('member-email').textContent(), 'anna@private.example.org')
  }).timeout(60000)

  test('a frequency the new duration does not offer falls back to the first offered one', async ({
    assert,
    cleanup,
  }) => {
    const { page } = await shopPage(cleanup)
    await signInMember(page)
    await goInShop(page, '/shop/select')
    await page.getByTestId('frequency-annual').check()
    await page.getByTestId('pricing-plan').getByText('Annual').waitFor()
    await page.getByTestId('duration-select').click()
    await page.getByTestId('duration-6_months').click()
    await page.getByTestId('pricing-plan').getByText('One-time payment').waitFor()
    assert.isTrue(await page.getByTestId('frequency-one-time').isChecked())
    assert.equal(await page.getByTestId('frequency-annual').count(), 0)
  }).timeout(60000)

  test('the currency is remembered across visits', async ({ assert, cleanup }) => {
    const { page } = await shopPage(cleanup)
    await signInMember(page)
    await goInShop(page, '/shop/select')
    await page.getByTestId('currency-select').click()
    await page.getByTestId('currency-GBP').click()
    await page.getByTestId('pricing-total').getByText('GBP').waitFor()
    // The next visit of the page (from the dashboard, as its Start button goes) reads it back.
    await goInShop(page, '/shop/dashboard')
    await page.getByTestId('dashboard-title').waitFor()
    await goInShop(page, '/shop/select')
    await page.getByTestId('pricing-total').getByText('GBP').waitFor()
    // Remembered by the browser, not only by the running page.
    assert.equal(await page.evaluate(() => localStorage.getItem('shop.currency')), 'GBP')
    assert.include(await page.getByTestId('currency-select').textContent(), 'GBP')
  }).timeout(60000)

  test('no member selected: the message and Continue disabled', async ({ assert, cleanup }) => {
    const { page } = await shopPage(cleanup)
    await signInMember(page)
    await goInShop(page, '/shop/select')
    await page.getByTestId('pricing-total').waitFor()
    await page.getByTestId('member-DEMO-1001').uncheck()
    await page.getByText('Please select at least one member').first().waitFor()
    assert.isTrue(await page.getByTestId('continue-checkout').isDisabled())
  }).timeout(60000)

  test('the checkout shows the price the server stored when the rates changed since the calculation', async ({
    assert,
    cleanup,
  }) => {
    const { page } = await shopPage(cleanup)
    await signInMember(page)
    await goInShop(page, '/shop/select')
    await page.getByTestId('currency-select').click()
    await page.getByTestId('currency-EUR').click()
    await page.getByTestId('frequency-quarterly').check()
    await page.getByTestId('pricing-plan').getByText('Quarterly: 4 payments').waitFor()
    assert.include(await page.getByTestId('pricing-total').textContent(), '2,252.16')
    // The rates refresh (every 5 minutes) while the member looks at the price.
    const eur = await ExchangeRate.findByOrFail('currency_code', 'EUR')
    eur.rate = 0.95
    await eur.save()

    await page.getByTestId('continue-checkout').click()
    await page.waitForURL('**/shop/checkout')
    await page.getByTestId('price-updated').waitFor()

    const migration = await Migration.query()
      .where('member_id_str', 'DEMO-1001')
      .orderBy('id', 'desc')
      .firstOrFail()
    assert.equal(migration.total_amount, 2325.6)
    assert.include(await page.getByTestId('checkout-total').textContent(), '2,325.60')
    assert.include(await page.getByTestId('price-updated').textContent(), '2,252.16')
    const installments = await Installment.query()
      .where('migration_id', migration.id)
      .orderBy('payment_number')
    const rows = await page
      .getByTestId('installment-schedule')
      .locator('tbody tr')
      .allTextContents()
    assert.lengthOf(rows, installments.length)
    rows.forEach((row, index) => assert.include(row, installments[index].amount.toFixed(2)))
    assert.include(await page.getByTestId('order-summary').textContent(), '2,325.60')
    await page.getByText(/^Due today: EUR.581\.40$/).waitFor()
    await screenshot(page, 'shop-checkout-price-updated')
  }).timeout(90000)

  test('options that cannot be loaded give the server message and no endless spinner', async ({
    cleanup,
  }) => {
    const { page } = await shopPage(cleanup)
    await signInMember(page)
    await page.route('**/api/currencies/enabled', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, error: 'Currencies are unavailable' }),
      })
    )
    await goInShop(page, '/shop/select')
    await page.getByText('Currencies are unavailable').waitFor()
    await page.getByTestId('options-failed').waitFor()
    await page.waitForTimeout(500) // let the toast finish sliding in for the screenshot
    await screenshot(page, 'shop-select-options-failed')
  }).timeout(60000)

  test('checkout without a saved selection goes back to select', async ({ cleanup }) => {
    const { page } = await shopPage(cleanup)
    await signInMember(page)
    await goInShop(page, '/shop/checkout')
    await page.getByText('No selection found').waitFor()
    await page.waitForURL('**/shop/select')
  }).timeout(60000)

  test('member pages without a session go to the login', async ({ cleanup }) => {
    const { page } = await shopPage(cleanup)
    await goInShop(page, '/shop/dashboard')
    await page.waitForURL('**/shop/login')
  }).timeout(60000)
})
