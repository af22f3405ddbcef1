/// <reference lib="dom" />
import type { BrowserContext, Page } from 'playwright-core'
import type { Group } from '@japa/runner/core'
import { TEST_ADMIN } from './database.js'
import { newPage, screenshotPath } from './browser.js'

/**
 * Signs the page's browser context in as the demo admin through the API (the same calls the sign-in page
 * makes: a GET for shield's XSRF cookie, then POST /api/admin/login with it) and opens `path` (the
 * Dashboard by default), waiting for the back-office shell. The sign-in page itself is tested in
 * admin_sign_in.spec.ts and sign_in_late_answers.spec.ts; here it would only cost every back-office
 * test a page load (and opening the Dashboard first, one more: its charts are the largest chunk).
 */
export async function loginAsAdmin(page: Page, path = '/admin/dashboard') {
  // A page already open (the sign-in page, shown first for its screenshot) may still have calls in
  // flight: one answered after the sign-in sets the old anonymous session's cookie again, and the
  // dashboard then opens on the sign-in page (seen once in a clean-clone run). Let them finish.
  if (page.url() !== 'about:blank') await page.waitForLoadState('networkidle')
  await signInThroughApi(page, '/api/admin/login', {
    username: TEST_ADMIN.username,
    password: TEST_ADMIN.password,
  })
  const pending = pendingApiCalls(page)
  await page.goto(path)
  // The shell renders after the auth check: wait for the whole sidebar (on a phone, below 600 px, the
  // sidebar is a drawer behind the menu button: wait for that button).
  const narrow = (page.viewportSize()?.width ?? 1280) < 600
  const sidebar = narrow
    ? page.getByRole('button', { name: 'Open menu' })
    : page.getByTestId('admin-sidebar').locator('a').nth(13)
  try {
    await sidebar.waitFor({ timeout: 15_000 })
  } catch (error) {
    await page
      .screenshot({ path: screenshotPath(`blank-shell-${Date.now()}`) })
      .catch(() => undefined)
    const shown = await page
      .locator('body')
      .innerText()
      .catch(() => '?')
    throw new Error(
      `loginAsAdmin: no shell 15 s after opening ${path} at ${page.url()}; page text: ${JSON.stringify(shown.slice(0, 300))}; unanswered API calls: ${[...pending].join(', ') || 'none'}`,
      { cause: error }
    )
  } finally {
    pending.clear()
  }
}

/** An administrator's credentials (the demo admin: TEST_ADMIN; other roles: created by the test). */
export interface AdminCredentials {
  username: string
  password: string
}

/** The back-office pages kept for the test process, one per administrator (username). */
const keptPages = new Map<string, { page: Page; pending: ApiCalls }>()

/**
 * A back-office screen, signed in, on a page kept for the whole test process: the bundle is loaded
 * once per administrator, and every later call moves the same page to `path` the way the app moves
 * (history.pushState and popstate: react-router draws the new screen, nothing is reloaded).
 *
 * Each call first parks the page on the sign-in screen (no API calls there), lets the previous test's
 * calls finish, forgets what it knew (react-admin's query cache, its stored list parameters in
 * localStorage, the test's `page.route` handlers and dialog listeners) and signs in again through the
 * API: every test runs in its own rolled-back transaction (isolateEachTest), which takes the session
 * row with it, so a sign-in is one API call per test (no page load, no form). The sign-in form itself:
 * admin_sign_in.spec.ts. A test about a first load, a reload or a second device opens its own page
 * (`newPage` + `loginAsAdmin`). Don't close the page: it serves the next test.
 */
