/// <reference lib="dom" />
/*
| The back-office accessibility matrix's checks (tests/browser/backoffice/admin_axe_widths.spec.ts and
| the matrix_*.spec.ts beside it): each screen or dialog state loaded once at 390 and 1280 px, axe and
| HTML_CodeSniffer run on the same load, the page never scrolls sideways. Behaviour tests run none of
| them (docs/developing.md, "Writing a fast browser test").
*/
import type { Locator, Page } from 'playwright-core'
import { requestsSettled, screenshot } from '#tests/helpers/browser'
import { goToScreen, screenPath } from '#tests/helpers/browser_sessions'
import { axeViolations, transitionsSettled } from '#tests/helpers/axe'
import { htmlcsErrors } from '#tests/helpers/htmlcs'

export const WIDTHS = [390, 1280]

/** axe's and HTML_CodeSniffer's findings on the page or a part of it, listed in the failure message. */
export async function noViolations(page: Page, assert: any, label: string, include?: string) {
  const found = [
    ...(await axeViolations(page, include)),
    ...(await htmlcsErrors(page, include)).map((line) => `htmlcs ${line}`),
  ]
  assert.deepEqual(found, [], `${label}:\n${found.join('\n')}`)
}

/**
 * A screen settled: its heading shown, no request in flight (its chunk and its calls answered and
 * drawn), transitions over. No fixed pause: idle time in a browser job leaves a core unused in the
 * test command (scripts/run_tests.mjs runs two jobs on two cores).
 */
export async function settled(page: Page) {
  await page.getByRole('heading', { level: 1 }).first().waitFor()
  await requestsSettled(page)
  await transitionsSettled(page)
}

/**
 * Waits for a heading the previous screen did not have. A screen that React draws into the same
 * element (the same component at the same place) keeps its marked heading: after 10 s the check goes
 * on with the heading there, as settled() does.
 */
async function newHeading(page: Page) {
  await page
    .locator('h1:not([data-screen-left])')
    .first()
    .waitFor({ timeout: 10_000 })
    .catch(() => undefined)
}

/** Nothing wider than the window: the page itself never scrolls sideways (tables scroll inside their card). */
export async function pageOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
}

/** axe on a dialog once its opening transition is over; a screenshot of it; then closes it. */
export async function checkDialog(
  page: Page,
  open: Locator,
  name: string,
  width: number,
  assert: any,
  close = 'Cancel'
) {
  await open.click()
  const dialog = page.getByRole('dialog')
  await dialog.waitFor()
  await requestsSettled(page)
  await transitionsSettled(page)
  await screenshot(page, `axe-${width}-${name}`)
  await noViolations(page, assert, `${name} at ${width}px`, '[role="dialog"]')
  const box = (await dialog.boundingBox())!
  assert.isAtMost(box.x + box.width, width, `${name} fits the window at ${width}px`)
  await dialog.getByRole('button', { name: close, exact: true }).click()
  await dialog.waitFor({ state: 'detached' })
}

/** Moves to a back-office screen on the same page and checks it with axe and HTML_CodeSniffer. */
export async function checkScreen(page: Page, path: string, width: number, assert: any) {
  // The screen left behind keeps its heading until React draws the next one (a lazy screen's chunk
  // loads first): marked, so the wait below is for the new screen's heading. Without it axe once ran
  // on the empty frame between the two (landmark-one-main on <html>, two-factor at 390 px).
  // A screen already shown (the first check after adminScreen) keeps its heading: nothing marked.
  await page.evaluate((to) => {
    if (location.pathname + location.search === to) return
    document.querySelectorAll('h1').forEach((h) => h.setAttribute('data-screen-left', ''))
  }, screenPath(path))
  // Moved to as the app's links move (no reload of the bundle): each state is loaded once.
  await goToScreen(page, path)
  await newHeading(page)
  await settled(page)
  await screenshot(page, `axe-${width}-${path.replace(/\//g, '-')}`)
  await noViolations(page, assert, `${path} at ${width}px`)
  assert.isAtMost(await pageOverflow(page), 0, `${path} does not scroll sideways at ${width}px`)
}

/**
 * Each sweep visits several screens and runs axe on each: about a minute alone, up to three when the
 * test command's other processes share the two cores (scripts/run_tests.mjs).
 */
export const SWEEP_TIMEOUT = 240_000
