/// <reference lib="dom" />
import { test } from '@japa/runner'
import type { Page } from 'playwright-core'
import db from '@adonisjs/lucid/services/db'
import { isolateEachTest } from '#tests/helpers/database'
import { screenshot } from '#tests/helpers/browser'
import { adminScreen } from '#tests/helpers/browser_sessions'
import { seedBackofficeData } from '#tests/helpers/backoffice_data'

const plain = (value: string | null) => (value ?? '').replace(/\s+/g, ' ').trim()
// Cell 1 is react-admin's (hidden) expand icon, cell 2 the named expand button, cell 3 the reference.
const references = async (page: Page) =>
  (await page.getByTestId('subscription-row').locator('td:nth-child(3)').allTextContents()).map(
    plain
  )
const rowCount = (page: Page, count: number) =>
  page.waitForFunction(
    (n) => document.querySelectorAll('[data-testid="subscription-row"]').length === n,
    count
  )

test.group('Back-office subscriptions', (group) => {
  isolateEachTest(group)

  test('stats cards and the three tabs with their counts; search and status filter only on All', async ({
    assert,
  }) => {
    await seedBackofficeData()
    const page = await adminScreen('subscriptions', { viewport: { width: 1400, height: 900 } })
    await rowCount(page, 4)
    // The tab counts come from their own requests, which may answer after the table's.
    await page.getByTestId('tab-problematic').filter({ hasText: '(' }).waitFor()
    await page.getByTestId('tab-early').filter({ hasText: '(' }).waitFor()

    // Hand-computed in tests/functional/backoffice/subscriptions.spec.ts for the same data set.
    assert.equal(plain(await page.getByTestId('stat-active').textContent()), '2')
    assert.equal(plain(await page.getByTestId('stat-early').textContent()), '1')
    assert.equal(plain(await page.getByTestId('stat-unpaid').textContent()), '1')
    assert.equal(plain(await page.getByTestId('stat-total').textContent()), '4')
    assert.include(
      plain(await page.getByTestId('stat-active').locator('xpath=..').textContent()),
      'USD 2,200.00 contract value'
    )
    assert.equal(plain(await page.getByTestId('tab-all').textContent()), 'All Subscriptions')
    assert.equal(
      plain(await page.getByTestId('tab-early').textContent()),
      'Early Cancellations (1)'
    )
    assert.equal(plain(await page.getByTestId('tab-problematic').textContent()), 'Problematic (1)')
    assert.sameMembers(await references(page), ['MIG-T-A', 'MIG-T-B', 'MIG-T-C', 'MIG-T-E'])
    await screenshot(page, 'ops-subscriptions-all')

    await page.getByTestId('subscriptions-search').fill('DEMO-1005')
    await rowCount(page, 2)
    assert.sameMembers(await references(page), ['MIG-T-C', 'MIG-T-E'])
    await page.getByTestId('subscriptions-status-filter').click()
    await page.getByRole('option', { name: 'trialing' }).click()
    await rowCount(page, 1)
    assert.deepEqual(await references(page), ['MIG-T-C'])

    await page.getByTestId('tab-early').click()
    // The All tab's filtered table also had one row: wait for the Early tab itself (its filters gone, its row).
    await page.getByTestId('subscriptions-search').waitFor({ state: 'detached' })
    await page.getByTestId('subscription-row').filter({ hasText: 'MIG-T-B' }).waitFor()
    await rowCount(page, 1)
    assert.equal(await page.getByTestId('subscriptions-search').count(), 0)
    assert.equal(await page.getByTestId('subscriptions-status-filter').count(), 0)
    assert.deepEqual(await references(page), ['MIG-T-B'])
    assert.equal(plain(await page.getByTestId('remaining-days').textContent()), '30 days left')

    await page.getByTestId('tab-problematic').click()
    await page.getByTestId('subscription-row').filter({ hasText: 'MIG-T-E' }).waitFor()
    assert.deepEqual(await references(page), ['MIG-T-E'])
    assert.equal(plain(await page.getByTestId('subscription-status').textContent()), 'past due')
    await screenshot(page, 'ops-subscriptions-problematic')
  })

  test('a tab count still loading is left out, never shown as 0', async ({ assert }) => {
    await seedBackofficeData()
    let release = () => {}
    const released = new Promise<void>((resolve) => (release = resolve))
    const page = await adminScreen('subscriptions', {
      viewport: { width: 1400, height: 900 },
      before: (opened) =>
        opened.route('**/api/admin/subscriptions/early-cancellations**', async (route) => {
          await released
          await route.continue()
        }),
    })
    await page.getByTestId('tab-problematic').filter({ hasText: 'Problematic (1)' }).waitFor()
    assert.equal(plain(await page.getByTestId('tab-early').textContent()), 'Early Cancellations')
    release()
    await page.getByTestId('tab-early').filter({ hasText: 'Early Cancellations (1)' }).waitFor()
  })

  test('an early cancellation is marked reviewed with the toast, once', async ({ assert }) => {
    const { subB } = await seedBackofficeData()
    const page = await adminScreen('subscriptions', { viewport: { width: 1400, height: 900 } })
    await page.getByTestId('tab-early').click()
    await page.getByTestId('mark-reviewed').click()
    await page.getByText('Marked as reviewed').waitFor()
    await page.getByTestId('reviewed-chip').waitFor()
    assert.equal(await page.getByTestId('mark-reviewed').count(), 0)
    assert.isTrue(
      Boolean(
        Number(
          (await db.from('subscriptions').where('id', subB).first()).early_cancellation_reviewed
        )
      )
    )
    await screenshot(page, 'ops-subscriptions-early')
  })

  test('an expanded row shows the planned schedule and the payment history; a row opens its migration', async ({
    assert,
  }) => {
    const { a } = await seedBackofficeData()
    const page = await adminScreen('subscriptions', { viewport: { width: 1400, height: 1000 } })
    const row = page.getByTestId('subscription-row').filter({ hasText: 'MIG-T-A' })
    await row.getByTestId('expand-subscription').click()
    const details = page.getByTestId('subscription-details')
    await details.getByTestId('payment-history').waitFor()
    assert.lengthOf(await details.getByTestId('payment-history').locator('tbody tr').all(), 2)
    assert.lengthOf(await details.locator('table').first().locator('tbody tr').all(), 12)
    assert.include(plain(await details.getByTestId('payment-history').textContent()), 'USD 100.00')
    await page.waitForTimeout(400) // the row's expand animation
    await screenshot(page, 'ops-subscriptions-expanded')
    assert.include(page.url(), '/admin/subscriptions')

    await row.locator('td:nth-child(3)').click()
    await page.waitForURL(`**/admin/migrations/${a}`)
  })

  test('a payment history that cannot be loaded is a toast', async () => {
    await seedBackofficeData()
    const page = await adminScreen('subscriptions', {
      viewport: { width: 1400, height: 900 },
      before: (opened) =>
        opened.route('**/api/admin/subscriptions/*/payments', (route) =>
          route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({ success: false, error: 'Service unavailable' }),
          })
        ),
    })
    await page
      .getByTestId('subscription-row')
      .filter({ hasText: 'MIG-T-A' })
      .getByTestId('expand-subscription')
      .click()
    await page
      .locator('.notistack-MuiContent-error')
      .getByText('Failed to load payment history.')
      .waitFor()
    await page.getByTestId('payment-history-unavailable').waitFor()
  })
})
