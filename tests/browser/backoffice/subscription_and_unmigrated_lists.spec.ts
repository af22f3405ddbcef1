/// <reference lib="dom" />
import { test } from '@japa/runner'
import type { Page } from 'playwright-core'
import { isolateEachTest } from '#tests/helpers/database'
import { screenshot } from '#tests/helpers/browser'
import { adminScreen, goToScreen } from '#tests/helpers/browser_sessions'
import { seedBackofficeData } from '#tests/helpers/backoffice_data'
import { failApi, holdApi } from '#tests/helpers/route_faults'
import { generateSyntheticMembers } from '#database/seed/synthetic_members'
import { seedWithdrawnCheckout } from './withdrawn_checkout.js'

const plain = (value: string | null) => (value ?? '').replace(/\s+/g, ' ').trim()
const firstCells = (page: Page, testId: string, column: number) =>
  page.getByTestId(testId).locator(`td:nth-child(${column})`).allTextContents()

const LISTS = [
  {
    screen: 'subscriptions',
    api: '/api/admin/subscriptions',
    what: 'subscriptions',
    empty: 'subscriptions-empty',
    row: 'subscription-row',
  },
  {
    screen: 'unmigrated-users',
    api: '/api/admin/unmigrated-users',
    what: 'unmigrated users',
    empty: 'unmigrated-empty',
    row: 'unmigrated-row',
  },
]

