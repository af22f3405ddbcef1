/// <reference lib="dom" />
import { test } from '@japa/runner'
import type { Page } from 'playwright-core'
import { isolateEachTest } from '#tests/helpers/database'
import { newPage, screenshot } from '#tests/helpers/browser'
import { axeViolations, sidewaysOverflow } from '#tests/helpers/page_checks'
import { htmlcsErrors } from '#tests/helpers/htmlcs'
import { productWithPartialLastQuarter, tourTheShop } from './shop_tour.js'
import { SHOP_MATRIX } from './shop_matrix.js'

/** The phone the tour is taken on, then every width each screen is checked at. */
const TOUR_WIDTH = 390
const WIDTHS = [390, 360, 768, 1280, 1440]
const AXE_WIDTHS = [390, 1280]

/** The window at `width`, once the page has laid itself out again (media queries answer on resize). */
async function resizeTo(page: Page, width: number) {
  await page.setViewportSize({ width, height: 860 })
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
  )
}

test.group('Shop layout and accessibility', (group) => {
  isolateEachTest(group)
  // A screen sweep: run on one database only (scripts/test-all.sh).
  group.tap((t) => t.tags(['@screens']))

  // One tour of the shop on a phone; each screen is then checked at every width by resizing the window
  // (a tour per width took five times as long for the same screens).
  test(`at ${WIDTHS.join(', ')} px no page and no box scrolls sideways, and axe and HTML_CodeSniffer find nothing at ${AXE_WIDTHS.join(' and ')} px`, async ({
    assert,
    cleanup,
  }) => {
    await productWithPartialLastQuarter()
    const { context, page } = await newPage({ viewport: { width: TOUR_WIDTH, height: 860 } })
    cleanup(() => context.close())
    const visited: string[] = []
    // One assertion per state, width and check (the behaviour tests' own axe runs are these now).
    const none = (lines: string[], what: string) =>
      assert.deepEqual(lines, [], `${what}: ${lines.join('; ')}`)
    await tourTheShop(page, async (name) => {
      visited.push(name)
      for (const width of WIDTHS) {
        await resizeTo(page, width)
        none(await sidewaysOverflow(page), `${name} at ${width} px: sideways`)
        if (AXE_WIDTHS.includes(width)) {
          none(await axeViolations(page), `${name} at ${width} px: axe`)
          none(await htmlcsErrors(page), `${name} at ${width} px: htmlcs`)
          await screenshot(page, `shop-${width}-${name}`)
        }
      }
      await resizeTo(page, TOUR_WIDTH)
    })
    // The tour stops at every state of the matrix, in its order (shop_matrix.ts).
    assert.deepEqual(
      visited,
      SHOP_MATRIX.map((entry) => entry.state)
    )
  }).timeout(240_000)
})
