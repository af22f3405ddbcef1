/// <reference lib="dom" />
import { test } from '@japa/runner'
import { isolateEachTest } from '#tests/helpers/database'
import { screenshot } from '#tests/helpers/browser'
import { adminScreen } from '#tests/helpers/browser_sessions'
import { failApi, holdApi } from '#tests/helpers/route_faults'
import { reopenScreen } from '#tests/helpers/reopen_screen'

const LIST_API = '/api/admin/finance/dunning'

test.group('Back-office: the Finance area', (group) => {
  isolateEachTest(group)

  // axe and HTML_CodeSniffer on the empty and the failed list: matrix_finance.spec.ts.
  for (const width of [390, 1280]) {
    test(`the dunning list shows its loading, empty and error states at ${width}px`, async ({
      assert,
    }) => {
      let release = () => {}
      const page = await adminScreen('finance/dunning', {
        viewport: { width, height: 860 },
        before: async (opened) => (release = await holdApi(opened, LIST_API)),
      })
      await page.getByTestId('list-loading').waitFor()
      assert.equal(
        await page.getByTestId('dunning-empty').count(),
        0,
        'no empty text while loading'
      )
      release()
      await page.getByTestId('dunning-empty').waitFor()
      assert.equal(await page.getByTestId('dunning-empty').innerText(), 'No failed installments')
      await screenshot(page, `finance-dunning-empty-${width}`)
      assert.isAtMost(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        0
      )

      const restore = await failApi(page, LIST_API)
      await reopenScreen(page, 'finance/dunning', 'finance/refunds')
      await page.getByTestId('list-error').waitFor()
      assert.include(
        await page.getByTestId('list-error').innerText(),
        'Could not load dunning cases'
      )
      assert.equal(
        await page.getByTestId('dunning-empty').count(),
        0,
        'an error is not shown as an empty list'
      )
      await screenshot(page, `finance-dunning-error-${width}`)
      await restore()
      await page.getByTestId('list-retry').click()
      await page.getByTestId('dunning-empty').waitFor()
    }).timeout(120_000)
  }

  test('the sidebar lists Finance right after Subscriptions and opens the dunning list', async ({
    assert,
  }) => {
    const page = await adminScreen('currencies', { viewport: { width: 1280, height: 860 } })
    const entries = await page.getByTestId('admin-sidebar').getByRole('menuitem').allInnerTexts()
    const at = entries.map((text) => text.trim()).indexOf('Subscriptions')
    assert.equal(entries[at + 1]?.trim(), 'Finance')
    await page.getByTestId('admin-sidebar').getByRole('menuitem', { name: 'Finance' }).click()
    await page.waitForURL('**/admin/finance/dunning')
    await page.getByTestId('dunning-empty').waitFor()
  }).timeout(60_000)
})
