/// <reference lib="dom" />
import { test } from '@japa/runner'
import { isolateEachTest, TEST_ADMIN } from '#tests/helpers/database'
import { newPage, screenshot } from '#tests/helpers/browser'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The blank shell after sign-in on a slow machine (CPU throttled 6×) with API answers in any
 * order (each held 0–1.2 s): counts the sign-ins whose shell did not show. Its cause, answers that
 * overtook the sign-in, is pinned down by tests/browser/security/sign_in_late_answers.spec.ts; four rounds
 * here (eight before the cause was known).
 */
test.group('Back-office sign-in on a slow machine', (group) => {
  isolateEachTest(group)

  test('the shell shows after every sign-in, without a reload', async ({ assert }) => {
    const blank: string[] = []
    for (let round = 0; round < 4; round++) {
      const { context, page } = await newPage()
      try {
        const cdp = await context.newCDPSession(page)
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 })
        await page.route(
          (url) => url.pathname.startsWith('/api/'),
          async (route) => {
            await sleep(Math.random() * 1200)
            await route.continue()
          }
        )
        await page.goto('/admin/login')
        await page.getByTestId('admin-username').fill(TEST_ADMIN.username)
        await page.getByTestId('admin-password').fill(TEST_ADMIN.password)
        await page.getByTestId('admin-login-button').click()
        await page.waitForURL('**/admin/dashboard')
        await page.getByTestId('admin-sidebar').locator('a').nth(13).waitFor({ timeout: 20_000 })
      } catch {
        await screenshot(page, `sign-in-blank-${round}`)
        blank.push(`round ${round}: ${page.url()}`)
      } finally {
        await context.close()
      }
    }
    assert.deepEqual(blank, [])
  }).timeout(300_000)
})
