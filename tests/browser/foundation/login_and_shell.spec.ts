/// <reference lib="dom" />
import { test } from '@japa/runner'
import { isolateEachTest } from '#tests/helpers/database'
import { newPage, screenshot } from '#tests/helpers/browser'
import { loginAsAdmin } from '#tests/helpers/browser_sessions'
import { htmlcsErrors } from '#tests/helpers/htmlcs'

const SIDEBAR = [
  'Dashboard',
  'Migrations',
  'Unmigrated Users',
  'Members',
  'Subscriptions',
  'Finance',
  'Products',
  'Currencies',
  'Doc Templates',
  'Email Templates',
  'Email Overrides',
  'API Configs',
  'Admins',
  'Import Data',
  'Settings',
]

test.group('Member login screen', (group) => {
  isolateEachTest(group)

  test('typing 01011970 shows 01.01.1970', async ({ assert, cleanup }) => {
    const { context, page } = await newPage()
    cleanup(() => context.close())
    await page.goto('/shop/login')
    await page.getByTestId('dob-input').pressSequentially('01011970')
    assert.equal(await page.getByTestId('dob-input').inputValue(), '01.01.1970')
  })

  test('letters are dropped and the field stops at 10 characters', async ({ assert, cleanup }) => {
    const { context, page } = await newPage()
    cleanup(() => context.close())
    await page.goto('/shop/login')
    await page.getByTestId('dob-input').pressSequentially('1a2b0319805555')
    assert.equal(await page.getByTestId('dob-input').inputValue(), '12.03.1980')
  })

  test('31.02.1990 shows "Invalid date"', async ({ cleanup }) => {
    const { context, page } = await newPage()
    cleanup(() => context.close())
    await page.goto('/shop/login')
    await page.getByTestId('dob-input').pressSequentially('31.02.1990')
    await page.getByText('Invalid date', { exact: true }).waitFor()
  })

  test('a visitor who asks for reduced motion gets no transitions; others get them', async ({
    assert,
    cleanup,
  }) => {
    const durationOf = async (motion: boolean) => {
      const { context, page } = await newPage({ motion })
      cleanup(() => context.close())
      await page.goto('/shop/login')
      const button = page.getByTestId('login-button')
      await page.waitForFunction(() => document.querySelector('style[data-emotion]'))
      return button.evaluate((element) => getComputedStyle(element).transitionDuration)
    }
    assert.match(await durationOf(true), /^0\.25s/)
    assert.match(await durationOf(false), /^0s(, 0s)*$/)
  })

  test('leaving "1.1." gives the complete-date message', async ({ cleanup }) => {
    const { context, page } = await newPage()
    cleanup(() => context.close())
    await page.goto('/shop/login')
    await page.getByTestId('dob-input').pressSequentially('1.1.')
    await page.getByTestId('member-id-input').focus()
    await page.getByText('Please enter a complete date (e.g., 1.1.1970 or 01.01.1970)').waitFor()
  })

  test('the query string prefills member ID and date of birth', async ({ assert, cleanup }) => {
    const { context, page } = await newPage()
    cleanup(() => context.close())
    await page.goto('/shop/login?memberId=DEMO-1001&dob=1980-04-15')
    assert.equal(await page.getByTestId('member-id-input').inputValue(), 'DEMO-1001')
    assert.equal(await page.getByTestId('dob-input').inputValue(), '15.04.1980')
  })

  test('a demo member logs in and lands on /shop/dashboard', async ({ assert, cleanup }) => {
    const { context, page } = await newPage()
    cleanup(() => context.close())
    await page.goto('/shop/login')
    await page.getByTestId('member-id-input').fill('DEMO-1001')
    await page.getByTestId('dob-input').pressSequentially('15041980')
    await screenshot(page, 'shop-login')
    await page.getByTestId('login-button').click()
    await page.waitForURL('**/shop/dashboard')
    assert.equal(new URL(page.url()).pathname, '/shop/dashboard')
  })

  test('a wrong date shows the server message as a toast', async ({ cleanup }) => {
    const { context, page } = await newPage()
    cleanup(() => context.close())
    await page.goto('/shop/login')
    await page.getByTestId('member-id-input').fill('DEMO-1001')
    await page.getByTestId('dob-input').pressSequentially('16041980')
    await page.getByTestId('login-button').click()
    // The toast (the form keeps the same text as an alert too: error_paths.spec.ts, defect 10).
    await page
      .locator('.notistack-MuiContent')
      .getByText('Invalid member ID or date of birth')
      .waitFor()
  })

  test('a token link shows the birth-year form with a link back', async ({ cleanup }) => {
    const { context, page } = await newPage()
    cleanup(() => context.close())
    await page.goto('/shop/login?token=abcdefabcdefabcdefabcdef')
    await page.getByTestId('birth-year-input').waitFor()
    await screenshot(page, 'shop-token-login')
    await page.getByText('Sign in with member ID and date of birth instead').click()
    await page.getByTestId('member-id-input').waitFor()
  })

  test('/nowhere ends on /shop/login', async ({ assert, cleanup }) => {
    const { context, page } = await newPage()
    cleanup(() => context.close())
    await page.goto('/nowhere')
    await page.getByTestId('member-id-input').waitFor()
    assert.equal(new URL(page.url()).pathname, '/shop/login')
  })
})

