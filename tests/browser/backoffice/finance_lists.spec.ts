/// <reference lib="dom" />
import { test } from '@japa/runner'
import { isolateEachTest } from '#tests/helpers/database'
import { newPage, screenshot } from '#tests/helpers/browser'
import { loginAsAdmin } from '#tests/helpers/browser_sessions'
import { axeViolations } from '#tests/helpers/axe'
import { failApi, holdApi } from '#tests/helpers/route_faults'

const LIST_API = '/api/admin/finance/dunning'

test.group('Back-office: the Finance area', (group) => {
  isolateEachTest(group)

  for (const width of [390, 1280]) {
    test(`the dunning list shows its loading, empty and error states, axe clean at ${width}px`, async ({
      assert,
      cleanup,
    }) => {
      const { context, page } = await newPage({ viewport: { width, height: 860 } })
      cleanup(() => context.close())
      await loginAsAdmin(page)

      // Reached from the sidebar entry after Subscriptions (the menu button opens it on a phone).
      const release = await holdApi(page, LIST_API)
      await page.goto('/admin/finance/dunning')
      await page.getByTestId('list-loading').waitFor()
      assert.equal(
        await page.getByTestId('dunning-empty').count(),
        0,
        'no empty text while loading'
      )
      release()
      await page.getByTestId('dunning-empty').waitFor()
      assert.equal(await page.getByTestId('dunning-empty').innerText(), 'No failed installments')
      await page.waitForLoadState('networkidle')
      await page.waitForTimeout(400)
      await screenshot(page, `finance-dunning-empty-${width}`)
      const emptyFindings = await axeViolations(page)
      assert.deepEqual(emptyFindings, [], emptyFindings.join('\n'))
      assert.isAtMost(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        0
      )

      const restore = await failApi(page, LIST_API)
      await page.reload()
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
      await page.waitForTimeout(400)
      await screenshot(page, `finance-dunning-error-${width}`)
      const errorFindings = await axeViolations(page)
      assert.deepEqual(errorFindings, [], errorFindings.join('\n'))
      await restore()
      await page.getByTestId('list-retry').click()
      await page.getByTestId('dunning-empty').waitFor()
    }).timeout(120_000)
  }

  test('the sidebar lists Finance right after Subscriptions and opens the dunning list', async ({
    assert,
    cleanup,
  }) => {
    const { context, page } = await newPage({ viewport: { width: 1280, height: 860 } })
    cleanup(() => context.close())
    await loginAsAdmin(page)
    const entries = await page.getByTestId('admin-sidebar').getByRole('menuitem').allInnerTexts()
    const at = entries.map((text) => text.trim()).indexOf('Subscriptions')
    assert.equal(entries[at + 1]?.trim(), 'Finance')
    await page.getByTestId('admin-sidebar').getByRole('menuitem', { name: 'Finance' }).click()
    await page.waitForURL('**/admin/finance/dunning')
    await page.getByTestId('dunning-empty').waitFor()
  }).timeout(60_000)
})
