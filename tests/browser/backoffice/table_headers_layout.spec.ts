/// <reference lib="dom" />
import { test } from '@japa/runner'
import type { Page } from 'playwright-core'
import { isolateEachTest } from '#tests/helpers/database'
import { screenshot } from '#tests/helpers/browser'
import { adminScreen } from '#tests/helpers/browser_sessions'
import { seedBackofficeData } from '#tests/helpers/backoffice_data'

/**
 * What is wrong with the page's table at its width: headers whose words break over lines ("Email: 5
 * lines") and how many pixels of the table lie beyond its card ("table: 180 px cut"), there to be
 * scrolled to, which at 1280 px reads as cut columns ("Ac").
 */
function tableProblems(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = []
    const table = document.querySelector<HTMLElement>('main table')!
    for (const th of table.querySelectorAll<HTMLElement>('thead th')) {
      const label = th.innerText.trim()
      if (!label) continue
      const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT)
      const tops = new Set<number>()
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange()
        range.selectNodeContents(node)
        for (const rect of range.getClientRects())
          if (rect.width > 0) tops.add(Math.round(rect.top))
      }
      if (tops.size > 1) problems.push(`${label}: ${tops.size} lines`)
    }
    const card = table.closest<HTMLElement>('.MuiCard-root')!
    const beyond = Math.round(
      table.getBoundingClientRect().right - card.getBoundingClientRect().right
    )
    if (beyond > 0) problems.push(`table: ${beyond} px cut`)
    return problems
  })
}

/** At 1280 px the lists' headers are whole words on one line, none cut. */
test.group('Table headers at 1280 px', (group) => {
  isolateEachTest(group)

  test('{screen}: the table fits its card, every column header on one line')
    .with([
      { screen: 'migrations', row: 'migration-row' },
      { screen: 'unmigrated-users', row: 'unmigrated-row' },
    ])
    .run(async ({ assert }, { screen, row }) => {
      await seedBackofficeData()
      const page = await adminScreen(screen, { viewport: { width: 1280, height: 900 } })
      await page.getByTestId(row).first().waitFor()
      await screenshot(page, `headers-${screen}-1280`)
      assert.deepEqual(await tableProblems(page), [])
    })
    .timeout(60_000)
})
