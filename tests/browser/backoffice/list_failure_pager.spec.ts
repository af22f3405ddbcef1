/// <reference lib="dom" />
import { test } from '@japa/runner'
import { isolateEachTest } from '#tests/helpers/database'
import { screenshot } from '#tests/helpers/browser'
import { adminScreen } from '#tests/helpers/browser_sessions'
import { seedBackofficeData } from '#tests/helpers/backoffice_data'
import { failApi } from '#tests/helpers/route_faults'

/** react-admin's pager text, e.g. "1-50 of 50". */
const PAGER_TEXT = /\d+\s*[-–]\s*\d+ of \d+/

/** A list that could not be loaded shows its error and no pager (CardList). */
test.group('Failed list without a pager', (group) => {
  isolateEachTest(group)

  test('Migrations: a failed reload after rows were shown leaves no "1-N of N" under the error', async ({
    assert,
  }) => {
    await seedBackofficeData()
    const page = await adminScreen('migrations', { viewport: { width: 1280, height: 900 } })
    await page.getByTestId('migration-row').first().waitFor()
    assert.match(await page.locator('.RaList-main').innerText(), PAGER_TEXT)
    await failApi(page, '/api/admin/migrations')
    // Another order asks the API again: that answer fails.
    await page.getByRole('button', { name: 'Amount' }).click()
    await page.getByTestId('list-error').waitFor()
    await screenshot(page, 'migrations-failed-reload')
    assert.notMatch(await page.locator('.RaList-main').innerText(), PAGER_TEXT)
  }).timeout(60_000)
})
