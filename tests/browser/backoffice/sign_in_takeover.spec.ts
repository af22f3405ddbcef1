/// <reference lib="dom" />
import { test } from '@japa/runner'
import type { Page } from 'playwright-core'
import { isolateEachTest, TEST_ADMIN } from '#tests/helpers/database'
import { baseUrl, newPage } from '#tests/helpers/browser'
import { settingsService } from '#modules/settings/index'

/**
 * The sign-in pages are drawn by the server and taken over by the app's first render
 * (docs/architecture.md). What was filled or typed before, during and after that take-over stays where
 * it was typed: values, focus and caret; a submit pressed before it is carried out by the app. On a
 * 4× slowed CPU, with the app's script held by the test until it lets it go.
 */

/** Holds the scripts matching `chunk` until the returned function is called; the CPU slowed 4×. */
async function slowPageWithHeldScript(page: Page, chunk: RegExp | ((url: URL) => boolean)) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  let letGo!: () => void
  const released = new Promise<void>((resolve) => (letGo = resolve))
  let held = 0
  await page.route(chunk, async (route) => {
    held++
    await released
    await route.continue()
  })
  // Holding nothing would let the app start whenever it likes: the test would prove nothing.
  return () => {
    if (held === 0) throw new Error('No script was held: the chunk pattern matches nothing')
    letGo()
  }
}

/** Emotion in the browser marks the server's styles (data-s) when the app starts. */
const appStarted = (page: Page) =>
  page.evaluate(() => Boolean(document.querySelector('style[data-s]')))
const waitForApp = (page: Page) =>
  page.waitForFunction(() => document.querySelector('style[data-s]'), undefined, {
    timeout: 30_000,
  })

/** Types `text` one key at a time into whatever has the focus, a key every 40 ms, while the app starts. */
async function typeAcrossTakeOver(page: Page, text: string) {
  for (const key of text) {
    await page.keyboard.type(key)
    await new Promise((resolve) => setTimeout(resolve, 40))
  }
}

/**
 * The back-office's app: the `admin` chunk group holding mount.tsx (frontend/vite.config.ts), which
 * the entry imports after the first paint. It shares the entry's name, so it is told apart from the
 * entry the page's own script tag names (holding a stale `mount-` name held nothing, and the test
 * passed or failed on how fast the app started).
 */
async function adminApp(): Promise<(url: URL) => boolean> {
  const html = await (await fetch(`${baseUrl()}/admin/login`)).text()
  const entry = html.match(/<script type="module"[^>]* src="([^"]+)"/)?.[1]
  if (!entry) throw new Error('/admin/login names no entry script')
  return (url) => /^\/assets\/admin-[\w-]+\.js$/.test(url.pathname) && url.pathname !== entry
}

test.group('Sign-in pages taken over by the app', (group) => {
  isolateEachTest(group)
  group.each.setup(() => settingsService.clearCache())

  test('back-office: filled before, typed during the take-over: both fields keep their text and sign-in succeeds', async ({
    assert,
  }) => {
    const { context, page } = await newPage()
    try {
      const release = await slowPageWithHeldScript(page, await adminApp())
      await page.goto('/admin/login', { waitUntil: 'domcontentloaded' })
      assert.isFalse(await appStarted(page))
      // Before: a password manager fills the username; the person starts typing the password.
      await page.getByTestId('admin-username').fill(TEST_ADMIN.username)
      await page.getByTestId('admin-password').click()
      const half = Math.ceil(TEST_ADMIN.password.length / 2)
      await page.keyboard.type(TEST_ADMIN.password.slice(0, half))
      release()
      // During: the rest is typed while the app takes over, and after it.
      await typeAcrossTakeOver(page, TEST_ADMIN.password.slice(half))
      await waitForApp(page)
      assert.equal(await page.getByTestId('admin-username').inputValue(), TEST_ADMIN.username)
      assert.equal(await page.getByTestId('admin-password').inputValue(), TEST_ADMIN.password)
      assert.equal(
        await page.evaluate(() => document.activeElement?.getAttribute('data-testid')),
        'admin-password'
      )
      await page.keyboard.press('Enter')
      await page.waitForURL('**/admin/dashboard', { timeout: 30_000 })
    } finally {
      await context.close()
    }
  }).timeout(90_000)

  test('back-office: the caret stays where it was, mid-word, when the app takes over', async ({
    assert,
  }) => {
    const { context, page } = await newPage()
    try {
      const release = await slowPageWithHeldScript(page, await adminApp())
      await page.goto('/admin/login', { waitUntil: 'domcontentloaded' })
      await page.getByTestId('admin-username').click()
      await page.keyboard.type('amin')
      // The caret moved back after the first letter, to insert the missing "d" once the app runs.
      for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft')
      release()
      await waitForApp(page)
      await page.keyboard.type('d')
      assert.equal(await page.getByTestId('admin-username').inputValue(), 'admin')
    } finally {
      await context.close()
    }
  }).timeout(90_000)

  test('back-office: Enter pressed before the take-over signs in once the app runs, without losing the values', async ({
    assert,
  }) => {
    const { context, page } = await newPage()
    try {
      const release = await slowPageWithHeldScript(page, await adminApp())
      await page.goto('/admin/login', { waitUntil: 'domcontentloaded' })
      await page.getByTestId('admin-username').fill(TEST_ADMIN.username)
      await page.getByTestId('admin-password').fill(TEST_ADMIN.password)
      await page.getByTestId('admin-password').press('Enter')
      await new Promise((resolve) => setTimeout(resolve, 500))
      // No native submit: the page did not reload, nor put anything in its address.
      assert.equal(new URL(page.url()).search, '')
      release()
      await page.waitForURL('**/admin/dashboard', { timeout: 30_000 })
    } finally {
      await context.close()
    }
  }).timeout(90_000)

  test('back-office: filled after the take-over signs in', async () => {
    const { context, page } = await newPage()
    try {
      await slowPageWithHeldScript(page, /^$/)
      await page.goto('/admin/login')
      await waitForApp(page)
      await page.getByTestId('admin-username').fill(TEST_ADMIN.username)
      await page.getByTestId('admin-password').fill(TEST_ADMIN.password)
      await page.getByTestId('admin-login-button').click()
      await page.waitForURL('**/admin/dashboard', { timeout: 30_000 })
    } finally {
      await context.close()
    }
  }).timeout(90_000)

  test('shop: the date of birth typed during the take-over stays in its field', async ({
    assert,
  }) => {
    const member = { memberId: 'DEMO-1001', dateOfBirth: '1980-04-15' } // seeded demo member
    const { context, page } = await newPage()
    try {
      const release = await slowPageWithHeldScript(page, /\/assets\/shop-[\w-]+\.js$/)
      await page.goto('/shop/login', { waitUntil: 'commit' })
      await page.getByTestId('member-id-input').fill(member.memberId)
      await page.getByTestId('dob-input').click()
      const [year, month, day] = member.dateOfBirth.split('-')
      const typed = `${day}.${month}.${year}`
      await page.keyboard.type(typed.slice(0, 3))
      release()
      await typeAcrossTakeOver(page, typed.slice(3))
      await waitForApp(page)
      assert.equal(await page.getByTestId('member-id-input').inputValue(), member.memberId)
      assert.equal(await page.getByTestId('dob-input').inputValue(), typed)
      await page.getByTestId('login-button').click()
      await page.waitForURL(/\/shop\/dashboard$/, { timeout: 30_000 })
    } finally {
      await context.close()
    }
  }).timeout(90_000)
})
