/// <reference lib="dom" />
import { test } from '@japa/runner'
import type { Page } from 'playwright-core'
import { isolateEachTest } from '#tests/helpers/database'
import { requestsSettled, screenshot } from '#tests/helpers/browser'
import { adminScreen, goToScreen } from '#tests/helpers/browser_sessions'
import { seedBackofficeData } from '#tests/helpers/backoffice_data'
import { paidSandboxCoverage } from '#tests/helpers/migration_fixtures'
import { censusCsv, writeTmpFile } from '#tests/helpers/census_files'
import { failApi } from '#tests/helpers/route_faults'
import { reopenScreen } from '#tests/helpers/reopen_screen'
import {
  WIDTHS,
  SWEEP_TIMEOUT,
  checkDialog,
  checkScreen,
  noViolations,
  settled,
} from '#tests/helpers/admin_matrix'
import { AdminUser } from '#modules/admins/index'
import { createFulfilmentWorker } from '#modules/fulfilment/index'

/*
| The accessibility matrix of the Finance lists, Import Data, the migration retries and coverage
| cancellation, the Dashboard's chart tables and the Reset two-factor confirmation: the states
| dashboard_charts, finance_lists, finance/cancellation_screens, finance/reconciliation_and_receipts,
| people/import_insight and security/reset_second_factor checked with axe themselves until then.
*/

/** A census file without a Member ID column (the mapping step), one row with an invalid date. */
const HEADERS = ['Policy Holder No', 'Full Name', 'DOB', 'Relationship', 'Person ID', 'Product']
const ROWS = [
  ['MTX-01', 'Matrix Principal', '14.02.1979', 'Principal', 'MTX-P1', 'Matrix Care'],
  ['MTX-09', 'Broken Date', '31.02.1990', 'Principal', 'MTX-P9', 'Matrix Care'],
]

/** The page as it is now checked by both engines, with a screenshot. */
async function checkState(page: Page, assert: any, name: string, width: number) {
  await requestsSettled(page)
  await screenshot(page, `axe-${width}-${name}`)
  await noViolations(page, assert, `${name} at ${width}px`)
}

/** A Finance list whose call fails: its error state (with Retry), not the empty text. */
async function failedList(
  page: Page,
  assert: any,
  path: string,
  api: string,
  message: string,
  width: number
) {
  const restore = await failApi(page, api)
  await reopenScreen(page, path, 'finance/refunds')
  await page.getByTestId('list-error').waitFor()
  assert.include(await page.getByTestId('list-error').innerText(), message)
  await checkState(page, assert, `${path.replace('/', '-')}-error`, width)
  await restore()
}

