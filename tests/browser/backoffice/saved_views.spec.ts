/// <reference lib="dom" />
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { isolateEachTest } from '#tests/helpers/database'
import { newPage, screenshot } from '#tests/helpers/browser'
import { adminScreen, loginAsAdmin } from '#tests/helpers/browser_sessions'
import { seedBackofficeData } from '#tests/helpers/backoffice_data'
import { openSidebar } from './list_sidebar.js'

// axe and HTML_CodeSniffer on the sidebar, the save dialog and the bulk actions: matrix_lists.spec.ts.
test.group('Back-office lists: saved views and server sorts', (group) => {
  isolateEachTest(group)

  test('a view saved in one browser is listed in another, and opening it shows its rows', async ({
    assert,
    cleanup,
  }) => {
    await seedBackofficeData()
    const page = await adminScreen('migrations')
    await page.getByTestId('migration-row').first().waitFor()
    await openSidebar(page)
    await page
      .getByTestId('sidebar-status')
      .getByRole('button', { name: 'Failed', exact: true })
      .click()
    await page.waitForURL((url) => url.search.includes('failed'))
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="migration-row"]').length === 2
    )
    await page.getByTestId('save-view').click()
    await page.getByTestId('save-view-name').fill('Failed ones')
    await page.getByTestId('save-view-dialog-submit').click()
    await page.getByTestId('save-view-dialog').waitFor({ state: 'detached' })
    const saved = page.getByTestId('saved-view').filter({ hasText: 'Failed ones' })
    await saved.waitFor()
    assert.equal(
      await saved
        .getByRole('button', { name: 'Failed ones', exact: true })
        .getAttribute('aria-pressed'),
      'true'
    )

    // Another device: its own browser context, signed in as the same administrator.
    const other = await newPage({ viewport: { width: 1280, height: 800 } })
    cleanup(() => other.context.close())
    await loginAsAdmin(other.page, '/admin/migrations')
    await other.page.getByTestId('migration-row').first().waitFor()
    assert.isAbove(await other.page.getByTestId('migration-row').count(), 2)
    await openSidebar(other.page)
    const there = other.page.getByTestId('saved-view').filter({ hasText: 'Failed ones' })
    await there.getByRole('button', { name: 'Failed ones', exact: true }).click()
    await other.page.waitForURL((url) => url.search.includes('failed'))
    await other.page.waitForFunction(
      () => document.querySelectorAll('[data-testid="migration-row"]').length === 2
    )
    await screenshot(other.page, 'saved-view-second-browser')
    const statuses = await other.page.getByTestId('migration-status').allTextContents()
    assert.deepEqual(
      statuses.map((text) => text.trim()),
      ['failed', 'failed']
    )
  })

  test('a column header click sorts the Members list on the server, across its pages', async ({
    assert,
  }) => {
    const page = await adminScreen('members')
    await page.locator('[data-testid^="member-row-"]').first().waitFor()
    const sortRequest = page.waitForRequest(
      (request) =>
        request.url().includes('/api/admin/members?') &&
        request.url().includes('sort=insured_full_name') &&
        request.url().includes('direction=desc')
    )
    const header = page.getByRole('columnheader', { name: 'Name' }).getByRole('button')
    await header.click()
    await page.waitForURL((url) => url.search.includes('insured_full_name'))
    await header.click()
    await sortRequest
    const expected = (
      await db
        .from('members')
        .select('member_id')
        .orderBy('insured_full_name', 'desc')
        .orderBy('id', 'desc')
        .limit(50)
    ).map((row) => `member-row-${row.member_id}`)
    await page.waitForFunction(
      (first) => document.querySelector('tbody tr')?.getAttribute('data-testid') === first,
      expected[0]
    )
    const shown = await page
      .locator('tbody [data-testid^="member-row-"]')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-testid')))
    assert.deepEqual(shown, expected)
  })
})
