/// <reference lib="dom" />
import { test } from '@japa/runner'
import type { Page } from 'playwright-core'
import { isolateEachTest } from '#tests/helpers/database'
import { newPage, screenshot } from '#tests/helpers/browser'
import {
  apiCallsSettled,
  goInShop,
  reusedShopPage,
  signInMember,
} from '#tests/helpers/browser_sessions'
import { Installment, Migration } from '#modules/migrations/index'
import { Member } from '#modules/members/index'
import { createFulfilmentWorker } from '#modules/fulfilment/index'
import { outboxMessages } from '#tests/helpers/outbox'
import { BRANDING_DEFAULTS } from '#modules/settings/branding_defaults'
import { agreeAndPay } from '#tests/helpers/consent_box'

/** From the shop to a sandbox checkout with the principal, 12 months, one-time (`load`: a new tab's first load). */
async function openCheckout(page: Page, load = false) {
  if (load) await page.goto('/shop/select')
  else await goInShop(page, '/shop/select')
  await page.getByTestId('pricing-total').waitFor()
  await page.getByTestId('continue-checkout').click()
  await page.waitForURL('**/shop/checkout*')
  await page.getByTestId('sandbox-pay').waitFor()
}

const supportEmail = async (page: Page) =>
  (await page.evaluate(() => fetch('/api/branding').then((r) => r.json()))).branding
    ?.supportEmail || BRANDING_DEFAULTS.supportEmail

