/// <reference lib="dom" />
import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import type { Page } from 'playwright-core'
import { isolateEachTest } from '#tests/helpers/database'
import { newPage, screenshot } from '#tests/helpers/browser'
import { adminScreen, loginAsMember } from '#tests/helpers/browser_sessions'
import { failApi, holdApi } from '#tests/helpers/route_faults'
import { paidSandboxCoverage } from '#tests/helpers/migration_fixtures'
import { Migration } from '#modules/migrations/index'
import { Payment } from '#modules/payments/index'
import { createFulfilmentWorker } from '#modules/fulfilment/index'

/** Text as read, Intl's no-break spaces as spaces. */
const text = async (page: Page, testId: string) =>
  (await page.getByTestId(testId).innerText()).replace(/\u00a0/g, ' ')

test.group('Money after the sale: cancellation and withdrawal screens, Finance lists', (group) => {
  isolateEachTest(group)

  test('the admin cancels a coverage paid 40 days ago: the preview shows the unused part, the detail then shows Cancelled, Partially refunded and the refund', async ({
    assert,
  }) => {
    const migration = await paidSandboxCoverage()
    assert.equal(migration.status, 'completed')
    // Paid 40 days ago for a year that started then: outside the 14-day cooling-off period.
    const paidOn = DateTime.utc().startOf('day').minus({ days: 40 })
    await Payment.query()
      .where('migration_id', migration.id)
      .update({ created: paidOn.toFormat('yyyy-MM-dd HH:mm:ss') })
    await Migration.query()
      .where('id', migration.id)
      .update({
        start_date: paidOn.toISODate(),
        end_date: paidOn.plus({ days: 364 }).toISODate(),
      })

    const page = await adminScreen(`migrations/${migration.id}`, {
      viewport: { width: 1280, height: 860 },
    })
    await page.getByTestId('migration-refunds-empty').waitFor()
    await page.getByTestId('cancel-coverage').click()
    const dialog = page.getByRole('dialog', { name: 'Cancel coverage' })
    await dialog.waitFor()
    // Effective today (the default): 41 of 365 days used, 324 / 365 × 4,316.64 = 3,831.7573… → 3,831.76.
    await page.getByTestId('cancel-refund').waitFor()
    assert.equal(
      await page.getByTestId('cancel-refund').innerText(),
      'Refund: EUR 3,831.76 of EUR 4,316.64 paid'
    )
    assert.equal(
      await page.getByTestId('cancel-rule').innerText(),
      'After the cooling-off period: the unused part, 324 of 365 days paid for.'
    )
    await page.getByTestId('cancel-reason').fill('Moved abroad')
    await screenshot(page, 'admin-cancel-coverage-dialog')

    await page.getByTestId('cancel-coverage-dialog-submit').click()
    await dialog.waitFor({ state: 'detached' })
    await page.getByTestId('detail-status').getByText('cancelled').waitFor()
    await page.getByTestId('cancellation-summary').waitFor()
    assert.include(
      await page.getByTestId('cancellation-summary').innerText(),
      'Cancelled by an administrator'
    )
    assert.include(
      await page.getByTestId('cancellation-summary').innerText(),
      'Moved abroad. Refund EUR 3,831.76 (the unused part)'
    )

    // The refund goes to the provider from the fulfilment worker; the detail follows by itself.
    await createFulfilmentWorker().drain()
    await page
      .getByTestId('detail-payment-status')
      .getByText('partially refunded')
      .waitFor({ timeout: 15_000 })
    const row = page.getByTestId('migration-refund-row')
    assert.equal(await row.count(), 1)
    assert.include(await row.innerText(), 'EUR 3,831.76')
    assert.include(await row.innerText(), 'Succeeded')
    await screenshot(page, 'admin-migration-cancelled')
  }).timeout(120_000)

  test('the member withdraws in the cooling-off period with the keyboard only: the dialog states the refund and the consequence; after it, until when covered and support', async ({
    assert,
    cleanup,
  }) => {
    const migration = await paidSandboxCoverage()
    const { context, page } = await newPage({ viewport: { width: 390, height: 860 } })
    cleanup(() => context.close())
    await loginAsMember(page)
    await page.waitForURL('**/shop/already-migrated')
    await page.getByTestId('withdrawal-offer').waitFor()

    await page.getByTestId('withdraw').focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Withdraw from your coverage?' })
    await dialog.waitFor()
    assert.equal(
      await text(page, 'withdraw-consequence'),
      'EUR 4,316.64 will be refunded to the card you paid with. Your coverage ends today and you and the members you added will no longer be insured under it. This cannot be undone.'
    )
    assert.equal(
      await page.evaluate(() => document.activeElement?.textContent),
      'Keep my coverage',
      'focus starts on the safe choice'
    )
    await screenshot(page, 'shop-withdraw-dialog')

    await page.keyboard.press('Tab')
    assert.equal(
      await page.evaluate(() => document.activeElement?.getAttribute('data-testid')),
      'withdraw-confirm'
    )
    await page.keyboard.press('Enter')
    await page.getByTestId('withdrawal-done').waitFor()
    const today = DateTime.now().toFormat('dd.MM.yyyy')
    assert.include(
      await text(page, 'withdrawal-covered-until'),
      `You were covered until ${today}. EUR 4,316.64 is being refunded to the card you paid with`
    )
    assert.equal(
      await page.getByTestId('withdrawal-support').getAttribute('href'),
      'mailto:support@example.com'
    )
    assert.equal(
      await page.evaluate(() => document.activeElement?.textContent),
      'Your coverage has ended',
      'focus moves to the outcome'
    )
    assert.equal(
      await page.getByTestId('member-area').count(),
      0,
      'the cancelled coverage is no longer described as current'
    )
    await migration.refresh()
    assert.equal(migration.status, 'cancelled')
    await screenshot(page, 'shop-withdrawn')
  }).timeout(120_000)

  test('the dashboard tile counts refunds and open disputes; the Finance refunds and disputes lists show their loading, empty and error states', async ({
    assert,
  }) => {
    const page = await adminScreen('dashboard', { viewport: { width: 1280, height: 860 } })
    await page.getByText('0 open disputes').waitFor()
    assert.equal(await page.getByTestId('tile-refunds').innerText(), '0')

    const release = await holdApi(page, '/api/admin/finance/refunds')
    await page.getByTestId('tile-refunds').click()
    await page.getByTestId('list-loading').waitFor()
    assert.equal(await page.getByTestId('refunds-empty').count(), 0, 'no empty text while loading')
    await screenshot(page, 'finance-refunds-loading')
    release()
    await page.getByTestId('refunds-empty').waitFor()
    assert.equal(await page.getByTestId('refunds-empty').innerText(), 'No refunds')
    await screenshot(page, 'finance-refunds-empty')

    const restore = await failApi(page, '/api/admin/finance/disputes')
    await page.getByRole('tab', { name: 'Disputes' }).click()
    await page.getByTestId('list-error').waitFor()
    assert.include(await page.getByTestId('list-error').innerText(), 'Could not load disputes')
    assert.equal(
      await page.getByTestId('disputes-empty').count(),
      0,
      'an error is not shown as an empty list'
    )
    await screenshot(page, 'finance-disputes-error')
    await restore()
    await page.getByTestId('list-retry').click()
    await page.getByTestId('disputes-empty').waitFor()
    assert.equal(await page.getByTestId('disputes-empty').innerText(), 'No card disputes')
  }).timeout(120_000)
})
