/// <reference lib="dom" />
import type { Page } from 'playwright-core'
import { TEST_ADMIN } from './database.js'

/** Signs in through /admin/login and waits for the back-office shell. */
export async function loginAsAdmin(page: Page) {
  const pending = pendingApiCalls(page)
  await page.goto('/admin/login')
  await page.getByTestId('admin-username').fill(TEST_ADMIN.username)
  await page.getByTestId('admin-password').fill(TEST_ADMIN.password)
  await page.getByTestId('admin-login-button').click()
  await page.waitForURL('**/admin/dashboard')
  // The shell renders after the auth check: wait for the whole sidebar (on a phone, below 600 px, the
  // sidebar is a drawer behind the menu button: wait for that button).
  const narrow = (page.viewportSize()?.width ?? 1280) < 600
  const sidebar = narrow ? page.getByRole('button', { name: 'Open menu' }) : page.getByTestId('admin-sidebar').locator('a').nth(13)
  try {
    await sidebar.waitFor({ timeout: 15_000 })
  } catch (error) {
    // The shell once stayed away about one sign-in in forty: answers of the page's first calls arriving
    // after the sign-in's put the browser back on the replaced session (fixed in common/api.ts,
    // tests/browser/security/sign_in_late_answers.spec.ts). No reload here: say what the page showed.
    await page.screenshot({ path: `tmp/screenshots/blank-shell-${Date.now()}.png` }).catch(() => undefined)
    const shown = await page.locator('body').innerText().catch(() => '?')
    throw new Error(`loginAsAdmin: no shell 15 s after sign-in at ${page.url()}; page text: ${JSON.stringify(shown.slice(0, 300))}; unanswered API calls: ${[...pending].join(', ') || 'none'}`, { cause: error })
  } finally {
    pending.clear()
  }
}

/** The API calls of a page still waiting for an answer (method and path). */
function pendingApiCalls(page: Page) {
  const pending = new Set<string>()
  const name = (request: { method(): string; url(): string }) => `${request.method()} ${new URL(request.url()).pathname}`
  page.on('request', (request) => request.url().includes('/api/') && pending.add(name(request)))
  page.on('requestfinished', (request) => pending.delete(name(request)))
  page.on('requestfailed', (request) => pending.delete(name(request)))
  return pending
}

/** Signs a demo member in through /shop/login and waits for the next screen. */
export async function loginAsMember(page: Page, memberId = 'DEMO-1001', dob = '15.04.1980') {
  const pending = pendingApiCalls(page)
  const answers: string[] = []
  page.on('response', (response) => answers.push(`${response.status()} ${new URL(response.url()).pathname}`))
  await page.goto('/shop/login')
  await page.getByTestId('member-id-input').fill(memberId)
  await page.getByTestId('dob-input').fill(dob)
  await page.getByTestId('login-button').click()
  try {
    await page.waitForURL((url) => !url.pathname.endsWith('/shop/login'), { timeout: 20_000 })
  } catch (error) {
    // Say what the page showed and answered (how the favicon's redirect was found: docs/sessions-and-throttling.md).
    await page.screenshot({ path: `tmp/screenshots/member-login-${Date.now()}.png` }).catch(() => undefined)
    const shown = await page.locator('body').innerText().catch(() => '?')
    const facts = `page text: ${JSON.stringify(shown.slice(0, 300))}; answers: ${answers.join(', ')}; unanswered: ${[...pending].join(', ') || 'none'}`
    throw new Error(`loginAsMember: still on ${page.url()} 20 s after sign-in; ${facts}`, { cause: error })
  } finally {
    pending.clear()
  }
}
