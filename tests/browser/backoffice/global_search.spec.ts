/// <reference lib="dom" />
import { test } from '@japa/runner'
import type { Page } from 'playwright-core'
import { isolateEachTest } from '#tests/helpers/database'
import { screenshot } from '#tests/helpers/browser'
import { adminScreen } from '#tests/helpers/browser_sessions'
import { searchableRecords } from '#tests/helpers/search_data'

/** The search box: in the app bar from 600 px, behind the Search icon button on a phone. */
async function searchBox(page: Page, width: number) {
  if (width < 600) await page.getByTestId('global-search-open').click()
  const input = page.getByRole('combobox', {
    name: 'Search members, migrations, payments and notes',
  })
  await input.waitFor()
  return input
}

// axe and HTML_CodeSniffer on the results, no results and loading: matrix_content.spec.ts.
test.group('Back-office: the app bar search', (group) => {
  isolateEachTest(group)

  for (const width of [390, 1280]) {
    test(`typed, Arrow Down, Enter opens the record at ${width}px; Escape closes the results`, async ({
      assert,
    }) => {
      const { memberId, migrationId } = await searchableRecords()
      const page = await adminScreen('dashboard', { viewport: { width, height: 860 } })

      let input = await searchBox(page, width)
      await input.fill('mig-srch-70')
      const option = page.getByTestId(`global-search-migration-${migrationId}`)
      await option.waitFor()
      assert.equal(await input.getAttribute('aria-expanded'), 'true')
      await input.press('ArrowDown')
      assert.equal(await option.getAttribute('aria-selected'), 'true')
      assert.equal(
        await input.getAttribute('aria-activedescendant'),
        await option.getAttribute('id')
      )
      await screenshot(page, `global-search-results-${width}`)
      await input.press('Enter')
      await page.waitForURL(`**/admin/migrations/${migrationId}`)
      await page
        .getByRole('heading', { name: /MIG-SRCH-7001/ })
        .first()
        .waitFor()

      input = await searchBox(page, width)
      await input.fill('zoe quell')
      await page.getByTestId(`global-search-member-${memberId}`).waitFor()
      await input.press('Escape')
      await page.getByRole('listbox', { name: 'Search results' }).waitFor({ state: 'detached' })
      assert.equal(await input.getAttribute('aria-expanded'), 'false')
      // On a phone the search dialog stays open after Escape closed its results.
      await input.fill('zoe quellm')
      await page.getByTestId(`global-search-member-${memberId}`).waitFor()
      await input.press('ArrowDown')
      await input.press('Enter')
      const details = page.getByTestId('member-details')
      await details.waitFor()
      assert.include(await details.innerText(), 'SRCH-7001')
      assert.match(page.url(), new RegExp(`/admin/members\\?.*show=${memberId}`))
    }).timeout(120_000)
  }
})