export async function adminScreen(
  path: string,
  options: {
    viewport?: { width: number; height: number }
    as?: AdminCredentials
    /** Runs on the signed-in page before it moves to `path` (a `page.route` the screen's first calls meet). */
    before?: (page: Page) => Promise<unknown>
  } = {}
): Promise<Page> {
  const who = options.as ?? TEST_ADMIN
  const viewport = options.viewport ?? { width: 1280, height: 800 }
  const target = path.startsWith('/') ? path : `/admin/${path}`
  let kept = keptPages.get(who.username)
  if (kept && !(await pageAnswers(kept.page))) {
    // A test that failed half-way may have left a confirm() open (nothing answers it then) or the
    // renderer stuck: every later test on this page would time out too (CI once lost a whole shard
    // so). A new page serves from here.
    await kept.page
      .context()
      .close()
      .catch(() => undefined)
    kept = undefined
  }
  if (!kept) {
    const { page } = await newPage({ viewport })
    kept = { page, pending: pendingApiCalls(page) }
    keptPages.set(who.username, kept)
    await signInThroughApi(page, '/api/admin/login', { ...who })
    await options.before?.(page)
    await page.goto(target)
    await shellShown(page, target, kept.pending)
    return page
  }
  const { page, pending } = kept
  await page.unrouteAll({ behavior: 'ignoreErrors' })
  page.removeAllListeners('dialog')
  // A form left with unsaved edits asks before the app leaves it: yes.
  const leave = (dialog: import('playwright-core').Dialog) => void dialog.accept().catch(() => {})
  page.on('dialog', leave)
  await page.evaluate(() => {
    history.pushState(null, '', '/admin/login')
    dispatchEvent(new PopStateEvent('popstate', { state: null }))
  })
  await page.waitForFunction(() => location.pathname === '/admin/login')
  // The mouse where a fresh page has it: left where the last test clicked, it hovers the next
  // screen (a column header's "Sort by" tooltip then lay over the first rows' buttons).
  await page.mouse.move(0, 0)
  await untilAnswered(pending)
  const size = page.viewportSize()
  if (size?.width !== viewport.width || size?.height !== viewport.height)
    await page.setViewportSize(viewport)
  await page.evaluate(() => {
    localStorage.clear()
    sessionStorage.clear()
    ;(window as { __adminQueryClient?: { clear(): void } }).__adminQueryClient?.clear()
  })
  await signInThroughApi(page, '/api/admin/login', { ...who })
  await options.before?.(page)
  await page.evaluate((to) => {
    history.pushState(null, '', to)
    dispatchEvent(new PopStateEvent('popstate', { state: null }))
  }, target)
  await shellShown(page, target, pending)
  page.off('dialog', leave)
  return page
}

/** Whether a page still runs scripts within 5 s (not closed, no dialog holding it, renderer alive). */
async function pageAnswers(page: Page) {
  if (page.isClosed()) return false
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), 5_000)))
  const alive = page.evaluate(() => true).catch(() => false)
  try {
    return await Promise.race([alive, late])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Moves a page of the app to `path` as its own links do (history.pushState and popstate), without
 * reloading the bundle.
 */
/** A back-office path as the location shows it ('members' is /admin/members). */
export function screenPath(path: string) {
  return path.startsWith('/') ? path : `/admin/${path}`
}

export async function goToScreen(page: Page, path: string) {
  const target = screenPath(path)
  // pushState moves the location at once: read it in the same call. Waited for afterwards, a screen
  // that sends the user on at once (a missing migration goes back to the list) could have moved on
  // before the first look, and the wait never ended (seen in a clean-clone run).
  const arrived = await page.evaluate((to) => {
    history.pushState(null, '', to)
    dispatchEvent(new PopStateEvent('popstate', { state: null }))
    return location.pathname + location.search
  }, target)
  if (arrived !== target) throw new Error(`goToScreen: at ${arrived}, not ${target}`)
}

/**
 * Waits (at most 10 s) until a page's API calls are answered. After a 401 (a call of the previous
 * test, whose session went with its transaction) it also waits for 500 ms without a call: react-admin
 * answers a 401 with a chain of calls (checkAuth's /admin/me, then /admin/logout), each sent a moment
 * after the one before came back, and a logout sent after this test signed in would end its session
 * (seen once in 1,777: "no shell … at /admin/login").
 */
async function untilAnswered(pending: ApiCalls) {
  const settled = () =>
    pending.size === 0 && (!pending.unauthorized || Date.now() - pending.lastActivity >= 500)
  for (let waited = 0; !settled() && waited < 10_000; waited += 50)
    await new Promise((resolve) => setTimeout(resolve, 50))
  pending.unauthorized = false
}

/** The back-office shell drawn: its sidebar (on a phone, below 600 px, the menu button of its drawer). */
async function shellShown(page: Page, path: string, pending: ApiCalls) {
  const narrow = (page.viewportSize()?.width ?? 1280) < 600
  const sidebar = narrow
    ? page.getByRole('button', { name: 'Open menu' })
    : page.getByTestId('admin-sidebar').locator('a').first()
  try {
    await sidebar.waitFor({ timeout: 15_000 })
  } catch (error) {
    const shown = await page
      .locator('body')
      .innerText()
      .catch(() => '?')
    throw new Error(
      `adminScreen: no shell 15 s after moving to ${path} at ${page.url()}; page text: ${JSON.stringify(shown.slice(0, 300))}; unanswered API calls: ${[...pending].join(', ') || 'none'}`,
      { cause: error }
    )
  }
}

/** Signs the page's context in with one API call; its cookies are the browser's from then on. */
async function signInThroughApi(page: Page, path: string, credentials: Record<string, string>) {
  const request = page.context().request
  await request.get('/api/health')
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')
  const answer = await request.post(path, {
    data: credentials,
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf?.value ?? '') },
  })
  if (!answer.ok())
    throw new Error(`sign-in through ${path} answered ${answer.status()}: ${await answer.text()}`)
}

