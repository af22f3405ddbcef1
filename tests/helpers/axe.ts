/// <reference lib="dom" />
import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from 'playwright-core'

/**
 * Waits (at most 3 s) until no CSS transition or animation runs: a dialog, toast or button caught
 * mid-fade has a lowered opacity, which axe reports as low contrast although nobody reads it so.
 */
export async function transitionsSettled(page: Page) {
  await page
    .waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'), undefined, { timeout: 3000, polling: 100 })
    .catch(() => undefined)
}

/**
 * axe's findings on the page (or the part matched by `include`), as "rule: selector" lines; empty when
 * clean. `iframes: false` leaves out frames: for a sandboxed frame showing user-authored HTML (an email
 * template), where scripts cannot run and axe would wait for it forever.
 */
export async function axeViolations(page: Page, include?: string, options: { iframes?: boolean } = {}): Promise<string[]> {
  const builder = new AxeBuilder({ page: page as any })
  if (include) builder.include(include)
  if (options.iframes === false) builder.options({ iframes: false }).exclude('iframe')
  await transitionsSettled(page)
  const { violations } = await builder.analyze()
  return violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id} (${violation.impact}): ${node.target.join(" ")} ${node.html.slice(0, 160)}`))
}
