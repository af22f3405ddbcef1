/// <reference lib="dom" />
/*
| The accessibility matrix of Subscriptions and Unmigrated Users (with its three dialogs): the states
| subscription_and_unmigrated_lists.spec.ts checked with axe, each loaded once at 390 and 1280 px.
| The lists' sidebars (saved views, filters; saved_views.spec.ts): open with a saved view active,
| the save dialog, and the Members bulk actions with their Block dialog.
*/
import { test } from '@japa/runner'
import { isolateEachTest } from '#tests/helpers/database'
import { screenshot } from '#tests/helpers/browser'
import { adminScreen, goToScreen } from '#tests/helpers/browser_sessions'
import { seedBackofficeData } from '#tests/helpers/backoffice_data'
import {
  SWEEP_TIMEOUT,
  WIDTHS,
  checkDialog,
  checkScreen,
  noViolations,
} from '#tests/helpers/admin_matrix'
import { holdApi } from '#tests/helpers/route_faults'
import { seedWithdrawnCheckout } from './withdrawn_checkout.js'
import { openSidebar } from './list_sidebar.js'

test.group('Accessibility matrix: Subscriptions and Unmigrated Users', (group) => {
  isolateEachTest(group)
  group.tap((t) => t.tags(['@screens']))

  for (const width of WIDTHS) {
    test(`subscriptions (expanded row, early cancellations), unmigrated users and their dialogs at ${width}px`, async ({
      assert,
    }) => {
      // The demo seed alone: three principals may migrate (Unmigrated Users before the data set migrates DEMO-1001).
      const page = await adminScreen('dashboard', { viewport: { width, height: 900 } })
      await checkScreen(page, 'unmigrated-users', width, assert)
      await page.getByTestId('unmigrated-row').nth(2).waitFor()
      assert.equal(await page.getByTestId('unmigrated-count').textContent(), '3 users')
      await checkDialog(
        page,
        page.getByTestId('generate-all-links'),
        'unmigrated-generate-links',
        width,
        assert
      )
      await page.getByTestId('generate-all-links').click()
      await page.getByTestId('confirm-dialog').locator('.ra-confirm').click()
      await page.getByText('Generated 2 secure tokens (expires in 14 days)!').waitFor()
      assert.lengthOf(
        await page.getByTestId('secure-link').all(),
        2,
        'the blocked member gets none'
      )
      await page.getByTestId('confirm-dialog').waitFor({ state: 'detached' })
      // A link from an earlier visit of the screen (the screen keeps issued links only while shown): copying asks first.
      await goToScreen(page, 'dashboard')
      await goToScreen(page, 'unmigrated-users')
      const anna = page.locator('[data-testid="unmigrated-row"][data-member-id="DEMO-1001"]')
      await anna.getByText(/^Link valid until/).waitFor()
      await checkDialog(
        page,
        anna.getByTestId('copy-link'),
        'unmigrated-replace-link',
        width,
        assert
      )
      assert.equal(
        await page.getByTestId('secure-link').count(),
        0,
        'links of the earlier visit are not shown'
      )
      await page.getByTestId('select-all').click()
      assert.equal(await page.getByTestId('send-invitations').textContent(), 'Send Invitations (3)')
      await checkDialog(
        page,
        page.getByTestId('send-invitations'),
        'unmigrated-send-invitations',
        width,
        assert
      )

      await seedBackofficeData()
      await seedWithdrawnCheckout()

      await checkScreen(page, 'subscriptions', width, assert)
      assert.equal(await page.getByTestId('subscription-row').count(), 5)
      await page
        .getByTestId('subscription-row')
        .filter({ hasText: 'MIG-T-A' })
        .getByTestId('expand-subscription')
        .click()
      await page.getByTestId('payment-history').waitFor()
      assert.lengthOf(await page.getByTestId('payment-history').locator('tbody tr').all(), 2)
      await page.waitForTimeout(400) // the row's expand animation
      await noViolations(page, assert, `expanded subscription at ${width}px`)
      await screenshot(page, `axe-${width}-subscriptions-expanded`)
      await page.getByTestId('tab-early').click()
      await page.getByTestId('mark-reviewed').waitFor()
      assert.equal(await page.getByTestId('mark-reviewed').count(), 1)
      await noViolations(page, assert, `early cancellations at ${width}px`)
      // An export in progress: its named bar and status line (list_export.spec.ts clicks one through).
      const release = await holdApi(page, '/api/admin/subscriptions-export')
      await page.getByTestId('list-export-csv').first().click()
      await page.getByRole('progressbar', { name: 'Exporting subscriptions' }).waitFor()
      await noViolations(page, assert, `an export in progress at ${width}px`)
      release()
      await page.getByText('CSV exported successfully!').waitFor()
    }).timeout(SWEEP_TIMEOUT)
  }

  for (const width of WIDTHS) {
    test(`list sidebars (saved views, filters), the save dialog and the Members bulk actions at ${width}px`, async ({
      assert,
    }) => {
      await seedBackofficeData()
      const page = await adminScreen('dashboard', { viewport: { width, height: 900 } })
      await checkScreen(page, 'migrations', width, assert)
      await openSidebar(page)
      await page
        .getByTestId('sidebar-status')
        .getByRole('button', { name: 'Failed', exact: true })
        .click()
      await page.waitForURL((url) => url.search.includes('failed'))
      await checkDialog(page, page.getByTestId('save-view'), 'save-view', width, assert)
      await page.getByTestId('save-view').click()
      await page.getByTestId('save-view-name').fill('Failed ones')
      await page.getByTestId('save-view-dialog-submit').click()
      await page.getByTestId('save-view-dialog').waitFor({ state: 'detached' })
      await page.getByTestId('saved-view').filter({ hasText: 'Failed ones' }).waitFor()
      // The pointer, left on the dialog's Save button, hovers what the closed dialog uncovered (a
      // tooltip then lies over the list): where a fresh page has it.
      await page.mouse.move(0, 0)
      await page.waitForTimeout(400) // the toast's entrance, the tooltip's exit
      await noViolations(page, assert, `migrations sidebar with a saved view at ${width}px`)
      await screenshot(page, `axe-${width}-migrations-sidebar`)
      assert.isAtMost(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        0,
        'the sidebar does not widen the page'
      )

      await checkScreen(page, 'members', width, assert)
      await openSidebar(page)
      const rows = page.locator('tbody [data-testid^="member-row-"]')
      await rows.nth(1).waitFor()
      await rows.nth(0).getByRole('checkbox').check()
      await rows.nth(1).getByRole('checkbox').check()
      await page.getByTestId('bulk-block').waitFor()
      await page.waitForTimeout(400) // the bulk toolbar's entrance
      await noViolations(page, assert, `members sidebar and bulk actions at ${width}px`)
      await screenshot(page, `axe-${width}-members-bulk`)
      await checkDialog(page, page.getByTestId('bulk-block'), 'members-bulk-block', width, assert)

      await checkScreen(page, 'settings/audit-log', width, assert)
      await openSidebar(page)
      await noViolations(page, assert, `audit log sidebar at ${width}px`)
    }).timeout(SWEEP_TIMEOUT)
  }
})
