/// <reference lib="dom" />
import { test } from '@japa/runner'
import type { Page } from 'playwright-core'
import { isolateEachTest } from '#tests/helpers/database'
import { getBrowser, baseUrl, screenshot } from '#tests/helpers/browser'
import { goInShop, reusedShopPage, signInMember } from '#tests/helpers/browser_sessions'
import { focusOutline, sidewaysOverflow } from '#tests/helpers/page_checks'
import { Migration } from '#modules/migrations/index'
import { productWithPartialLastQuarter, tourTheShop } from './shop_tour.js'
import { giveConsent } from '#tests/helpers/consent_box'

/**
 * Presses Tab (or Shift+Tab) until the element with `testId` has the focus, checking at every
 * stop that the focused control shows a visible outline (for a checkbox or radio, the round
 * button around its invisible native input).
 */
async function tabTo(page: Page, testId: string, seen: string[], key = 'Tab') {
  for (let presses = 0; presses < 40; presses++) {
    await page.keyboard.press(key)
    const focus = await focusOutline(page)
    seen.push(`${focus.element}: ${focus.outline}`)
    if (!focus.visible)
      throw new Error(`No visible focus outline on ${focus.element} (${focus.outline})`)
    if (
      await page.evaluate(
        (id) => document.activeElement?.getAttribute('data-testid') === id,
        testId
      )
    )
      return
  }
  throw new Error(`${testId} was never reached with ${key}`)
}

/** The member's dashboard on the kept page, signed in through the API (no page load). */
async function dashboard(page: Page) {
  await signInMember(page)
  await goInShop(page, '/shop/dashboard')
  await page.getByTestId('dashboard-title').waitFor()
  // Tab starts from the top of the document, as on a page just loaded (the previous test's focus
  // was on an element now gone, whose place Tab would start from).
  await page.evaluate(() => {
    document.body.tabIndex = -1
    document.body.focus()
    document.body.removeAttribute('tabindex')
  })
}

