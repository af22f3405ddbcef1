/// <reference lib="dom" />
import { test } from '@japa/runner'
import type { Page } from 'playwright-core'
import { isolateEachTest } from '#tests/helpers/database'
import { newPage, screenshot } from '#tests/helpers/browser'
import { loginAsMember, loginAsMemberThroughForm } from '#tests/helpers/browser_sessions'
import { sidewaysOverflow } from '#tests/helpers/page_checks'
import { Migration } from '#modules/migrations/index'
import { agreeAndPay, giveConsent } from '#tests/helpers/consent_box'

const TIP = 'Tip: add a personal email address'
const INVALID = 'Invalid member ID or date of birth'

/** The elements a screen reader announces (live regions) whose text contains `text`. */
const announcing = (page: Page, text: string) =>
  page.evaluate(
    (wanted) =>
      [
        ...document.querySelectorAll(
          '[role=alert]:not([aria-live=off]), [role=status]:not([aria-live=off]), [aria-live]:not([aria-live=off])'
        ),
      ]
        .filter((element) => element.textContent?.includes(wanted))
        .map((element) => element.getAttribute('role') ?? element.getAttribute('aria-live')),
    text
  )

const focusedTag = (page: Page) =>
  page.evaluate(
    () => `${document.activeElement?.tagName} ${document.activeElement?.textContent?.slice(0, 40)}`
  )

/** Posts as the signed-in page would (XSRF header from the cookie). */
const postFromPage = (page: Page, path: string) =>
  page.evaluate((address) => {
    const token = decodeURIComponent(document.cookie.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? '')
    return fetch(address, {
      method: 'POST',
      headers: { 'X-XSRF-TOKEN': token, 'Content-Type': 'application/json' },
      body: '{}',
    }).then((response) => response.status)
  }, path)

