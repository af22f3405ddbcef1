/// <reference lib="dom" />
import { AxeBuilder } from '@axe-core/playwright'
import axe from 'axe-core'
import type { Frame, Page } from 'playwright-core'

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
 * Puts axe-core in the frame unless this document already has it. No timeout: one dropped frames
 * that were only slow to take axe's 550 KB on a busy machine, and their violations went unreported.
 */
async function injectAxe(frame: Frame) {
  try {
    const present = await frame.evaluate('Boolean(window.axe && window.axe.run)')
    if (!present) await frame.evaluate(axe.source)
  } catch (error) {
    // A frame navigated or detached meanwhile is left out, as @axe-core/playwright leaves it.
    if (frame === frame.page().mainFrame()) throw error
  }
}

/**
 * An AxeBuilder that puts axe-core in each document once and runs it in the page (legacy mode),
 * collecting violations only. @axe-core/playwright evaluates axe's 550 KB source twice per analyze
 * (the page, then every frame): ~0.5 s of Chromium's CPU a call, a few hundred calls a test run.
 * Here the source goes in once per document and the builder's own injection is a no-op. Legacy
 * mode: the default (runPartial, then finishRun in a new blank page fed every result as JSON) took 5
 * to 10 times as long on a back-office screen, with the same findings (our frames are same-origin
 * or left out).
 */
class InjectOnceAxeBuilder extends AxeBuilder {
  constructor(
    private readonly target: Page,
    private readonly withFrames: boolean
  ) {
    super({ page: target as any, axeSource: 'void 0' })
  }

  override async analyze() {
    const frames = this.withFrames ? this.target.frames() : [this.target.mainFrame()]
    for (const frame of frames) await injectAxe(frame)
    return super.analyze()
  }
}

export function axeBuilder(page: Page, options: { iframes?: boolean } = {}) {
  return new InjectOnceAxeBuilder(page, options.iframes !== false).setLegacyMode().options({
    resultTypes: ['violations'],
    ...(options.iframes === false ? { iframes: false } : {}),
  })
}

/**
 * axe's findings on the page (or the part matched by `include`), as "rule: selector" lines; empty when
 * clean. `iframes: false` leaves out frames: for a sandboxed frame showing user-authored HTML (an email
 * template), which is the administrator's content, not the back-office's UI.
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
