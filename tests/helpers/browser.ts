/// <reference lib="dom" />
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'

let browser: Browser | null = null

/** Debian's Chromium, headless, with no network of its own (DEVELOPERS.md). */
export async function getBrowser(): Promise<Browser> {
  if (!browser) {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-quic',
        '--no-first-run',
        '--disable-component-update',
        '--disable-sync',
      ],
    })
  }
  return browser
}

export async function closeBrowser() {
  await browser?.close()
  browser = null
}

export function baseUrl() {
  return `http://${process.env.HOST ?? '127.0.0.1'}:${process.env.PORT ?? 3334}`
}

/**
 * A fresh browser context (own cookies) and page on the test server; `locale`: the browser's language.
 * It asks for reduced motion, as a visitor may (frontend/src/common/theme.ts): no transition or
 * spinner animates, so Chromium draws far fewer frames; `motion: true` browses with animations.
 */
export async function newPage(
  options: {
    viewport?: { width: number; height: number }
    locale?: string
    motion?: boolean
  } = {}
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await (
    await getBrowser()
  ).newContext({
    baseURL: baseUrl(),
    viewport: options.viewport ?? { width: 1280, height: 800 },
    acceptDownloads: true,
    reducedMotion: options.motion ? 'no-preference' : 'reduce',
    ...(options.locale ? { locale: options.locale } : {}),
  })
  const page = await context.newPage()
  trackRequests(page)
  return { context, page }
}

const inFlight = new WeakMap<Page, Set<unknown>>()

/** Counts the page's requests in flight from its start (every kind: API calls, lazy chunks, images). */
function trackRequests(page: Page) {
  const requests = new Set<unknown>()
  inFlight.set(page, requests)
  page.on('request', (request) => requests.add(request))
  page.on('requestfinished', (request) => requests.delete(request))
  page.on('requestfailed', (request) => requests.delete(request))
}

/**
 * Waits until the page has had no request in flight for `quietMs`, then for two frames (React draws
 * what the last answer brought). Unlike `networkidle` it also holds after a move inside the app
 * (history.pushState): `networkidle` is a state of the last full load and answers at once then.
 */
export async function requestsSettled(page: Page, quietMs = 150, timeout = 30_000) {
  const requests = inFlight.get(page)
  if (!requests) throw new Error('requestsSettled: a page of newPage() only')
  const end = Date.now() + timeout
  let quietSince = Date.now()
  while (Date.now() - quietSince < quietMs) {
    if (Date.now() > end) throw new Error(`requestsSettled: ${requests.size} requests in flight`)
    if (requests.size > 0) quietSince = Date.now()
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
  )
}

/** Where screenshots go: tmp/screenshots, or SCREENSHOT_DIR (each database's run has its own). */
export function screenshotPath(name: string) {
  return `${process.env.SCREENSHOT_DIR ?? 'tmp/screenshots'}/${name}.png`
}

/**
 * Saves a full-page screenshot under tmp/screenshots for looking at screens. The test command
 * (scripts/run_tests.mjs) sets SCREENSHOTS=0: a full-page PNG costs the browser more than most
 * checks, and nobody looks at a CI run's. `SCREENSHOTS=1 npm run test:all`, or a browser file
 * run by hand, writes them (docs/developing.md).
 */
export async function screenshot(page: Page, name: string) {
  if (process.env.SCREENSHOTS === '0') return
  await page.screenshot({ path: screenshotPath(name), fullPage: true })
}
