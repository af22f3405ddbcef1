/// <reference lib="dom" />
import { test } from '@japa/runner'
import { isolateEachTest } from '#tests/helpers/database'
import { adminScreen } from '#tests/helpers/browser_sessions'

/** The Dashboard writes its counts as Members does, "100,010" (common/format formatCount). */
test.group('Dashboard counts with grouping', (group) => {
  isolateEachTest(group)

  test('counts of 100,000 members and more are written with thousands separators', async ({
    assert,
  }) => {
    // The server's answer, with the figures of a large portal (seeding 100,000 members would take minutes),
    // routed before the Dashboard's first call.
    const page = await adminScreen('dashboard', {
      viewport: { width: 1280, height: 900 },
      before: (opened) =>
        opened.route('**/api/admin/dashboard-stats', async (route) => {
          const answer = await (await route.fetch()).json()
          Object.assign(answer.members, { total: 100010, principals: 32609, unmigrated: 12345 })
          answer.migrations.total = 4321
          await route.fulfill({ json: answer })
        }),
    })
    await page.getByTestId('tile-members').waitFor()
    assert.equal(await page.getByTestId('tile-members').textContent(), '100,010')
    assert.include(
      await page.getByTestId('tile-members').locator('xpath=..').textContent(),
      '32,609 principals'
    )
    assert.equal(await page.getByTestId('tile-unmigrated-count').textContent(), '12,345')
    assert.equal(await page.getByTestId('tile-migrations').textContent(), '4,321')
  }).timeout(60_000)
})
