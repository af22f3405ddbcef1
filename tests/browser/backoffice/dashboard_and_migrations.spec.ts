/// <reference lib="dom" />
import { test } from '@japa/runner'
import type { Page } from 'playwright-core'
import db from '@adonisjs/lucid/services/db'
import { isolateEachTest } from '#tests/helpers/database'
import { screenshot } from '#tests/helpers/browser'
import { adminScreen, goToScreen } from '#tests/helpers/browser_sessions'
import { insertMigration, seedBackofficeData } from '#tests/helpers/backoffice_data'
import { startSmtpCapture } from '#tests/helpers/smtp_capture'
import { Member } from '#modules/members/index'
import { ApiLog } from '#modules/fulfilment/index'
import { EmailDelivery } from '#modules/notifications/index'

/** Text of a test id with the non-breaking spaces of Intl money formats made plain. */
async function text(page: Page, testId: string) {
  return ((await page.getByTestId(testId).textContent()) ?? '').replace(/\s+/g, ' ').trim()
}

/** Types a search into the Migrations list and waits until exactly one row is left. */
async function searchForOneMigration(page: Page, search: string) {
  await page.getByTestId('migrations-search').fill(search)
  await page.waitForFunction(
    () => document.querySelectorAll('[data-testid="migration-row"]').length === 1
  )
}

/** The window of these tests: every column of the Migrations list fits. */
const WIDE = { width: 1500, height: 900 }

const references = async (page: Page) =>
  (await page.getByTestId('migration-row').locator('td:first-child').allTextContents()).map(
    (value) => value.trim()
  )

