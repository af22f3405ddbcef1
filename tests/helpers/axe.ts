/// <reference lib="dom" />
import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from 'playwright-core'

/**
 * Waits (at most 3 s) until no CSS transition or animation runs: a dialog, toast or button caught
 * mid-fade has a lowered opacity, which axe reports as low contrast although nobody reads it so.
 */
export async function transitionsSettled(page: Page) {
  await page
    .waitForFunction(
      () => document.getAnimations().every((animation) => animation.playState !== 'running'),
      undefined,
      { timeout: 3000, polling: 100 }
    )
    .catch(() => undefined)
}

/**
 * An AxeBuilder that runs axe once in the page and collects violations only. Its default (axe's
 * runPartial, then finishRun in a new blank page fed every pass and every node as JSON) took 5 to 10
 * times as long on a back-office screen, and the browser tests run axe a few hundred times: the
 * findings are the same (our pages' frames are same-origin or left out).
 */
export function axeBuilder(page: Page, options: { iframes?: boolean } = {}) {
  return new AxeBuilder({ page: page as any }).setLegacyMode().options({
    resultTypes: ['violations'],
    ...(options.iframes === false ? { iframes: false } : {}),
  })
}

/**
 * axe's findings on the page (or the part matched by `include`), as "rule: selector" lines; empty when
 * clean. `iframes: false` leaves out frames: for a sandboxed frame showing user-authored HTML (an email
 * template), where scripts cannot run and axe would wait for it forever.
 */
export async function axeViolations(
  page: Page,
  include?: string,
  options: { iframes?: boolean } = {}
): Promise<string[]> {
  const builder = axeBuilder(page, options)
  if (include) builder.include(include)
  if (options.iframes === false) builder.exclude('iframe')
  await transitionsSettled(page)
  const { violations } = await builder.analyze()
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact}): ${node.target.join(' ')} ${node.html.slice(0, 160)}`
    )
  )
}
