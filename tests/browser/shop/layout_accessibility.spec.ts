/// <reference lib="dom" />
import { test } from '@japa/runner'
import { isolateEachTest } from '#tests/helpers/database'
import { newPage, screenshot } from '#tests/helpers/browser'
import { axeViolations, sidewaysOverflow } from '#tests/helpers/page_checks'
import { productWithPartialLastQuarter, tourTheShop } from './shop_tour.js'

test.group('Shop layout and accessibility (issue 13)', (group) => {
  isolateEachTest(group)
  // A screen sweep: run on one database only (scripts/test-all.sh).
  group.tap((t) => t.tags(['@screens']))

  for (const width of [360, 390, 768, 1280, 1440]) {
    test(`at ${width} px no page and no box scrolls sideways${[390, 1280].includes(width) ? ', and axe finds nothing' : ''}`, async ({ assert, cleanup }) => {
      await productWithPartialLastQuarter()
      const { context, page } = await newPage({ viewport: { width, height: 860 } })
      cleanup(() => context.close())
      const problems: string[] = []
      await tourTheShop(page, async (name) => {
        problems.push(...(await sidewaysOverflow(page)).map((line) => `${name}: ${line}`))
        if ([390, 1280].includes(width)) {
          problems.push(...(await axeViolations(page)).map((line) => `${name}: axe ${line}`))
          await screenshot(page, `shop-${width}-${name}`)
        }
      })
      assert.deepEqual(problems, [])
    }).timeout(180000)
  }
})
