/// <reference lib="dom" />
import { test } from '@japa/runner'
import type { Page } from 'playwright-core'
import { isolateEachTest, TEST_ADMIN } from '#tests/helpers/database'
import { newPage } from '#tests/helpers/browser'

/**
 * The page's first calls (branding, formatting) go out with the session cookie the page came with, and
 * every answer carries the cookie of its request. Their answers are held here until the sign-in has
 * answered (or 3 s after the click, for a client that waits for them): an answer arriving after the
 * sign-in's must not put the browser back on the replaced session. Before the fix the next call was
 * signed out and the back-office fell back to its login page ("blank shell after sign-in";
 * frontend/src/common/api.ts `apiFetch`).
 */
async function holdFirstCalls(page: Page, signInPath: string) {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  page.on(
    'requestfinished',
    (request) => new URL(request.url()).pathname === signInPath && release()
  )
  const firstCalls = ['/api/branding', '/api/settings/formatting']
  await page.route(
    (url) => firstCalls.includes(url.pathname),
    async (route) => {
      const response = await route.fetch()
      await released
      await route.fulfill({ response })
    }
  )
  // Resolves once both held answers reached the page.
  const lateAnswers = Promise.all(
    firstCalls.map((path) =>
      page.waitForResponse((response) => new URL(response.url()).pathname === path, {
        timeout: 30_000,
      })
    )
  )
  return { lateAnswers, clicked: () => setTimeout(release, 3000) }
}

test.group('Signing in while the page is still loading', (group) => {
  isolateEachTest(group)

  test('back-office: answers of calls sent before the sign-in do not sign the admin out', async ({
    assert,
  }) => {
    const { context, page } = await newPage()
    try {
      const { lateAnswers, clicked } = await holdFirstCalls(page, '/api/admin/login')
      await page.goto('/admin/login')
      await page.getByTestId('admin-username').fill(TEST_ADMIN.username)
      await page.getByTestId('admin-password').fill(TEST_ADMIN.password)
      await page.getByTestId('admin-login-button').click()
      clicked()
      await lateAnswers
      await page.getByTestId('admin-sidebar').locator('a').nth(13).waitFor()
      assert.equal((await page.request.get('/api/admin/me')).status(), 200)
      await page.reload()
      await page.getByTestId('admin-sidebar').locator('a').nth(13).waitFor()
      assert.match(page.url(), /\/admin\/dashboard$/)
    } finally {
      await context.close()
    }
  }).timeout(60_000)

  test('shop: answers of calls sent before the sign-in do not sign the member out', async ({
    assert,
  }) => {
    const { context, page } = await newPage()
    try {
      const { lateAnswers, clicked } = await holdFirstCalls(page, '/api/auth/login')
      await page.goto('/shop/login')
      await page.getByTestId('member-id-input').fill('DEMO-1001')
      await page.getByTestId('dob-input').fill('15.04.1980')
      await page.getByTestId('login-button').click()
      clicked()
      await lateAnswers
      await page.waitForURL((url) => !url.pathname.endsWith('/shop/login'))
      const session = await (await page.request.get('/api/auth/session')).json()
      assert.isTrue(session.authenticated)
    } finally {
      await context.close()
    }
  }).timeout(60_000)
})
