/// <reference lib="dom" />
import { test } from '@japa/runner'
import { isolateEachTest, TEST_ADMIN } from '#tests/helpers/database'
import { getBrowser, baseUrl, newPage } from '#tests/helpers/browser'
import type { Page } from 'playwright-core'
import { Setting, settingsService } from '#modules/settings/index'

/** Opens a page in a context with scripts off, after setting the brand name; closes the context after `check`. */
async function withoutScripts(
  path: string,
  brandName: string,
  check: (page: Page) => Promise<void>
) {
  await Setting.query().where('setting_key', 'BRAND_NAME').update({ setting_value: brandName })
  settingsService.clearCache()
  const context = await (
    await getBrowser()
  ).newContext({ baseURL: baseUrl(), javaScriptEnabled: false })
  try {
    const page = await context.newPage()
    await page.goto(path)
    await check(page)
  } finally {
    await context.close()
  }
}

/** Holds the page's entry script until the returned function is called. */
async function holdScripts(page: Page, entry: RegExp) {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(entry, async (route) => {
    await released
    await route.continue()
  })
  return release
}

/**
 * /shop/login comes with the sign-in page in its HTML (backend/services/sign_in_page.ts), so the
 * browser paints it before the scripts have run; the first render
 * replaces it with the same page.
 */
test.group('Shop sign-in page drawn in its HTML', (group) => {
  isolateEachTest(group)
  group.each.setup(() => settingsService.clearCache())
  group.each.teardown(() => settingsService.clearCache())

  test('without scripts the page shows the sign-in form in the branding of the settings', async ({
    assert,
  }) => {
    await withoutScripts('/shop/login', 'Helvetia Migration', async (page) => {
      assert.equal(await page.getByTestId('brand-name').textContent(), 'Helvetia Migration')
      assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Member sign-in')
      assert.isTrue(await page.getByTestId('member-id-input').isVisible())
      assert.isTrue(await page.getByTestId('dob-input').isVisible())
      assert.equal(await page.getByTestId('login-button').textContent(), 'Sign in')
      // Drawn focused, as the first render in the browser shows it: the label above the field.
      assert.include(await page.locator('label').first().getAttribute('class'), 'Mui-focused')
    })
  })

  test('what is typed before the scripts have run stays when the page takes over', async ({
    assert,
  }) => {
    const { context, page } = await newPage()
    try {
      const release = await holdScripts(page, /\/assets\/shop-[\w-]+\.js$/)
      // Not 'domcontentloaded': that waits for the (held) module scripts.
      await page.goto('/shop/login', { waitUntil: 'commit' })
      await page.getByTestId('member-id-input').pressSequentially('DEMO-1001')
      await page.getByTestId('dob-input').pressSequentially('1980-04-15')
      release()
      // emotion in the browser has taken the server's styles over (data-s): the scripts have run.
      await page.waitForFunction(() => document.querySelector('style[data-s]'))
      assert.equal(await page.getByTestId('member-id-input').inputValue(), 'DEMO-1001')
      assert.equal(await page.getByTestId('dob-input').inputValue(), '15.04.1980')
      await page.getByTestId('login-button').click()
      await page.waitForURL(/\/shop\/dashboard$/)
    } finally {
      await context.close()
    }
  })
})

/** #root's changes once the server's HTML is parsed, and those where the sign-in form was not in it. */
type TakeOver = { changes: number; flashes: string[] }

