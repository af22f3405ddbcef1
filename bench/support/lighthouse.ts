/**
 * One Lighthouse run (the installed devDependency) on Lighthouse's default mobile profile (a
 * Moto G Power's screen, simulated slow 4G and 4× CPU slowdown), performance category only, in
 * Debian's Chromium, signed in through `cookie` (sent as an extra header on every request).
 */
import { launch } from 'chrome-launcher'
import lighthouse from 'lighthouse'

export interface LighthouseResult {
  score: number
  lcpMs: number
  fcpMs: number
  tbtMs: number
  cls: number
  requests: number
}

export async function runLighthouse(url: string, cookie?: string): Promise<LighthouseResult> {
  const chrome = await launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  })
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      extraHeaders: cookie ? { Cookie: cookie } : undefined,
    })
    const lhr = result!.lhr
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
    const requests = (lhr.audits['network-requests']?.details as { items?: unknown[] } | undefined)
      ?.items?.length
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      lcpMs: Math.round(audit('largest-contentful-paint')),
      fcpMs: Math.round(audit('first-contentful-paint')),
      tbtMs: Math.round(audit('total-blocking-time')),
      cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
      requests: requests ?? 0,
    }
  } finally {
    chrome.kill()
  }
}