/** The API calls of a page still waiting for an answer (method and path). */
/** A page's API calls on their way (method and path), when one last went or came, and whether one answered 401. */
class ApiCalls extends Set<string> {
  lastActivity = 0
  unauthorized = false
}

function pendingApiCalls(page: Page) {
  const pending = new ApiCalls()
  const name = (request: { method(): string; url(): string }) =>
    `${request.method()} ${new URL(request.url()).pathname}`
  const isApi = (request: { url(): string }) => request.url().includes('/api/')
  const seen = () => (pending.lastActivity = Date.now())
  page.on('request', (request) => isApi(request) && (seen(), pending.add(name(request))))
  page.on('requestfinished', (request) => (seen(), pending.delete(name(request))))
  page.on('requestfailed', (request) => (seen(), pending.delete(name(request))))
  page.on('response', (response) => {
    if (response.status() === 401 && isApi(response)) pending.unauthorized = true
  })
  return pending
}

/**
 * Signs a demo member in through the API (as the sign-in page does) and opens `path` (the member's
 * dashboard, which sends an already-migrated member on to their page) as a first load. On a page
 * already showing the shop, `signInMember` and `goInShop` get there without loading the bundle again.
 * The sign-in form itself: `loginAsMemberThroughForm`.
 */
export async function loginAsMember(
  page: Page,
  memberId = 'DEMO-1001',
  dob = '15.04.1980',
  path = '/shop/dashboard'
) {
  await signInMember(page, memberId, dob)
  await page.goto(path)
}

/** Signs the page's context in as a demo member with one API call (no page load). */
export async function signInMember(page: Page, memberId = 'DEMO-1001', dob = '15.04.1980') {
  const [day, month, year] = dob.split('.')
  await signInThroughApi(page, '/api/auth/login', {
    memberId,
    dateOfBirth: `${year}-${month}-${day}`,
  })
}

/**
 * Opens `path` in the shop the page already shows, as a link does: react-router follows the history
 * (pushState, then the popstate it listens to), and the bundle is not loaded again.
 */
export async function goInShop(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to)
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }))
  }, path)
}

const apiCallsOfPage = new WeakMap<Page, Set<string>>()

/**
 * Waits until the page has no API call in flight (for 200 ms): what `networkidle` tells of a first
 * load, for a page that moved on inside the shop. Only for pages of `reusedShopPage`.
 */