test.group('Sessions and selections on the member screens', (group) => {
  isolateEachTest(group)

  test('a reload of select and back from checkout keep the selection of the browser session', async ({
    assert,
    cleanup,
  }) => {
    const { context, page } = await newPage({ viewport: { width: 390, height: 800 } })
    cleanup(() => context.close())
    await loginAsMember(page)
    await page.goto('/shop/select')
    await page.getByTestId('currency-select').click()
    await page.getByTestId('currency-EUR').click()
    await page.getByTestId('member-DEMO-1001-S').check()
    await page.getByTestId('frequency-quarterly').check()
    await page.getByTestId('pricing-plan').getByText('Quarterly: 4 payments').waitFor()
    const total = await page.getByTestId('pricing-total').textContent()
    const kept = async () => {
      await page.getByTestId('pricing-plan').getByText('Quarterly: 4 payments').waitFor()
      assert.isTrue(await page.getByTestId('member-DEMO-1001-S').isChecked())
      assert.isTrue(await page.getByTestId('frequency-quarterly').isChecked())
      assert.equal(await page.getByTestId('pricing-total').textContent(), total)
    }
    await page.reload()
    await kept()
    await page.getByTestId('continue-checkout').click()
    await page.waitForURL('**/shop/checkout*')
    await page.getByTestId('sandbox-pay').waitFor()
    await page.goBack()
    await page.waitForURL('**/shop/select')
    await kept()
  }).timeout(90000)

  test('an expired session during an email save shows the session message, not the CSRF refusal', async ({
    assert,
    cleanup,
  }) => {
    const { context, page } = await newPage()
    cleanup(() => context.close())
    await loginAsMember(page)
    await page.getByTestId('edit-email').click()
    await page.getByTestId('email-input').fill('anna@private.example.org')
    await context.clearCookies({ name: 'portal-session' })
    await page.getByTestId('email-save').click()
    await page.waitForURL('**/shop/login')
    await page.getByTestId('session-expired').waitFor()
    await page.waitForTimeout(500)
    assert.equal(await page.getByText('CSRF').count(), 0)
  }).timeout(60000)

  test('a visitor who never signed in is not told that a session expired', async ({
    assert,
    cleanup,
  }) => {
    const { context, page } = await newPage()
    cleanup(() => context.close())
    await page.goto('/shop/dashboard')
    await page.waitForURL('**/shop/login')
    await page.getByTestId('login-button').waitFor()
    await page.waitForTimeout(500)
    assert.equal(await page.getByTestId('session-expired').count(), 0)
  }).timeout(60000)

  test('an old sign-in error toast does not follow the member onto the dashboard', async ({
    assert,
    cleanup,
  }) => {
    const { context, page } = await newPage()
    cleanup(() => context.close())
    await page.goto('/shop/login')
    await page.getByTestId('member-id-input').fill('DEMO-1001')
    await page.getByTestId('dob-input').fill('16.04.1980')
    await page.getByTestId('login-button').click()
    await page.locator('.notistack-MuiContent').filter({ hasText: INVALID }).waitFor()
    await page.getByTestId('dob-input').fill('15.04.1980')
    await page.getByTestId('login-button').click()
    await page.waitForURL('**/shop/dashboard')
    await page.getByTestId('dashboard-title').waitFor()
    await page.waitForTimeout(400)
    assert.equal(await page.getByText(INVALID).count(), 0)
  }).timeout(60000)

  test('an old tab paying a checkout paid meanwhile leaves the checkout for the paid state', async ({
    assert,
    cleanup,
  }) => {
    const { context, page } = await newPage()
    cleanup(() => context.close())
    await loginAsMember(page)
    await page.goto('/shop/select')
    await page.getByTestId('pricing-total').waitFor()
    await page.getByTestId('continue-checkout').click()
    await page.getByTestId('sandbox-pay').waitFor()
    const pending = await Migration.query()
      .where('member_id_str', 'DEMO-1001')
      .where('status', 'pending')
      .orderBy('id', 'desc')
      .firstOrFail()
    // The member consented in this tab; the checkout is then paid elsewhere before this tab's Pay.
    await giveConsent(page)
    assert.equal(await postFromPage(page, `/api/migration/${pending.id}/sandbox-confirm`), 200)
    await page.getByTestId('sandbox-pay').click()
    await page.waitForURL(`**/shop/success?migration_id=${pending.id}`)
    await page.getByTestId('payment-paid').waitFor()
    assert.equal(await page.getByTestId('sandbox-pay').count(), 0)
  }).timeout(60000)

  test('on a phone the tip toast does not cover the h1, and the changed total of select is in view', async ({
    assert,
    cleanup,
  }) => {
    const { context, page } = await newPage({ viewport: { width: 390, height: 800 } })
    cleanup(() => context.close())
    await loginAsMember(page)
    const toast = page.locator('.notistack-MuiContent').filter({ hasText: TIP })
    await toast.waitFor()
    await page.waitForTimeout(400)
    const heading = (await page.locator('main h1').boundingBox())!
    const box = (await toast.boundingBox())!
    assert.isTrue(
      box.y >= heading.y + heading.height || box.y + box.height <= heading.y,
      `toast ${JSON.stringify(box)} covers h1 ${JSON.stringify(heading)}`
    )
    // axe and HTML_CodeSniffer: the matrix's 'dashboard' state (with the tip toast, layout_accessibility.spec.ts).
    await screenshot(page, 'shop-390-dashboard-tip-at-bottom')

    await page.goto('/shop/select')
    await page.getByTestId('pricing-total').waitFor()
    await page.getByTestId('frequency-quarterly').check()
    await page.getByTestId('pricing-plan').getByText('Quarterly: 4 payments').waitFor()
    const bar = (await page.getByTestId('sticky-total').boundingBox())!
    assert.isAtMost(bar.y + bar.height, 800)
    assert.isAtLeast(bar.y, 0)
    assert.equal(
      await page.getByTestId('sticky-total-amount').textContent(),
      await page.getByTestId('pricing-total').textContent()
    )
    assert.deepEqual(await sidewaysOverflow(page), [])
    // axe and HTML_CodeSniffer: the matrix's 'select' state (quarterly, the spouse added).
    await screenshot(page, 'shop-390-select-sticky-total')
  }).timeout(60000)
})

