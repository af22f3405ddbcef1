/// <reference lib="dom" />
import type { Page } from 'playwright-core'
import { goToScreen } from './browser_sessions.js'

/**
 * Opens a back-office screen again as a first visit (or a reload) does, without reloading the bundle:
 * over to the screen `via`, react-admin's query cache emptied (`window.__adminQueryClient`,
 * AdminApp.tsx), back to `path`: its calls are made anew and nothing cached is drawn meanwhile.
 * A test about the reload itself reloads.
 */
export async function reopenScreen(page: Page, path: string, via: string) {
  await goToScreen(page, via)
  await page.evaluate(() =>
    (window as { __adminQueryClient?: { clear(): void } }).__adminQueryClient?.clear()
  )
  await goToScreen(page, path)
}