export async function apiCallsSettled(page: Page, timeout = 30_000) {
  const pending = apiCallsOfPage.get(page)
  if (!pending) throw new Error('apiCallsSettled: a page of reusedShopPage only')
  const end = Date.now() + timeout
  let quietSince = Date.now()
  while (Date.now() < end) {
    if (pending.size > 0) quietSince = Date.now()
    else if (Date.now() - quietSince >= 200) return
    await page.waitForTimeout(50)
  }
  throw new Error(`apiCallsSettled: still waiting for ${[...pending].join(', ')}`)
}

/**
 * One page for the whole group (the bundle loads once): `open(cleanup)` gives it to a test, on the
 * sign-in page with no cookie, no storage and no routed call, as a fresh context would be; after the
 * test (its `cleanup`) the page waits for its calls, then is put back so. Sessions live in the
 * database: a test signs its member in (`signInMember`, one API call) inside its own transaction.
 * A test that adds init scripts or exposed functions, or is about a first load, opens its own page.
 */
export function reusedShopPage(
  group: Group,
  options: Parameters<typeof newPage>[0] = {}
): (
  cleanup: (fn: () => Promise<void>) => void
) => Promise<{ page: Page; context: BrowserContext }> {
  let opened: Promise<{ context: BrowserContext; page: Page }> | undefined
  group.teardown(async () => {
    const done = await opened
    opened = undefined
    await done?.context.close()
  })
  return async (cleanup) => {
    opened ??= (async () => {
      const { context, page } = await newPage(options)
      apiCallsOfPage.set(page, pendingApiCalls(page))
      await page.goto('/shop/login')
      await page.getByTestId('login-button').waitFor()
      return { context, page }
    })()
    const { context, page } = await opened
    cleanup(async () => {
      if (!(await pageAnswers(page))) {
        // Left frozen by a failed test (an unanswered dialog): the next test gets a new page.
        opened = undefined
        await context.close().catch(() => undefined)
        return
      }
      await page.unrouteAll({ behavior: 'ignoreErrors' })
      await apiCallsSettled(page).catch(() => undefined)
      await context.clearCookies()
      try {
        await goInShop(page, '/shop/login')
        await page.getByTestId('login-button').waitFor({ timeout: 10_000 })
      } catch {
        // A test that failed half-way may have left the shop (or its page broken): load it again.
        await page.goto('/shop/login')
        await page.getByTestId('login-button').waitFor()
      }
      await apiCallsSettled(page).catch(() => undefined)
      await page.evaluate(() => {
        localStorage.clear()
        sessionStorage.clear()
      })
    })
    return { context, page }
  }
}

/** Signs a demo member in through the form of /shop/login and waits for the next screen. */
export async function loginAsMemberThroughForm(
  page: Page,
  memberId = 'DEMO-1001',
  dob = '15.04.1980'
) {
  const pending = pendingApiCalls(page)
  const answers: string[] = []
  page.on('response', (response) =>
    answers.push(`${response.status()} ${new URL(response.url()).pathname}`)
  )
  await page.goto('/shop/login')
  await page.getByTestId('member-id-input').fill(memberId)
  await page.getByTestId('dob-input').fill(dob)
  await page.getByTestId('login-button').click()
  try {
    await page.waitForURL((url) => !url.pathname.endsWith('/shop/login'), { timeout: 20_000 })
  } catch (error) {
    // Say what the page showed and answered (how the favicon's redirect was found: docs/sessions-and-throttling.md).
    await page
      .screenshot({ path: screenshotPath(`member-login-${Date.now()}`) })
      .catch(() => undefined)
    const shown = await page
      .locator('body')
      .innerText()
      .catch(() => '?')
    const facts = `page text: ${JSON.stringify(shown.slice(0, 300))}; answers: ${answers.join(', ')}; unanswered: ${[...pending].join(', ') || 'none'}`
    throw new Error(`loginAsMember: still on ${page.url()} 20 s after sign-in; ${facts}`, {
      cause: error,
    })
  } finally {
    pending.clear()
  }
}
