/// <reference lib="dom" />
/**
 * One cold page load in Debian's Chromium with the CPU slowed 4× (CDP
 * Emulation.setCPUThrottlingRate): first paint and first contentful paint from the page's
 * paint timings, and every script it fetched — how it was encoded and in how many serial
 * steps it was requested (a script requested by the HTML or a modulepreload link is step 1;
 * one requested by a script, such as a lazily imported chunk, is one step after that script).
 */
import http from 'node:http'
import { chromium, type Browser } from 'playwright-core'

export interface PageLoad {
  firstPaintMs: number
  firstContentfulPaintMs: number
  /** `beforePaint`: the request started before the first contentful paint (what the page needed to paint). */
  scripts: {
    url: string
    encoding: string | null
    step: number
    beforePaint: boolean
    beforeReady: boolean
  }[]
  steps: number
  /** Hosts of the other origins' scripts the page asked for. */
  external: string[]
  /** With `ready`: when its element showed (ms from navigation) and every request made until then. */
  readyMs?: number
  requestsBeforeReady?: string[]
  /** Every request of the load, until the network was quiet for half a second after `load`. */
  requests: string[]
}

export interface LoadOptions {
  /** Cookies the browser has before the load (a signed-in administrator or member). */
  cookies?: { name: string; value: string; url: string }[]
  /** A selector whose element shows once the page is usable; its scripts count as `beforeReady`. */
  ready?: string
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  })
}

export async function loadPage(
  browser: Browser,
  url: string,
  cpuSlowdown = 4,
  options: LoadOptions = {}
): Promise<PageLoad> {
  const context = await browser.newContext()
  if (options.cookies) await context.addCookies(options.cookies)
  try {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown })
    const requests = new Map<
      string,
      { url: string; initiator: any; encoding: string | null; script: boolean }
    >()
    cdp.on('Network.requestWillBeSent', (event) => {
      requests.set(event.requestId, {
        url: event.request.url,
        initiator: event.initiator,
        encoding: null,
        script: event.type === 'Script' || /\.m?js(\?|$)/.test(event.request.url),
      })
    })
    cdp.on('Network.responseReceived', (event) => {
      const request = requests.get(event.requestId)
      const headers = Object.fromEntries(
        Object.entries(event.response.headers).map(([name, value]) => [name.toLowerCase(), value])
      )
      if (request) request.encoding = (headers['content-encoding'] as string) ?? null
    })
    const navigated = Date.now()
    await page.goto(url, { waitUntil: options.ready ? 'commit' : 'load' })
    let readyMs: number | undefined
    let requestsBeforeReady: string[] | undefined
    if (options.ready) {
      await page.locator(options.ready).first().waitFor({ timeout: 60_000 })
      readyMs = Date.now() - navigated
      requestsBeforeReady = [...requests.values()].map((request) => request.url)
    }
    await page.waitForLoadState('load')
    await page.waitForLoadState('networkidle')
    await page.waitForFunction(
      () => performance.getEntriesByName('first-contentful-paint').length > 0,
      undefined,
      { timeout: 60_000 }
    )
    const paints = await page.evaluate(() =>
      Object.fromEntries(
        performance.getEntriesByType('paint').map((entry) => [entry.name, entry.startTime])
      )
    )
    const started = await page.evaluate(() =>
      Object.fromEntries(
        performance.getEntriesByType('resource').map((entry) => [entry.name, entry.startTime])
      )
    )

    // Our own scripts; other origins' (Stripe.js) are listed by scriptSizes, not counted in the steps.
    const origin = new URL(url).origin
    const scripts = [...requests.values()].filter(
      (request) => request.script && new URL(request.url).origin === origin
    )
    const stepOf = (scriptUrl: string, seen = new Set<string>()): number => {
      const request = scripts.find((candidate) => candidate.url === scriptUrl)
      if (!request || seen.has(scriptUrl)) return 1
      seen.add(scriptUrl)
      const parent =
        request.initiator?.type === 'script'
          ? (request.initiator.stack?.callFrames?.[0]?.url ?? request.initiator.url)
          : null
      return parent && parent !== scriptUrl ? stepOf(parent, seen) + 1 : 1
    }
    const measured = scripts.map((request) => ({
      url: request.url,
      encoding: request.encoding,
      step: stepOf(request.url),
      beforePaint: (started[request.url] ?? 0) < paints['first-contentful-paint'],
      beforeReady: !requestsBeforeReady || requestsBeforeReady.includes(request.url),
    }))
    return {
      firstPaintMs: Math.round(paints['first-paint'] ?? paints['first-contentful-paint']),
      firstContentfulPaintMs: Math.round(paints['first-contentful-paint']),
      scripts: measured,
      steps: Math.max(0, ...measured.map((script) => script.step)),
      external: [...requests.values()]
        .filter((request) => request.script && new URL(request.url).origin !== origin)
        .map((request) => new URL(request.url).host),
      readyMs,
      requestsBeforeReady,
      requests: [...requests.values()].map((request) => request.url),
    }
  } finally {
    await context.close()
  }
}

/**
 * First contentful paint of a repeat visit: the page is loaded once in a fresh context, then again
 * in the same context with the CPU slowed 4×, its hashed scripts now in the browser's cache (an
 * administrator back at the sign-in page after signing out). The page itself is `no-cache` and
 * fetched again; the scripts are ready as soon as the HTML names them, so whatever runs them before
 * the first paint delays it.
 */
export async function repeatVisitPaint(
  browser: Browser,
  url: string,
  cpuSlowdown = 4
): Promise<number> {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    await page.goto(url, { waitUntil: 'load' })
    await page.goto('about:blank')
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown })
    await page.goto(url, { waitUntil: 'load' })
    await page.waitForFunction(
      () => performance.getEntriesByName('first-contentful-paint').length > 0,
      undefined,
      { timeout: 60_000 }
    )
    return Math.round(
      await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0].startTime)
    )
  } finally {
    await context.close()
  }
}

/** The bytes a URL's body takes with one Accept-Encoding (the server's own choice of twin). */
function bodyBytes(url: string, acceptEncoding: string) {
  return new Promise<{ bytes: number; encoding: string | null }>((resolve, reject) => {
    http
      .get(url, { headers: { 'Accept-Encoding': acceptEncoding }, agent: false }, (res) => {
        let bytes = 0
        res.on('data', (chunk) => (bytes += chunk.length))
        res.on('end', () =>
          resolve({ bytes, encoding: (res.headers['content-encoding'] as string) ?? null })
        )
      })
      .on('error', reject)
  })
}

/**
 * Total bytes of a load's own scripts, as gzip, brotli and plain (each fetched again with that
 * encoding only); `beforePaint` counts only those requested before the first contentful paint.
 */
export async function scriptSizes(load: PageLoad, before: boolean | 'paint' | 'ready' = false) {
  let gzip = 0
  let br = 0
  let plain = 0
  const counted = load.scripts.filter((candidate) =>
    before === 'ready' ? candidate.beforeReady : !before || candidate.beforePaint
  )
  for (const script of counted) {
    gzip += (await bodyBytes(script.url, 'gzip')).bytes
    br += (await bodyBytes(script.url, 'br')).bytes
    plain += (await bodyBytes(script.url, 'identity')).bytes
  }
  return {
    gzipKb: Math.round(gzip / 102.4) / 10,
    brKb: Math.round(br / 102.4) / 10,
    plainKb: Math.round(plain / 102.4) / 10,
  }
}
