import type { Page, Route } from 'playwright-core'

/** Makes every call to an API path fail (HTTP 500 with the server's error shape) until the returned function is called. */
export async function failApi(page: Page, path: string) {
  const matches = (url: URL) => url.pathname === path
  const handler = (route: Route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, error: 'Internal server error' }),
    })
  await page.route(matches, handler)
  return () => page.unroute(matches, handler)
}

/** Holds every call to an API path until the returned function is called (a slow API). */
export async function holdApi(page: Page, path: string) {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      await held
      await route.continue()
    }
  )
  return release
}