test.group('Shop keyboard, focus, zoom and date field', (group) => {
  isolateEachTest(group)
  // One page for the group (the bundle loads once). The first test is its first load (the focus a
  // visitor finds on /shop/login); the zoom test needs a context of its own (a device scale factor).
  const shopPage = reusedShopPage(group)

  test('keyboard only from login to success, a visible focus outline at every stop', async ({
    assert,
    cleanup,
  }) => {
    // The group's first test: the kept page has just loaded /shop/login.
    const { page } = await shopPage(cleanup)
    const seen: string[] = []
    await page.getByTestId('member-id-input').waitFor()
    assert.equal(
      await page.evaluate(() => document.activeElement?.getAttribute('data-testid')),
      'member-id-input'
    )
    assert.isTrue((await focusOutline(page)).visible)
    await page.keyboard.type('DEMO-1001')
    await page.keyboard.press('Tab')
    await page.keyboard.type('15.04.1980')
    await tabTo(page, 'login-button', seen)
    await screenshot(page, 'shop-keyboard-login-button')
    await page.keyboard.press('Enter')
    await page.waitForURL('**/shop/dashboard')
    await page.getByTestId('dashboard-title').waitFor()

    await tabTo(page, 'start-migration', seen)
    await page.keyboard.press('Enter')
    await page.waitForURL('**/shop/select')
    await page.getByTestId('pricing-total').waitFor()
    // The spouse too (Space on its checkbox), and quarterly with the arrow keys.
    await tabTo(page, 'member-DEMO-1001-S', seen)
    await page.keyboard.press('Space')
    await tabTo(page, 'frequency-one-time', seen)
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowDown')
    assert.isTrue(await page.getByTestId('frequency-quarterly').isChecked())
    await page.getByTestId('pricing-plan').getByText('Quarterly: 4 payments').waitFor()
    await tabTo(page, 'continue-checkout', seen)
    await screenshot(page, 'shop-keyboard-continue')
    await page.keyboard.press('Enter')
    await page.waitForURL('**/shop/checkout')
    await page.getByTestId('sandbox-pay').waitFor()
    await giveConsent(page)
    await tabTo(page, 'sandbox-pay', seen)
    // Shift+Tab goes back and forth without losing the outline.
    await page.keyboard.press('Shift+Tab')
    assert.isTrue((await focusOutline(page)).visible)
    await tabTo(page, 'sandbox-pay', seen)
    await page.keyboard.press('Space')
    await page.waitForURL('**/shop/success?migration_id=*')
    const reference = await page.getByTestId('migration-reference').textContent()
    const migration = await Migration.findByOrFail('migration_reference', reference)
    assert.deepEqual(
      [migration.payment_frequency, migration.payment_status],
      ['quarterly', 'succeeded']
    )
    await tabTo(page, 'return-to-login', seen)
    assert.isAbove(seen.length, 8)
  }).timeout(120000)

  test('the focus outline of a button is a solid ring of at least 3 px', async ({
    assert,
    cleanup,
  }) => {
    const { page } = await shopPage(cleanup)
    await dashboard(page)
    await tabTo(page, 'logout-button', [])
    const outline = await page.getByTestId('logout-button').evaluate((element) => {
      const style = getComputedStyle(element)
      return { style: style.outlineStyle, width: style.outlineWidth, color: style.outlineColor }
    })
    assert.deepEqual(outline, { style: 'solid', width: '3px', color: 'rgb(255, 255, 255)' })
  }).timeout(60000)

  test('toasts start below the header: Logout stays visible and clickable while the tip shows', async ({
    assert,
    cleanup,
  }) => {
    const { page } = await shopPage(cleanup)
    cleanup(() => page.setViewportSize({ width: 1280, height: 800 }))
    await signInMember(page)
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 800 })
      // Each visit of the dashboard shows the tip again (the last toast is this visit's).
      await goInShop(page, '/shop/elsewhere')
      await page.waitForURL('**/shop/login')
      await page.getByTestId('login-button').waitFor()
      await goInShop(page, '/shop/dashboard')
      await page.getByTestId('dashboard-title').waitFor()
      const toast = page
        .locator('.notistack-MuiContent')
        .filter({ hasText: 'Tip: add a personal email address' })
        .last()
      await toast.waitFor()
      await page.waitForTimeout(400)
      const logout = (await page.getByTestId('logout-button').boundingBox())!
      const box = (await toast.boundingBox())!
      assert.isAtLeast(
        box.y,
        logout.y + logout.height,
        `at ${width} px the toast starts below Logout`
      )
      const hit = await page.evaluate(
        ([x, y]) =>
          document.elementFromPoint(x, y)?.closest('[data-testid]')?.getAttribute('data-testid'),
        [logout.x + logout.width / 2, logout.y + logout.height / 2]
      )
      assert.equal(hit, 'logout-button')
    }
  }).timeout(60000)

  test('at 200 % zoom of a 1280 px window no page and no box scrolls sideways', async ({
    assert,
    cleanup,
  }) => {
    await productWithPartialLastQuarter()
    // 200 % browser zoom of a 1280 × 800 window: a 640 × 400 CSS-pixel viewport drawn at scale 2.
    const context = await (
      await getBrowser()
    ).newContext({
      baseURL: baseUrl(),
      viewport: { width: 640, height: 400 },
      deviceScaleFactor: 2,
    })
    cleanup(() => context.close())
    const page = await context.newPage()
    const problems: string[] = []
    await tourTheShop(page, async (name) => {
      problems.push(...(await sidewaysOverflow(page)).map((line) => `${name}: ${line}`))
    })
    await screenshot(page, 'shop-zoom200-on-hold')
    assert.deepEqual(problems, [])
  }).timeout(180000)

  test('the date of birth takes a pasted ISO or d/m/yyyy date and asks phones for the number pad', async ({
    assert,
    cleanup,
  }) => {
    const { page } = await shopPage(cleanup)
    cleanup(() => page.setViewportSize({ width: 1280, height: 800 }))
    await page.setViewportSize({ width: 390, height: 800 })
    // A newly drawn, empty form (a path the shop does not know leads to /shop/login).
    await goInShop(page, '/shop/elsewhere')
    await page.waitForURL('**/shop/login')
    const field = page.getByTestId('dob-input')
    assert.equal(await field.getAttribute('inputmode'), 'numeric')
    const paste = (text: string) =>
      field.evaluate((input, value) => {
        const data = new DataTransfer()
        data.setData('text/plain', value)
        input.dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true })
        )
      }, text)
    await paste('1976-06-06')
    assert.equal(await field.inputValue(), '06.06.1976')
    await paste('6/6/1976')
    assert.equal(await field.inputValue(), '06.06.1976')
    await paste('29/2/1981')
    assert.equal(await field.inputValue(), '29.02.1981')
    await page.getByText('Invalid date').waitFor()
    await paste(' 15.4.1980 ')
    assert.equal(await field.inputValue(), '15.04.1980')
    await page.getByTestId('member-id-input').fill('DEMO-1001')
    await page.getByTestId('login-button').click()
    await page.waitForURL('**/shop/dashboard')
  }).timeout(60000)
})