test.group('Back-office matrix: Finance, Import Data, retries and cancellation', (group) => {
  isolateEachTest(group)
  // A screen sweep: run on one database only (scripts/test-all.sh).
  group.tap((t) => t.tags(['@screens']))

  for (const width of WIDTHS) {
    test(`finance lists, import steps, retry and cancel dialogs, chart tables and the two-factor reset at ${width}px`, async ({
      assert,
    }) => {
      // Paid first: DEMO-1001's completed MIG-T-A of the data set would refuse the payment.
      const coverage = await paidSandboxCoverage()
      await seedBackofficeData()
      await AdminUser.create({
        username: 'second',
        email: 'second@example.test',
        password: 'bob-pass-7100',
        role: 'owner',
      } as any)
      const file = await writeTmpFile('matrix-census.csv', censusCsv(ROWS, { headers: HEADERS }))

      // The Dashboard with its three charts' tables shown (dashboard_charts.spec.ts).
      const page = await adminScreen('dashboard', { viewport: { width, height: 860 } })
      for (const chart of ['chart-status', 'chart-revenue', 'chart-per-day']) {
        await page.getByTestId(chart).getByRole('button', { name: 'Show table' }).click()
        await page.getByTestId(`${chart}-table`).waitFor()
      }
      await settled(page)
      assert.lengthOf(await page.getByTestId('chart-status-table').locator('tbody tr').all(), 7)
      await checkState(page, assert, 'dashboard-chart-tables', width)

      // The Finance lists empty, and failing (finance_lists, cancellation_screens, reconciliation_and_receipts).
      await checkScreen(page, 'finance/dunning', width, assert)
      assert.equal(await page.getByTestId('dunning-empty').innerText(), 'No failed installments')
      await failedList(
        page,
        assert,
        'finance/dunning',
        '/api/admin/finance/dunning',
        'Could not load dunning cases',
        width
      )
      await checkScreen(page, 'finance/refunds', width, assert)
      assert.equal(await page.getByTestId('refunds-empty').innerText(), 'No refunds')
      const restoreDisputes = await failApi(page, '/api/admin/finance/disputes')
      await checkScreen(page, 'finance/disputes', width, assert)
      assert.include(await page.getByTestId('list-error').innerText(), 'Could not load disputes')
      await restoreDisputes()
      await checkScreen(page, 'finance/reconciliation', width, assert)
      assert.equal(
        await page.getByTestId('reconciliation-empty').innerText(),
        'No mismatches: every provider record matches our payments'
      )
      // The ledger export's period picker and links are part of the screen checked above.
      assert.isTrue(await page.getByTestId('ledger-csv').isVisible())
      await failedList(
        page,
        assert,
        'finance/reconciliation',
        '/api/admin/finance/reconciliation',
        'Could not load reconciliation results',
        width
      )

      // Import Data: the screen, the mapping step, View All, the preview, the result (import_insight).
      await checkScreen(page, 'import', width, assert)
      await page.getByTestId('import-file').setInputFiles(file)
      await page.getByTestId('preview-import').click()
      await page.getByTestId('import-mapping').waitFor()
      assert.include(
        await page.getByTestId('import-mapping').textContent(),
        'Missing required column(s): Member ID'
      )
      await checkState(page, assert, 'import-mapping', width)
      await page.getByTestId('import-mapping').getByRole('combobox', { name: 'Member ID' }).click()
      await page.getByRole('option', { name: 'Policy Holder No' }).click()
      await page.getByTestId('preview-mapped').click()
      await page.getByTestId('sample-records').waitFor()
      await checkDialog(
        page,
        page.getByTestId('view-all-records'),
        'import-all-records',
        width,
        assert,
        'Close'
      )
      assert.equal(await page.getByTestId('preview-skipped').textContent(), '1')
      await checkState(page, assert, 'import-preview', width)
      await page.getByTestId('confirm-import').click()
      await page.getByTestId('import-result-counts').waitFor()
      assert.include(await page.getByTestId('import-result-counts').textContent(), 'Skipped: 1')
      await checkState(page, assert, 'import-result', width)

      // The retry confirmation of a migration's row (dashboard_and_migrations' retries).
      await checkScreen(page, 'migrations', width, assert)
      assert.lengthOf(
        await page.getByTestId('migration-row').filter({ hasText: 'MIG-T-A' }).all(),
        1
      )
      await checkDialog(
        page,
        page
          .getByTestId('migration-row')
          .filter({ hasText: 'MIG-T-A' })
          .getByTestId('retry-emails'),
        'migration-retry',
        width,
        assert
      )

      // Cancel coverage: the dialog with its refund worked out, then the cancelled detail with the
      // refund (cancellation_screens). The detail's tables scroll inside their cards: no overflow check.
      await goToScreen(page, `migrations/${coverage.id}`)
      await page.getByTestId('migration-refunds-empty').waitFor()
      await page.getByTestId('cancel-coverage').click()
      const dialog = page.getByRole('dialog', { name: 'Cancel coverage' })
      await page.getByTestId('cancel-refund').waitFor()
      assert.match(
        await page.getByTestId('cancel-refund').innerText(),
        /^Refund: EUR [\d,.]+ of EUR 4,316\.64 paid$/
      )
      await page.getByTestId('cancel-reason').fill('Moved abroad')
      await page.waitForTimeout(400)
      await screenshot(page, `axe-${width}-cancel-coverage`)
      await noViolations(page, assert, `cancel-coverage at ${width}px`, '[role="dialog"]')
      const box = (await dialog.boundingBox())!
      assert.isAtMost(box.x + box.width, width, `cancel-coverage fits the window at ${width}px`)
      await page.getByTestId('cancel-coverage-dialog-submit').click()
      await dialog.waitFor({ state: 'detached' })
      await createFulfilmentWorker().drain()
      await page.getByTestId('migration-refund-row').waitFor({ timeout: 15_000 })
      assert.include(await page.getByTestId('cancellation-summary').innerText(), 'Moved abroad')
      await checkState(page, assert, 'migration-cancelled', width)

      // Reset two-factor's confirmation on another Owner's row (reset_second_factor).
      await checkScreen(page, 'admins', width, assert)
      const rows = page.getByTestId('admins-table').locator('tbody tr')
      assert.equal(
        await rows.filter({ hasText: 'admin@example.com' }).getByTestId('reset-two-factor').count(),
        0
      )
      await checkDialog(
        page,
        rows.filter({ hasText: 'second@example.test' }).getByTestId('reset-two-factor'),
        'admin-reset-two-factor',
        width,
        assert
      )
    }).timeout(SWEEP_TIMEOUT)
  }
})