/** The same for the back-office's /admin/login, drawn into admin.html. */
test.group('Back-office sign-in page drawn in its HTML', (group) => {
  isolateEachTest(group)
  group.each.setup(() => settingsService.clearCache())
  group.each.teardown(() => settingsService.clearCache())

  test('without scripts the page shows the sign-in form in the branding of the settings', async ({
    assert,
  }) => {
    await withoutScripts('/admin/login', 'Helvetia Back Office', async (page) => {
      assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Admin Portal')
      assert.isTrue(await page.getByText('Helvetia Back Office', { exact: true }).isVisible())
      assert.isTrue(await page.getByTestId('admin-username').isVisible())
      assert.isTrue(await page.getByTestId('admin-password').isVisible())
      assert.equal(await page.getByTestId('admin-login-button').textContent(), 'Sign in')
      assert.include(await page.locator('label').first().getAttribute('class'), 'Mui-focused')
    })
  })

  test('what is typed before the scripts have run stays when the page takes over', async ({
    assert,
  }) => {
    const { context, page } = await newPage()
    try {
      const release = await holdScripts(page, /\/assets\/admin-[\w-]+\.js$/)
      // No flash: whenever #root changes, the sign-in form is in it (the first render draws that page at once).
      await page.addInitScript(() => {
        const seen: TakeOver = { flashes: [], changes: 0 }
        ;(window as unknown as { seen: TakeOver }).seen = seen
        // Module scripts run before DOMContentLoaded: watch from the start, once #root has been parsed
        // (the branding JSON comes right after it).
        new MutationObserver(() => {
          const root = document.getElementById('root')
          if (!root || !document.getElementById('page-branding')) return
          seen.changes++
          if (!root.querySelector('[data-testid="admin-username"]') || !root.querySelector('h1'))
            seen.flashes.push(root.innerHTML.slice(0, 200))
        }).observe(document, { childList: true, subtree: true })
      })
      await page.goto('/admin/login', { waitUntil: 'commit' })
      await page.getByTestId('admin-username').pressSequentially(TEST_ADMIN.username)
      await page.getByTestId('admin-password').pressSequentially(TEST_ADMIN.password)
      release()
      await page.waitForFunction(() => document.querySelector('style[data-s]'))
      assert.equal(await page.getByTestId('admin-username').inputValue(), TEST_ADMIN.username)
      assert.equal(await page.getByTestId('admin-password').inputValue(), TEST_ADMIN.password)
      const seen = await page.evaluate(() => (window as unknown as { seen: TakeOver }).seen)
      assert.isAbove(seen.changes, 0) // the first render did replace the HTML
      assert.deepEqual(seen.flashes, [])
      await page.getByTestId('admin-login-button').click()
      await page.waitForURL('**/admin/dashboard')
    } finally {
      await context.close()
    }
  })

  test('the app downloads with the page but runs only once the page has been painted', async ({
    assert,
  }) => {
    const { context, page } = await newPage()
    try {
      // The page's animation frames held until the test lets them go: the entry waits for one before it
      // imports the app (adminMain.tsx), whose evaluation and first render would otherwise delay the paint.
      await page.addInitScript(() => {
        const held: FrameRequestCallback[] = []
        const requestFrame = window.requestAnimationFrame.bind(window)
        window.requestAnimationFrame = (callback) => held.push(callback)
        ;(window as unknown as { releaseFrames: () => void }).releaseFrames = () => {
          window.requestAnimationFrame = requestFrame
          for (const callback of held.splice(0)) requestFrame(callback)
        }
      })
      const scripts: string[] = []
      page.on(
        'request',
        (request) =>
          request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname)
      )
      await page.goto('/admin/login') // 'load': the entry and every modulepreload link of admin.html fetched
      // Polled by timer here and below: Playwright's default polling counts on this page's animation frames.
      await page.waitForFunction(
        () => performance.getEntriesByName('first-contentful-paint').length > 0,
        undefined,
        { polling: 50 }
      )
      // Painted, and no module of the app has run: emotion marks the server's styles (data-s) when it starts.
      assert.equal(await page.locator('style[data-s]').count(), 0)
      assert.isTrue(await page.getByRole('heading', { level: 1, name: 'Admin Portal' }).isVisible())
      await page.getByTestId('admin-username').fill(TEST_ADMIN.username)
      await page.getByTestId('admin-password').fill(TEST_ADMIN.password)
      const fetchedWithThePage = scripts.length

      await page.evaluate(() =>
        (window as unknown as { releaseFrames: () => void }).releaseFrames()
      )
      await page.waitForFunction(() => document.querySelector('style[data-s]'), undefined, {
        polling: 50,
      })
      // The app had nothing left to download (one step), and kept what was typed meanwhile.
      assert.deepEqual(scripts.slice(fetchedWithThePage), [])
      // The entry and the app's chunk (the `admin` group of vite.config.ts) both came with the page.
      const entryAndApp = scripts
        .slice(0, fetchedWithThePage)
        .filter((path) => /^\/assets\/admin-[\w-]{8}\.js$/.test(path))
      assert.lengthOf(entryAndApp, 2)
      assert.equal(await page.getByTestId('admin-username').inputValue(), TEST_ADMIN.username)
      assert.equal(await page.getByTestId('admin-password').inputValue(), TEST_ADMIN.password)
      await page.getByTestId('admin-login-button').click()
      await page.waitForURL('**/admin/dashboard')
    } finally {
      await context.close()
    }
  })
})