test.group('Shop error paths', (group) => {
  isolateEachTest(group)
  // One page for the group: each test signs its member in through the API and moves in the shop.
  const shopPage = reusedShopPage(group)

  test('defect 1: a member blocked by an administrator sees that the migration is on hold and whom to contact', async ({
    assert,
    cleanup,
  }) => {
    const { page } = await shopPage(cleanup)
    await signInMember(page, 'DEMO-1003', '05.12.1988')
    await goInShop(page, '/shop/dashboard')
    await page.waitForURL('**/shop/already-migrated')
    await page.getByTestId('on-hold-title').waitFor()
    assert.equal(await page.getByTestId('on-hold-title').textContent(), 'Your migration is on hold')
    assert.include(
      await page.getByTestId('block-reason').textContent(),
      'Your migration is on hold. Please contact support for assistance.'
    )
    assert.notInclude(await page.locator('main').textContent(), 'Pending review of previous claims')
    assert.equal(await page.getByText('Coverage already migrated').count(), 0)
    const email = await supportEmail(page)
    assert.equal(await page.getByTestId('support-email').getAttribute('href'), `mailto:${email}`)
    await screenshot(page, 'shop-on-hold')
  }).timeout(60000)

  test('defect 2: a 401 on a member page ends the session and goes to the login with the session message, keeping the selection', async ({
    assert,
    cleanup,
  }) => {
    const { context, page } = await shopPage(cleanup)
    await signInMember(page)
    await goInShop(page, '/shop/select')
    await page.getByTestId('pricing-total').waitFor()
    await page.evaluate(() =>
      sessionStorage.setItem('shop.selection', '{"memberIds":[1],"kept":true}')
    )
    // The server forgets the session (idle timeout): the next call is answered 401.
    await context.clearCookies({ name: 'portal-session' })
    // A click, not check(): the 401 may take the page to the login before check() reads the radio back.
    await page.getByTestId('frequency-quarterly').click()
    await page.waitForURL('**/shop/login')
    assert.equal(
      await page.getByTestId('session-expired').textContent(),
      'Your session has expired. Please sign in again.'
    )
    assert.equal(await page.getByTestId('session-expired').getAttribute('role'), 'alert')
    assert.equal(await page.getByText('Member authentication required').count(), 0)
    assert.equal(
      await page.evaluate(() => sessionStorage.getItem('shop.selection')),
      '{"memberIds":[1],"kept":true}'
    )
    await screenshot(page, 'shop-login-session-expired')
    await signInMember(page)
    await goInShop(page, '/shop/dashboard')
    await page.waitForURL('**/shop/dashboard')
  }).timeout(60000)

  test("defect 3: the success page needs a session and shows only the member's own reference", async ({
    assert,
    cleanup,
  }) => {
    const { page } = await shopPage(cleanup)
    for (const address of ['/shop/success?migration_id=999', '/shop/success']) {
      await goInShop(page, address)
      await page.waitForURL('**/shop/login')
      await page.getByTestId('login-button').waitFor()
      assert.equal(await page.getByText('Thank you!').count(), 0)
    }

    const other = await Migration.query().whereNot('member_id_str', 'DEMO-1001').firstOrFail()
    await signInMember(page)
    await goInShop(page, `/shop/success?migration_id=${other.id}`)
    await page.getByTestId('payment-unknown').waitFor()
    assert.equal(await page.getByText('Thank you!').count(), 0)
    await apiCallsSettled(page)
    assert.equal(await page.getByTestId('migration-reference').count(), 0)
    assert.notInclude(await page.locator('main').textContent(), other.migration_reference)
  }).timeout(60000)

  test('defect 4: paying in a tab whose checkout another tab replaced says so and goes on to the current checkout', async ({
    assert,
    cleanup,
  }) => {
    const { context, page: tabA } = await shopPage(cleanup)
    await signInMember(tabA)
    await openCheckout(tabA)
    const tabB = await context.newPage()
    cleanup(() => tabB.close())
    await openCheckout(tabB, true)
    const current = await Migration.query()
      .where('member_id_str', 'DEMO-1001')
      .where('status', 'pending')
      .firstOrFail()

    await tabA.getByTestId('consent-checkbox').locator('input').click()
    await tabA.getByTestId('checkout-replaced').waitFor()
    assert.include(
      await tabA.getByTestId('checkout-replaced').textContent(),
      'This checkout was replaced by a newer one you opened in another tab or window.'
    )
    assert.equal(await tabA.getByTestId('sandbox-pay').count(), 0)
    assert.equal(await tabA.getByText('This migration is not awaiting payment').count(), 0)
    await screenshot(tabA, 'shop-checkout-replaced')

    await tabA.getByTestId('go-to-current-checkout').click()
    await tabA.waitForURL(`**/shop/checkout?migration_id=${current.id}`)
    await agreeAndPay(tabA)
    await tabA.waitForURL(`**/shop/success?migration_id=${current.id}`)
    assert.equal(
      await tabA.getByTestId('migration-reference').textContent(),
      current.migration_reference
    )
    await current.refresh()
    assert.equal(current.payment_status, 'succeeded')
  }).timeout(90000)

  test("defect 5: the back button after paying lands on the paid member's page without a selection error", async ({
    assert,
    cleanup,
  }) => {
    // Its own page: the init script watching toasts stays with a page, and the back button walks
    // the page's history.
    const { context, page } = await newPage()
    cleanup(() => context.close())
    const toasts: string[] = []
    await page.exposeFunction('reportToast', (text: string) => toasts.push(text))
    await page.addInitScript(() => {
      new MutationObserver(() => {
        document
          .querySelectorAll('.notistack-MuiContent')
          .forEach((node) => (window as any).reportToast(node.textContent))
      }).observe(document, { childList: true, subtree: true })
    })
    await signInMember(page)
    await openCheckout(page, true)
    await agreeAndPay(page)
    await page.waitForURL('**/shop/success?migration_id=*')
    await page.getByTestId('migration-reference').waitFor()
    await page.goBack()
    await page.waitForURL('**/shop/already-migrated')
    await page.getByTestId('already-migrated-title').waitFor()
    await page.waitForTimeout(300)
    assert.notInclude(toasts.join('|'), 'No selection found')
  }).timeout(90000)

  test('defect 10: a login error stays on the form as an alert after the toast is gone', async ({
    assert,
    cleanup,
  }) => {
    const { page } = await shopPage(cleanup)
    await page.getByTestId('member-id-input').fill('DEMO-1001')
    await page.getByTestId('dob-input').fill('16.04.1980')
    await page.getByTestId('login-button').click()
    const alert = page.getByTestId('login-error')
    await alert.waitFor()
    assert.equal(await alert.getAttribute('role'), 'alert')
    assert.equal(await alert.textContent(), 'Invalid member ID or date of birth')
    // The toast (4 s from when it shows; its code loads with the first toast) goes; the alert stays.
    // The limit allows for a loaded machine: the toast's own 4 s are what it waits for.
    const toast = page
      .locator('.notistack-MuiContent')
      .filter({ hasText: 'Invalid member ID or date of birth' })
    await toast.waitFor()
    await toast.waitFor({ state: 'detached', timeout: 30_000 })
    assert.isTrue(await alert.isVisible())
    await screenshot(page, 'shop-login-error')
  }).timeout(60000)

  test('defect 9: a failed price calculation can be retried', async ({ assert, cleanup }) => {
    const { page } = await shopPage(cleanup)
    await signInMember(page)
    await page.route('**/api/migration/calculate', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, error: 'Pricing is unavailable' }),
      })
    )
    await goInShop(page, '/shop/select')
    const failure = page.getByTestId('calculation-failed')
    await failure.waitFor()
    assert.include(
      await failure.textContent(),
      'The price could not be calculated: Pricing is unavailable'
    )
    assert.equal(await failure.getAttribute('role'), 'alert')
    assert.isTrue(await page.getByTestId('continue-checkout').isDisabled())
    await page.unroute('**/api/migration/calculate')
    await page.getByTestId('retry-calculation').click()
    await page.getByTestId('pricing-total').waitFor()
    assert.equal(await failure.count(), 0)
    assert.isTrue(await page.getByTestId('continue-checkout').isEnabled())
  }).timeout(60000)

  test('defect 9: a member without any email gives one before the payment step', async ({
    assert,
    cleanup,
  }) => {
    const { page } = await shopPage(cleanup)
    await signInMember(page, 'DEMO-1005', '28.02.1991')
    await goInShop(page, '/shop/dashboard')
    await page.getByTestId('dashboard-title').waitFor()
    await goInShop(page, '/shop/select')
    await page.getByTestId('pricing-total').waitFor()
    await page.getByTestId('continue-checkout').click()
    await page.getByText('Where should we send your documents?').waitFor()
    assert.isTrue(page.url().endsWith('/shop/select'))
    await screenshot(page, 'shop-select-email-step')
    await page.getByTestId('email-input').fill('emma@private.example.org')
    await page.getByTestId('email-save').click()
    await page.waitForURL('**/shop/checkout')
    await page.getByTestId('sandbox-pay').waitFor()
    const emma = await Member.findByOrFail('member_id', 'DEMO-1005')
    assert.equal(emma.email, 'emma@private.example.org')
  }).timeout(60000)

  test('defect 9: the confirmation email states the amount charged today and the schedule, formatted', async ({
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
    await page.getByTestId('continue-checkout').click()
    await agreeAndPay(page)
    await page.waitForURL('**/shop/success?migration_id=*')
    const reference = await page.getByTestId('migration-reference').textContent()
    const migration = await Migration.findByOrFail('migration_reference', reference)
    await createFulfilmentWorker().drain()
    const [confirmation] = await outboxMessages(`Your migration ${reference} is confirmed`)
    const text = String(confirmation.html || confirmation.text || '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&nbsp;|\s+/g, ' ')
      .replace(/ \./g, '.')
    const rows = await Installment.query()
      .where('migration_id', migration.id)
      .orderBy('payment_number')
    const money = (amount: number) =>
      `EUR ${amount.toLocaleString('en-US', { minimumFractionDigits: 2 })}`
    assert.include(text, `Amount charged today: ${money(migration.subscription_amount)}.`)
    const schedule = rows
      .map(
        (row) =>
          `${money(row.amount)} on ${row.due_date.toFormat('dd.MM.yyyy')}${row.payment_number === 1 ? ' (paid today)' : ''}`
      )
      .join(', ')
    assert.include(text, `Payment plan: quarterly, 4 payments: ${schedule}.`)
    assert.notInclude(text, String(migration.total_amount))
  }).timeout(90000)
})