test.group('Back-office dashboard, migrations and migration detail', (group) => {
  // The database matters here: this file also runs on MariaDB (docs/developing.md, "Where tests run").
  group.tap((t) => t.tags(['@database'], 'append'))
  isolateEachTest(group)

  test('the dashboard tiles, breakdown and revenue show the seeded figures; a recent row opens its detail', async ({
    assert,
  }) => {
    const { a } = await seedBackofficeData()
    const page = await adminScreen('dashboard', { viewport: WIDE })
    await page.getByTestId('tile-migrations').waitFor()

    // Hand-computed in tests/functional/backoffice/dashboard_stats.spec.ts for the same data set.
    assert.equal(await text(page, 'tile-migrations'), '5')
    assert.include(
      await page.getByTestId('tile-migrations').locator('xpath=..').textContent(),
      '2 completed today'
    )
    assert.equal(await text(page, 'tile-members'), '10')
    assert.include(
      await page.getByTestId('tile-members').locator('xpath=..').textContent(),
      '5 principals'
    )
    assert.equal(await text(page, 'tile-subscriptions'), '2')
    assert.equal(await text(page, 'tile-at-risk'), '1 at risk')
    assert.equal(await text(page, 'tile-monthly-revenue'), 'USD 183.33')
    assert.equal(await text(page, 'tile-disabled-products'), '1')
    assert.include(
      await page.getByTestId('tile-disabled-products').locator('xpath=..').textContent(),
      '1 member affected'
    )
    assert.equal(await text(page, 'tile-unmigrated-count'), '2')
    assert.equal(await text(page, 'breakdown-completed'), '2 (40.0%)')
    assert.equal(await text(page, 'breakdown-pending'), '1')
    assert.equal(await text(page, 'breakdown-failed'), '2')
    assert.equal(await text(page, 'revenue-total'), 'USD 3,276.09')
    assert.equal(await text(page, 'revenue-monthly'), 'USD 183.33')
    assert.equal(await text(page, 'revenue-active'), '2')
    assert.equal(await text(page, 'revenue-cancelled'), '1')
    // Recent Migrations is a card of its own, loaded beside the tiles: wait for its rows, then count.
    await page.getByTestId('recent-migration-row').nth(4).waitFor()
    assert.lengthOf(await page.getByTestId('recent-migration-row').all(), 5)
    await screenshot(page, 'ops-dashboard')

    const href = (testId: string) =>
      page.getByTestId(testId).locator('xpath=ancestor-or-self::a').getAttribute('href')
    assert.equal(await href('tile-migrations'), '/admin/migrations')
    assert.equal(await href('tile-members'), '/admin/members')
    assert.equal(await href('tile-subscriptions'), '/admin/subscriptions')
    assert.equal(await href('tile-monthly-revenue'), '/admin/subscriptions')
    assert.equal(await href('tile-disabled-products'), '/admin/products')
    assert.equal(await href('tile-unmigrated'), '/admin/unmigrated-users')
    assert.equal(await href('view-all-migrations'), '/admin/migrations')
    assert.deepEqual(
      await Promise.all(
        ['migrations', 'members', 'subscriptions', 'settings'].map((name) => href(`quick-${name}`))
      ),
      ['/admin/migrations', '/admin/members', '/admin/subscriptions', '/admin/settings']
    )

    await page.getByTestId('recent-migration-row').first().click()
    await page.waitForURL(`**/admin/migrations/${a}`)
    assert.equal(await text(page, 'detail-reference'), 'MIG-T-A')
  })

  test('the migrations list is searched and filtered by status', async ({ assert }) => {
    await seedBackofficeData()
    const page = await adminScreen('migrations', { viewport: WIDE })
    await page.getByRole('heading', { name: 'Migrations Dashboard' }).waitFor()
    await page.getByTestId('migration-row').nth(4).waitFor()
    assert.sameMembers(await references(page), [
      'MIG-T-A',
      'MIG-DEMO-0001',
      'MIG-T-C',
      'MIG-T-B',
      'MIG-T-E',
    ])
    assert.equal(
      await page.getByTestId('migrations-search').getAttribute('placeholder'),
      'Search by name, member ID, or reference...'
    )
    await screenshot(page, 'ops-migrations')

    await page.getByTestId('migrations-status-filter').click()
    assert.deepEqual(
      (await page.getByRole('option').allTextContents()).map((value) => value.trim()),
      ['All Statuses', 'Pending', 'Processing', 'Completed', 'Completed with Warnings', 'Failed']
    )
    await page.getByRole('option', { name: 'Failed' }).click()
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="migration-row"]').length === 2
    )
    assert.sameMembers(await references(page), ['MIG-T-B', 'MIG-T-E'])

    // Search and filter combine: Emma (DEMO-1005) has one failed and one pending migration.
    await searchForOneMigration(page, 'DEMO-1005')
    assert.deepEqual(await references(page), ['MIG-T-E'])

    await page.getByTestId('migrations-status-filter').click()
    await page.getByRole('option', { name: 'Completed', exact: true }).click()
    await page.getByTestId('migrations-empty').waitFor()
    assert.equal(await text(page, 'migrations-empty'), 'No migrations found')

    await page.getByTestId('migrations-status-filter').click()
    await page.getByRole('option', { name: 'All Statuses' }).click()
    await searchForOneMigration(page, 'mig-t-c')
    assert.deepEqual(await references(page), ['MIG-T-C'])
  })

  test('API audit logs: expandable payloads and the summary; rows open the detail; a missing migration goes back to the list', async ({
    assert,
  }) => {
    const { a, b } = await seedBackofficeData()
    const base = {
      migration_id: a,
      api_name: 'DHIG enrolment',
      member_name: 'Anna Schmidt',
      member_id_str: 'DEMO-1001',
      endpoint: 'https://dhig.example.com/enrol',
    }
    await ApiLog.create({
      ...base,
      success: true,
      response_status: 201,
      request_payload: JSON.stringify({ memberId: 'DEMO-1001' }),
      response_payload: JSON.stringify({ personId: 'P-77' }),
    })
    await ApiLog.create({
      ...base,
      member_name: 'Spouse Schmidt',
      member_id_str: 'DEMO-1001-S',
      success: false,
      response_status: 503,
      error_message: 'Service unavailable',
      request_payload: JSON.stringify({ memberId: 'DEMO-1001-S' }),
      response_payload: null,
    })
    const page = await adminScreen('migrations', { viewport: WIDE })
    await page.getByTestId('migration-row').nth(4).waitFor()

    const rowOf = (reference: string) =>
      page.getByTestId('migration-row').filter({ hasText: reference })
    await rowOf('MIG-T-A').getByTestId('open-api-logs').click()
    const dialog = page.getByTestId('api-logs-dialog')
    await dialog.getByTestId('api-logs-summary').waitFor()
    assert.equal(
      (await dialog.getByTestId('api-logs-summary').textContent())?.trim(),
      '1 succeeded1 failed'
    )
    await dialog.getByText('Service unavailable').waitFor({ state: 'hidden' })
    await dialog.locator('.MuiAccordionSummary-root').nth(1).click()
    await dialog.getByText('Service unavailable').waitFor()
    assert.include(await dialog.textContent(), '"memberId": "DEMO-1001-S"')
    await page.waitForTimeout(300)
    await screenshot(page, 'ops-api-logs')
    await dialog.getByRole('button', { name: 'Close' }).click()
    await dialog.waitFor({ state: 'detached' })

    await rowOf('MIG-T-B').getByTestId('open-api-logs').click()
    await dialog.getByText('No API logs found for this migration.').waitFor()
    await dialog.getByRole('button', { name: 'Close' }).click()
    await dialog.waitFor({ state: 'detached' })

    await rowOf('MIG-T-B').click()
    await page.waitForURL(`**/admin/migrations/${b}`)
    assert.equal(await text(page, 'detail-reference'), 'MIG-T-B')
    assert.equal(await text(page, 'detail-completed'), 'Pending')
    assert.equal(await page.getByTestId('active-subscription').count(), 0)

    await goToScreen(page, 'migrations/999999')
    await page.getByText('Migration not found').waitFor()
    await page.waitForURL('**/admin/migrations')
  })

  test('an expired admin session on the migrations list sends the user to /admin/login', async () => {
    const page = await adminScreen('migrations', { viewport: WIDE })
    await page.getByTestId('migration-row').first().waitFor()
    // The session ends while the screen is open: the next search answers 'Admin authentication required'.
    await page.context().clearCookies()
    await page.getByTestId('migrations-search').fill('anna')
    await page.waitForURL('**/admin/login')
  })

  test('the detail page blocks (asking a reason, as Members does) and unblocks the member with the spec toasts', async ({
    assert,
  }) => {
    const { a } = await seedBackofficeData()
    const anna = await Member.findByOrFail('member_id', 'DEMO-1001')
    const page = await adminScreen(`migrations/${a}`, { viewport: WIDE })
    await page.getByTestId('detail-reference').waitFor()
    assert.equal(await text(page, 'detail-amount'), 'USD 1,200.00')
    await page.getByTestId('active-subscription').waitFor()
    assert.equal(await page.getByTestId('blocked-chip').count(), 0)

    await page.getByTestId('block-member').click()
    await page.getByTestId('block-dialog').waitFor()
    assert.include(
      await page.getByTestId('block-dialog').innerText(),
      'will not be able to migrate until unblocked.'
    )
    await page.getByTestId('block-reason').fill('Documents under review')
    await page.getByTestId('block-confirm').click()
    await page.getByText('Successfully blocked member').waitFor()
    await page.getByTestId('blocked-chip').waitFor()
    const block = await db
      .from('migration_blocks')
      .where('member_id', anna.id)
      .where('active', true)
      .first()
    assert.equal(block?.reason, 'Documents under review')
    await screenshot(page, 'ops-migration-detail-blocked')

    await page.getByTestId('unblock-member').click()
    await page.getByText('Successfully unblocked member').waitFor()
    await page.getByTestId('blocked-chip').waitFor({ state: 'detached' })
    assert.notExists(
      await db.from('migration_blocks').where('member_id', anna.id).where('active', true).first()
    )
  })

  test('retries ask the spec question and report success, partial sending and failure', async ({
    assert,
    cleanup,
  }) => {
    const { a } = await seedBackofficeData()
    // The admin notification is refused, the member confirmation is accepted: a partial send.
    const smtp = await startSmtpCapture({ refuse: ['admin@example.com'] })
    cleanup(() => smtp.stop())
    const page = await adminScreen('migrations', { viewport: WIDE })
    await searchForOneMigration(page, 'MIG-T-A')
    const row = page.getByTestId('migration-row')

    await row.getByTestId('retry-emails').click()
    const dialog = page.getByTestId('confirm-dialog')
    await dialog.waitFor()
    assert.equal(
      (await dialog.locator('.MuiDialogContentText-root').textContent())?.trim(),
      'Retry sending emails for this migration?'
    )
    await page.waitForTimeout(300) // the dialog's fade-in
    await screenshot(page, 'ops-retry-confirm')
    await page.getByTestId('confirm-dialog').locator('.ra-confirm').click()
    await page.getByText('Emails partially sent. Check details.').waitFor()
    await row.locator('[data-testid="substatus-email"][data-kind="warning"]').waitFor()
    assert.deepEqual(
      smtp.received.map((mail) => (mail.to && 'value' in mail.to ? mail.to.value[0].address : '')),
      ['anna.schmidt@corp.example.com']
    )
    assert.equal((await db.from('migrations').where('id', a).first()).email_status, 'partial')
    await screenshot(page, 'ops-retry-partial')

    // Cancel leaves the migration alone.
    await row.getByTestId('retry-api').click()
    assert.equal(
      (await dialog.locator('.MuiDialogContentText-root').textContent())?.trim(),
      'Retry API calls for this migration?'
    )
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'detached' })

    // No API configuration is enabled: the call answers 200 with success false.
    await row.getByTestId('retry-api').click()
    await page.getByTestId('confirm-dialog').locator('.ra-confirm').click()
    await page.getByText('API calls failed: No enabled API configuration').waitFor()

    await row.getByTestId('retry-documents').click()
    assert.equal(
      (await dialog.locator('.MuiDialogContentText-root').textContent())?.trim(),
      'Regenerate documents for this migration?'
    )
    await page.getByTestId('confirm-dialog').locator('.ra-confirm').click()
    await page
      .getByText('Document regeneration failed: No document template matches this migration')
      .waitFor()
  })

  test('a retry that is not allowed shows the server error after the spec prefix', async () => {
    await seedBackofficeData()
    const page = await adminScreen('migrations', { viewport: WIDE })
    await searchForOneMigration(page, 'MIG-T-C')
    await page.getByTestId('migration-row').getByTestId('retry-emails').click()
    await page.getByTestId('confirm-dialog').locator('.ra-confirm').click()
    await page
      .getByText('Failed to retry emails: The payment of this migration has not succeeded')
      .waitFor()
  })

  test('a successful email retry says so', async ({ cleanup }) => {
    await seedBackofficeData()
    const smtp = await startSmtpCapture()
    cleanup(() => smtp.stop())
    const page = await adminScreen('migrations', { viewport: WIDE })
    await searchForOneMigration(page, 'MIG-T-A')
    await page.getByTestId('migration-row').getByTestId('retry-emails').click()
    await page.getByTestId('confirm-dialog').locator('.ra-confirm').click()
    await page.getByText('Emails sent successfully!').waitFor()
    await page
      .getByTestId('migration-row')
      .locator('[data-testid="substatus-email"][data-kind="check"]')
      .waitFor()
  })

  test('a failed migration shows why on its detail page', async () => {
    const reason =
      'Paid after this checkout was withdrawn (superseded); the payment was refunded automatically and nothing was fulfilled.'
    const id = await insertMigration('DEMO-1005', {
      status: 'failed',
      payment_status: 'refunded',
      failure_reason: reason,
    })
    const page = await adminScreen(`migrations/${id}`, { viewport: WIDE })
    await page.getByTestId('detail-failure-reason').getByText(reason).waitFor()
    await screenshot(page, 'ops-migration-detail-failure-reason')
  })

  test('a note is added on the migration detail with its author and time, edited and deleted', async ({
    assert,
  }) => {
    const id = await insertMigration('DEMO-1005', { status: 'completed' })
    const page = await adminScreen(`migrations/${id}`, { viewport: WIDE })
    const card = page.getByTestId('migration-notes')
    await card.getByText('No notes yet.').waitFor()
    await card.getByLabel('New note').fill('Member called: refund by bank transfer asked.')
    await card.getByTestId('note-add').click()
    await page.getByText('Note added').waitFor()
    const note = card.getByTestId('note')
    await note.getByText('Member called: refund by bank transfer asked.').waitFor()
    assert.match(await note.locator('p').first().innerText(), /^admin · \d\d\.\d\d\.\d{4}/)
    await screenshot(page, 'ops-migration-notes')
    await note.getByRole('button', { name: 'Edit' }).click()
    await note.getByLabel('Edit note').fill('Refund by card instead.')
    await note.getByRole('button', { name: 'Save' }).click()
    await note.getByText('Refund by card instead.').waitFor()
    await note.getByRole('button', { name: 'Delete' }).click()
    await card.getByText('No notes yet.').waitFor()
    assert.equal(await card.getByTestId('note').count(), 0)
  })

  test('an email whose delivery is unknown is called out on the detail page', async ({
    assert,
  }) => {
    const id = await insertMigration('DEMO-1005', {
      status: 'completed_with_warnings',
      payment_status: 'succeeded',
      document_status: 'generated',
      email_status: 'unknown',
      api_status: 'skipped',
    })
    await EmailDelivery.createMany([
      {
        migration_id: id,
        email_type: 'migration_confirmation',
        recipient: 'emma@example.com',
        subject: 'Confirmed',
        status: 'unknown',
        attempts: 1,
      },
      {
        migration_id: id,
        email_type: 'admin_notification',
        recipient: 'admin@example.com',
        subject: 'Completed',
        status: 'sent',
        attempts: 1,
      },
    ])
    const page = await adminScreen(`migrations/${id}`, { viewport: WIDE })
    const alert = page.getByTestId('email-needs-attention')
    await alert.waitFor()
    assert.equal(
      (await alert.textContent())?.trim(),
      'The migration confirmation email to emma@example.com may or may not have reached the mail server (the sender stopped during the hand-off). Check with the recipient before using Retry emails, which sends it again.'
    )
    assert.lengthOf(await page.getByTestId('email-delivery-row').all(), 2)
    await screenshot(page, 'ops-migration-detail-email-unknown')
  })
})