test.group('Admin shell', (group) => {
  isolateEachTest(group)

  test('a wrong admin password shows the server message as a toast; two toasts repeat no id', async ({
    assert,
    cleanup,
  }) => {
    const { context, page } = await newPage()
    cleanup(() => context.close())
    await page.goto('/admin/login')
    await page.getByTestId('admin-username').fill('admin')
    await page.getByTestId('admin-password').fill('not-the-password')
    await page.getByTestId('admin-login-button').click()
    await page.locator('.notistack-MuiContent').getByText('Invalid username or password').waitFor()
    await page.waitForTimeout(500) // let the toast finish sliding in for the screenshot
    await screenshot(page, 'admin-login-refused')

    // A second refusal while the first toast shows: notistack gave both messages one id.
    await page.getByTestId('admin-login-button').click()
    const toasts = page.locator('.notistack-MuiContent')
    await toasts.nth(1).waitFor()
    const described = await toasts.evaluateAll((nodes) =>
      nodes.map((node) => {
        const id = node.getAttribute('aria-describedby') ?? ''
        return { id, text: document.getElementById(id)?.textContent ?? '' }
      })
    )
    assert.lengthOf(described, 2)
    assert.notEqual(described[0].id, described[1].id)
    assert.deepEqual(
      described.map((toast) => toast.text),
      ['Invalid username or password', 'Invalid username or password']
    )
    assert.deepEqual(
      (await htmlcsErrors(page)).filter((line) => line.startsWith('4_1_1.F77')),
      []
    )
  })

  test('an admin logs in and sees the 15 sidebar entries in order, Logout at the bottom', async ({
    assert,
    cleanup,
  }) => {
    const { context, page } = await newPage()
    cleanup(() => context.close())
    await page.goto('/admin/login')
    await page.getByRole('heading', { name: 'Admin Portal' }).waitFor()
    await screenshot(page, 'admin-login')
    await loginAsAdmin(page)
    const entries = await page.getByTestId('admin-sidebar').locator('a').allInnerTexts()
    assert.deepEqual(
      entries.map((text) => text.trim()),
      SIDEBAR
    )
    await page.getByTestId('admin-logout').waitFor()
    await screenshot(page, 'admin-shell')
  })

  test('the entry of the current path is highlighted, also on sub-paths', async ({
    assert,
    cleanup,
  }) => {
    const { context, page } = await newPage()
    cleanup(() => context.close())
    await loginAsAdmin(page, '/admin/migrations/1')
    const current = page.getByTestId('admin-sidebar').locator('a[aria-current="page"]')
    await current.waitFor()
    assert.equal((await current.innerText()).trim(), 'Migrations')
  })

  test('/admin without a session goes to the admin login; logout returns there', async ({
    assert,
    cleanup,
  }) => {
    const { context, page } = await newPage()
    cleanup(() => context.close())
    await page.goto('/admin')
    await page.waitForURL('**/admin/login')
    await loginAsAdmin(page)
    await page.getByTestId('admin-logout').click()
    await page.waitForURL('**/admin/login')
    assert.equal(new URL(page.url()).pathname, '/admin/login')
  })
})