test.group('Subscriptions and Unmigrated Users on react-admin', (group) => {
  isolateEachTest(group)

  test(
    '{screen}: an API failure shows the error state with Retry, not the empty text; Retry loads the rows'
  )
    .with(LISTS)
    .run(async ({ assert }, { screen, api, what, empty, row }) => {
      await seedBackofficeData()
      let restore = async () => {}
      const page = await adminScreen(screen, {
        viewport: { width: 1280, height: 900 },
        before: async (opened) => (restore = await failApi(opened, api)),
      })
      await page.getByTestId('list-error').waitFor()
      assert.include(
        plain(await page.getByTestId('list-error').textContent()),
        `Could not load ${what}: Internal server error`
      )
      assert.equal(await page.getByTestId(empty).count(), 0)
      assert.equal(
        new URL(page.url()).pathname,
        `/admin/${screen}`,
        'the admin stays signed in on the screen'
      )
      await screenshot(page, `ra-${screen}-error`)
      await restore()
      await page.getByTestId('list-retry').click()
      await page.getByTestId(row).first().waitFor()
      assert.equal(await page.getByTestId('list-error').count(), 0)
    })

  test('{screen}: a slow API shows loading, not the empty text')
    .with(LISTS)
    .run(async ({ assert }, { screen, api, empty, row }) => {
      await seedBackofficeData()
      let release = () => {}
      const page = await adminScreen(screen, {
        viewport: { width: 1280, height: 900 },
        before: async (opened) => (release = await holdApi(opened, api)),
      })
      await page.getByTestId('list-loading').waitFor()
      await page.waitForTimeout(1200)
      assert.equal(await page.getByTestId(empty).count(), 0)
      assert.equal(await page.getByTestId(row).count(), 0)
      release()
      await page.getByTestId(row).first().waitFor()
      assert.equal(await page.getByTestId('list-loading').count(), 0)
    })

  test('subscriptions: a reload keeps page, sort, search and status filter; the tab is in the URL', async ({
    assert,
  }) => {
    await seedBackofficeData()
    const page = await adminScreen(
      '/admin/subscriptions?perPage=2&page=2&sort=migration_reference&order=ASC',
      { viewport: { width: 1280, height: 900 } }
    )
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="subscription-row"]').length === 2
    )
    assert.deepEqual((await firstCells(page, 'subscription-row', 3)).map(plain), [
      'MIG-T-C',
      'MIG-T-E',
    ])
    await page.reload()
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="subscription-row"]').length === 2
    )
    assert.deepEqual(
      (await firstCells(page, 'subscription-row', 3)).map(plain),
      ['MIG-T-C', 'MIG-T-E'],
      'page 2 of the sorted list'
    )

    await goToScreen(page, '/admin/subscriptions')
    await page.getByTestId('subscriptions-search').fill('DEMO-1005')
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="subscription-row"]').length === 2
    )
    await page.getByTestId('subscriptions-status-filter').click()
    await page.getByRole('option', { name: 'trialing' }).click()
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="subscription-row"]').length === 1
    )
    await page.getByRole('columnheader', { name: 'Reference' }).getByRole('button').click()
    await page.waitForURL((url) => url.search.includes('migration_reference'))
    await page.reload()
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="subscription-row"]').length === 1
    )
    assert.deepEqual((await firstCells(page, 'subscription-row', 3)).map(plain), ['MIG-T-C'])
    assert.equal(await page.getByTestId('subscriptions-search').inputValue(), 'DEMO-1005')
    assert.equal(
      plain(await page.getByTestId('subscriptions-status-filter').textContent()),
      'trialing'
    )
    const params = new URL(page.url()).searchParams
    assert.deepEqual(JSON.parse(params.get('filter')!), { search: 'DEMO-1005', status: 'trialing' })
    assert.equal(params.get('sort'), 'migration_reference')

    await page.getByTestId('tab-problematic').click()
    await page.getByTestId('subscription-row').filter({ hasText: 'MIG-T-E' }).waitFor()
    await page.reload()
    await page.getByTestId('subscription-row').filter({ hasText: 'MIG-T-E' }).waitFor()
    assert.equal(await page.getByTestId('tab-problematic').getAttribute('aria-selected'), 'true')
  })

  test('unmigrated users: a reload keeps page, sort and search', async ({ assert }) => {
    await generateSyntheticMembers({ count: 260, prefix: 'KEEP', seed: 3 })
    const page = await adminScreen('unmigrated-users', { viewport: { width: 1280, height: 900 } })
    await page.getByTestId('unmigrated-search').fill('KEEP')
    await page.waitForURL((url) => url.search.includes('KEEP'))
    await page.getByTestId('unmigrated-row').first().waitFor()
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid="unmigrated-row"]')].every((row) =>
        row.getAttribute('data-member-id')!.startsWith('KEEP')
      )
    )
    // Each step waits until the list has drawn the previous one (the router applies a URL change a moment later).
    const sortLabel = page
      .getByRole('columnheader', { name: 'Member ID' })
      .locator('.MuiTableSortLabel-root')
    await sortLabel.click()
    await page
      .getByRole('columnheader', { name: 'Member ID' })
      .locator('.MuiTableSortLabel-directionAsc.Mui-active')
      .waitFor()
    await sortLabel.click()
    await page
      .getByRole('columnheader', { name: 'Member ID' })
      .locator('.MuiTableSortLabel-directionDesc.Mui-active')
      .waitFor()
    await page.waitForURL((url) => url.search.includes('DESC'))
    await page.waitForFunction(() => {
      const ids = [...document.querySelectorAll('[data-testid="unmigrated-row"]')].map(
        (row) => row.getAttribute('data-member-id')!
      )
      return ids.length > 1 && ids[0] > ids[1]
    })
    const firstOfPage1 = await page
      .getByTestId('unmigrated-row')
      .first()
      .getAttribute('data-member-id')
    await page.getByRole('button', { name: 'Go to next page' }).click()
    await page.waitForURL((url) => url.searchParams.get('page') === '2')
    // The former page stays drawn while the next one is fetched.
    await page.waitForFunction(
      (first) =>
        document.querySelector('[data-testid="unmigrated-row"]')?.getAttribute('data-member-id') !==
        first,
      firstOfPage1
    )
    const shown = await page
      .getByTestId('unmigrated-row')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-member-id')))
    assert.isTrue(shown.every((id) => id!.startsWith('KEEP')))
    assert.deepEqual(shown, [...shown].sort().reverse(), 'member IDs descending')
    const range = plain(
      await page
        .getByTestId('unmigrated-pagination')
        .locator('.MuiTablePagination-displayedRows')
        .textContent()
    )
    assert.match(range, /^101-\d+ of \d+$/)

    await page.reload()
    await page.getByTestId('unmigrated-row').first().waitFor()
    assert.deepEqual(
      await page
        .getByTestId('unmigrated-row')
        .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-member-id'))),
      shown
    )
    assert.equal(
      plain(
        await page
          .getByTestId('unmigrated-pagination')
          .locator('.MuiTablePagination-displayedRows')
          .textContent()
      ),
      range
    )
    assert.equal(await page.getByTestId('unmigrated-search').inputValue(), 'KEEP')
  }).timeout(90000)

  test('subscriptions: a checkout that never started shows as such, without contract value or period', async ({
    assert,
  }) => {
    await seedBackofficeData()
    await seedWithdrawnCheckout()
    const page = await adminScreen('subscriptions', { viewport: { width: 1280, height: 900 } })
    const row = page.getByTestId('subscription-row').filter({ hasText: 'MIG-T-W' })
    await row.waitFor()
    assert.equal(plain(await row.getByTestId('subscription-status').textContent()), 'not started')
    const cells = (await row.locator('td').allTextContents()).map(plain)
    assert.deepEqual(cells.slice(7, 9), ['—', 'Never started'], 'Total (USD) and Period End')
    await row.getByTestId('expand-subscription').click()
    const details = page.getByTestId('subscription-details')
    await details.getByTestId('payment-history').waitFor()
    await details.getByTestId('never-started-note').waitFor()
    assert.deepEqual(
      (
        await details
          .getByTestId('payment-history')
          .locator('tbody td:nth-child(2)')
          .allTextContents()
      ).map(plain),
      ['—'],
      'no period'
    )
    await page.waitForTimeout(400)
    await screenshot(page, 'ra-subscriptions-never-started')
  })
})
