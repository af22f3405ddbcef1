/// <reference lib="dom" />
import { test } from '@japa/runner'
import { isolateEachTest } from '#tests/helpers/database'
import { screenshot } from '#tests/helpers/browser'
import { adminScreen } from '#tests/helpers/browser_sessions'
import { generateSyntheticMembers } from '#database/seed/synthetic_members'

test.group('Unmigrated users: a long list', (group) => {
  isolateEachTest(group)

  test('rows are drawn 100 at a time; select all still takes every listed member', async ({
    assert,
  }) => {
    const { principals } = await generateSyntheticMembers({ count: 400, prefix: 'PAGE', seed: 7 })
    const total = principals + 3 // and the three demo principals who may migrate
    assert.isAbove(total, 100)
    const page = await adminScreen('unmigrated-users', { viewport: { width: 1400, height: 900 } })
    await page.getByTestId('unmigrated-row').first().waitFor()
    assert.equal(await page.getByTestId('unmigrated-row').count(), 100)
    await page.getByTestId('unmigrated-pagination').getByText(`1-100 of ${total}`).waitFor()

    await page.getByRole('button', { name: 'Go to next page' }).click()
    await page
      .getByTestId('unmigrated-pagination')
      .getByText(`101-${Math.min(200, total)} of ${total}`)
      .waitFor()
    // The previous page stays drawn until the next one is (react-admin keeps the former rows while fetching).
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="unmigrated-row"]').length === n,
      Math.min(100, total - 100)
    )
    assert.equal(await page.getByTestId('unmigrated-row').count(), Math.min(100, total - 100))

    await page.getByTestId('select-all').click()
    await page.getByText(`Send Invitations (${total})`).waitFor()
    await screenshot(page, 'ops-unmigrated-paging')
  }).timeout(90000)
})