test.group('Screen readers on the member screens', (group) => {
  isolateEachTest(group)

  test("every route has its own title, and the focus moves to the new page's h1", async ({
    assert,
    cleanup,
  }) => {
    const { context, page } = await newPage()
    cleanup(() => context.close())
    await page.goto('/shop/login')
    await page.waitForFunction(() => document.title === 'Member sign-in — Member Portal')
    await loginAsMemberThroughForm(page)
    await page.waitForURL('**/shop/dashboard')
    await page.waitForFunction(() => document.title === 'Your dashboard — Member Portal')
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1')
    assert.include(await focusedTag(page), 'H1 Welcome, Anna Schmidt')
    await page.getByTestId('start-migration').click()
    await page.waitForFunction(() => document.title === 'Select your coverage — Member Portal')
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1')
    assert.include(await focusedTag(page), 'H1 Choose your new coverage')
    await page.getByTestId('pricing-total').waitFor()
    await page.getByTestId('continue-checkout').click()
    await page.waitForFunction(() => document.title === 'Checkout — Member Portal')
    await agreeAndPay(page)
    await page.waitForFunction(() => document.title === 'Payment confirmation — Member Portal')
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1')
    await page.getByTestId('view-coverage').click()
    await page.waitForFunction(() => document.title === 'Your coverage — Member Portal')
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1')
    assert.include(await focusedTag(page), 'H1 Your new coverage')
  }).timeout(90000)

  for (const width of [390, 1280]) {
    test(`at ${width} px: the frequency group has a name and a new total is announced once, politely`, async ({
      assert,
      cleanup,
    }) => {
      const { context, page } = await newPage({ viewport: { width, height: 800 } })
      cleanup(() => context.close())
      await loginAsMember(page)
      await page.goto('/shop/select')
      await page.getByTestId('pricing-total').waitFor()
      assert.equal(await page.getByRole('radiogroup', { name: 'Payment frequency' }).count(), 1)
      await page.getByTestId('frequency-quarterly').check()
      await page.getByTestId('pricing-plan').getByText('Quarterly: 4 payments').waitFor()
      await page.getByTestId('member-DEMO-1001-S').check()
      await page.getByTestId('pricing-summary').getByText('Jonas Schmidt').waitFor()
      const total = (await page.getByTestId('pricing-total').textContent())!
      await page.waitForFunction(
        (wanted) =>
          document.querySelector('[data-testid=total-announcement]')?.textContent ===
          `New total: ${wanted}`,
        total
      )
      assert.deepEqual(await announcing(page, total), ['status'])
      // axe and HTML_CodeSniffer: the matrix's 'select' state at 390 and 1280 px.
      await screenshot(page, `shop-${width}-select-announced-total`)
    }).timeout(60000)
  }

  test('a login error is announced once; the tip toast is polite and the personal-email alert is not live', async ({
    assert,
    cleanup,
  }) => {
    const { context, page } = await newPage({ viewport: { width: 390, height: 800 } })
    cleanup(() => context.close())
    await page.goto('/shop/login')
    await page.getByTestId('member-id-input').fill('DEMO-1001')
    await page.getByTestId('dob-input').fill('16.04.1980')
    await page.getByTestId('login-button').click()
    await page.locator('.notistack-MuiContent').filter({ hasText: INVALID }).waitFor()
    assert.deepEqual(await announcing(page, INVALID), ['alert'])
    // axe and HTML_CodeSniffer: the matrix's 'login-error' state.
    await screenshot(page, 'shop-390-login-error-once')

    await loginAsMember(page)
    await page.locator('.notistack-MuiContent').filter({ hasText: TIP }).waitFor()
    assert.deepEqual(await announcing(page, TIP), ['status'])
    assert.equal(await page.getByTestId('personal-email-alert').getAttribute('role'), 'note')
    assert.deepEqual(await announcing(page, 'personal email'), ['status'])
  }).timeout(60000)
})
