/// <reference lib="dom" />
import { test } from '@japa/runner'
import type { Page } from 'playwright-core'
import db from '@adonisjs/lucid/services/db'
import { isolateEachTest } from '#tests/helpers/database'
import { screenshot } from '#tests/helpers/browser'
import { adminScreen } from '#tests/helpers/browser_sessions'
import { seedBackofficeData } from '#tests/helpers/backoffice_data'
import { ApiLog } from '#modules/fulfilment/index'

const SIDEBAR_PATHS = [
  'dashboard',
  'migrations',
  'unmigrated-users',
  'members',
  'subscriptions',
  'finance/dunning',
  'products',
  'currencies',
  'templates',
  'email-templates',
  'email-overrides',
  'api-configs',
  'admins',
  'import',
  'settings',
]

/** Makes the list call of a screen fail (HTTP 500) until `restore` is called. */
async function failList(page: Page, path: string) {
  const matches = (url: URL) => url.pathname === path
  const handler = (route: any) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, error: 'Internal server error' }),
    })
  await page.route(matches, handler)
  return () => page.unroute(matches, handler)
}

/** The window of these tests: every column of the widest lists fits at 1440 px. */
const WIDE = { width: 1440, height: 900 }

test.group('Back-office on react-admin: states, navigation, forms', (group) => {
  isolateEachTest(group)

  test('sidebar entries are anchors to the 15 screens', async ({ assert }) => {
    const page = await adminScreen('dashboard')
    const hrefs = await page
      .getByTestId('admin-sidebar')
      .locator('a')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')))
    assert.deepEqual(
      hrefs,
      SIDEBAR_PATHS.map((path) => `/admin/${path}`)
    )
  })

  test('migrations: an API failure shows the error state with Retry, not the empty text; Retry loads the rows', async ({
    assert,
  }) => {
    await seedBackofficeData()
    let restore = async () => {}
    const page = await adminScreen('migrations', {
      viewport: WIDE,
      before: async (opened) => (restore = await failList(opened, '/api/admin/migrations')),
    })
    await page.getByTestId('list-error').waitFor()
    assert.include(
      await page.getByTestId('list-error').textContent(),
      'Could not load migrations: Internal server error'
    )
    assert.equal(await page.getByTestId('migrations-empty').count(), 0)
    assert.equal(new URL(page.url()).pathname, '/admin/migrations')
    await screenshot(page, 'ra-migrations-error')
    await restore()
    await page.getByTestId('list-retry').click()
    await page.getByTestId('migration-row').nth(4).waitFor()
    assert.equal(await page.getByTestId('list-error').count(), 0)
  })

  test('{screen}: an API failure shows the error state with Retry, not the empty text')
    .with([
      {
        screen: 'admins',
        api: '/api/admin/admin-users',
        what: 'admins',
        empty: 'admins-empty',
        ready: 'admins-table',
      },
      {
        screen: 'members',
        api: '/api/admin/members',
        what: 'members',
        empty: 'members-empty',
        ready: 'member-row-DEMO-1001',
      },
      {
        screen: 'currencies',
        api: '/api/currencies/admin/all',
        what: 'currencies',
        empty: 'currencies-none',
        ready: 'currency-row-EUR',
      },
      {
        screen: 'api-configs',
        api: '/api/admin/api-configs',
        what: 'API configurations',
        empty: 'api-configs-empty',
        ready: 'api-configs-empty',
      },
      {
        screen: 'templates',
        api: '/api/admin/templates',
        what: 'templates',
        empty: 'doc-templates-empty',
        ready: 'doc-templates-table',
      },
    ])
    .run(async ({ assert }, { screen, api, what, empty, ready }) => {
      let restore = async () => {}
      const page = await adminScreen(screen, {
        viewport: WIDE,
        before: async (opened) => (restore = await failList(opened, api)),
      })
      await page.getByTestId('list-error').waitFor()
      assert.include(
        await page.getByTestId('list-error').textContent(),
        `Could not load ${what}: Internal server error`
      )
      assert.equal(await page.getByTestId(empty).count(), 0)
      await restore()
      await page.getByTestId('list-retry').click()
      await page.getByTestId(ready).waitFor()
      assert.equal(await page.getByTestId('list-error').count(), 0)
    })

  test('admins: your own account cannot be deleted; a search is kept in the URL across a reload', async ({
    assert,
  }) => {
    const page = await adminScreen('admins', { viewport: WIDE })
    await page.getByTestId('admins-table').getByText('admin@example.com').waitFor()
    assert.isTrue(await page.getByTestId('delete-admin').first().isDisabled())
    await page.getByLabel('Search admins').fill('nobody-like-this')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await page.getByTestId('admins-empty').waitFor()
    await page.reload()
    await page.getByTestId('admins-empty').waitFor()
    assert.equal(await page.getByLabel('Search admins').inputValue(), 'nobody-like-this')
  })

  test('doc templates: an unknown file is refused on its field, nothing added; a real one is added', async ({
    assert,
  }) => {
    const page = await adminScreen('templates', { viewport: WIDE })
    await page
      .getByTestId('doc-templates-table')
      .getByText('policy_confirmation.json')
      .first()
      .waitFor()
    const rows = await page.getByTestId('doc-templates-table').locator('tbody tr').count()
    await page.getByTestId('doc-add').click()
    await page.getByText('Product name is required').waitFor()
    await page.getByTestId('doc-product').fill('Legacy Basic')
    await page.getByTestId('doc-path').fill('legacy/certificate.json')
    await page.getByTestId('doc-add').click()
    await page
      .getByText('Template file legacy/certificate.json does not exist in the templates folder')
      .first()
      .waitFor()
    assert.equal(await page.getByTestId('doc-path').getAttribute('aria-invalid'), 'true')
    assert.notInclude(await page.content(), '/work/')
    await screenshot(page, 'ra-doc-template-refused')
    assert.equal(await page.getByTestId('doc-templates-table').locator('tbody tr').count(), rows)
    await page.getByTestId('doc-path').fill('policy_confirmation.json')
    await page.getByTestId('doc-add').click()
    await page.getByText('Template created successfully').waitFor()
    await page.getByTestId('doc-templates-table').getByText('Legacy Basic').waitFor()
    assert.equal(await page.getByTestId('doc-product').inputValue(), '')
  })

  test('currencies: a surcharge of 150 or -5 is refused on its field and nothing is saved; leaving with an edit asks', async ({
    assert,
  }) => {
    const page = await adminScreen('currencies', { viewport: WIDE })
    await page.getByTestId('currency-row-EUR').waitFor()
    const before = await db.from('currencies').where('code', 'EUR').first()
    for (const value of ['150', '-5']) {
      await page.getByTestId('surcharge-EUR').fill(value)
      await page.getByTestId('save-currency-EUR').click()
      await page.getByText('Surcharge must be between 0 and 100').waitFor()
      assert.equal(await page.getByTestId('surcharge-EUR').inputValue(), value, 'never clamped')
      assert.equal(await page.getByTestId('surcharge-EUR').getAttribute('aria-invalid'), 'true')
      assert.equal(await page.getByText('Currency EUR updated successfully').count(), 0)
    }
    const after = await db.from('currencies').where('code', 'EUR').first()
    assert.equal(Number(after.surcharge_percentage), Number(before.surcharge_percentage))
    await screenshot(page, 'ra-currency-refused')

    const questions: string[] = []
    page.once('dialog', (dialog) => {
      questions.push(dialog.message())
      void dialog.dismiss()
    })
    await page.getByTestId('admin-sidebar').getByRole('menuitem', { name: 'Products' }).click()
    await page.waitForTimeout(400)
    assert.lengthOf(questions, 1)
    assert.equal(new URL(page.url()).pathname, '/admin/currencies')

    await page.getByTestId('surcharge-EUR').fill('2.5')
    await page.getByTestId('save-currency-EUR').click()
    await page.getByText('Currency EUR updated successfully').waitFor()
    assert.equal(
      Number((await db.from('currencies').where('code', 'EUR').first()).surcharge_percentage),
      2.5
    )
  })

  test('the API logs modal names its migration and counts the latest attempt of each call', async ({
    assert,
  }) => {
    const { a } = await seedBackofficeData()
    const base = {
      migration_id: a,
      api_name: 'DHIG enrolment',
      member_name: 'Anna Schmidt',
      member_id_str: 'DEMO-1001',
      endpoint: 'https://dhig.example.com/enrol',
      request_payload: JSON.stringify({ memberId: 'DEMO-1001' }),
    }
    await ApiLog.create({
      ...base,
      success: false,
      response_status: 503,
      error_message: 'Service unavailable',
      response_payload: null,
    })
    await ApiLog.create({
      ...base,
      success: false,
      response_status: 503,
      error_message: 'Service unavailable',
      response_payload: null,
    })
    await ApiLog.create({
      ...base,
      success: true,
      response_status: 201,
      response_payload: JSON.stringify({ personId: 'P-77' }),
    })
    const page = await adminScreen('migrations', { viewport: WIDE })
    await page
      .getByTestId('migration-row')
      .filter({ hasText: 'MIG-T-A' })
      .getByTestId('open-api-logs')
      .click()
    const dialog = page.getByTestId('api-logs-dialog')
    await dialog.getByTestId('api-logs-summary').waitFor()
    assert.equal(
      (await dialog.getByTestId('api-logs-migration').textContent())?.trim(),
      'MIG-T-A · Anna Schmidt (DEMO-1001)'
    )
    assert.include(
      await dialog.getByTestId('api-logs-summary').textContent(),
      '1 succeeded0 failed'
    )
    assert.include(
      await dialog.getByTestId('api-logs-summary').textContent(),
      '1 calls, 3 attempts'
    )
    await screenshot(page, 'ra-api-logs-latest')
  })

  test('members: the seeded block on DEMO-1003 is shown and lifted; a principal without a migration is blocked with a reason; role and page survive a reload', async ({
    assert,
  }) => {
    const page = await adminScreen('members', { viewport: WIDE })
    const priya = page.getByTestId('member-row-DEMO-1003')
    await priya.getByTestId('member-blocked').waitFor()
    await priya.getByRole('button', { name: 'Unblock member' }).click()
    await page.getByTestId('block-dialog').waitFor()
    await page.getByTestId('block-confirm').click()
    await page.getByText('Successfully unblocked member').waitFor()
    await priya.getByTestId('member-blocked').waitFor({ state: 'detached' })
    const priyaRow = await db.from('members').where('member_id', 'DEMO-1003').first()
    assert.equal(
      Number(
        (
          await db
            .from('migration_blocks')
            .where('member_id', priyaRow.id)
            .where('active', true)
            .count('* as n')
            .first()
        ).n
      ),
      0
    )

    const anna = page.getByTestId('member-row-DEMO-1001')
    await anna.getByRole('button', { name: 'Block member' }).click()
    await page.getByTestId('block-reason').fill('Documents under review')
    await page.getByTestId('block-confirm').click()
    await page.getByText('Successfully blocked member').waitFor()
    await anna.getByTestId('member-blocked').waitFor()
    await screenshot(page, 'ra-members-blocked')

    await page.getByTestId('members-role-filter').click()
    await page.getByRole('option', { name: 'Child' }).click()
    await page.waitForURL((url) => url.search.includes('Child'))
    await page.getByTestId('member-row-DEMO-1001').waitFor({ state: 'detached' }) // a principal: the filtered page is shown
    const children = await page.locator('[data-testid^="member-row-"]').count()
    assert.equal(children, 3)
    await page.reload()
    await page.locator('[data-testid^="member-row-"]').first().waitFor()
    assert.equal(await page.locator('[data-testid^="member-row-"]').count(), children)
    assert.equal((await page.getByTestId('members-role-filter').textContent())?.trim(), 'Child')
  })

  test('migrations: a slow API shows loading, not the empty text', async ({ assert }) => {
    await seedBackofficeData()
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const page = await adminScreen('migrations', {
      viewport: WIDE,
      before: (opened) =>
        opened.route(
          (url) => url.pathname === '/api/admin/migrations',
          async (route) => {
            await held
            await route.continue()
          }
        ),
    })
    await page.getByTestId('list-loading').waitFor()
    await page.waitForTimeout(1200)
    assert.equal(await page.getByTestId('migrations-empty').count(), 0)
    assert.equal(await page.getByTestId('migration-row').count(), 0)
    release()
    await page.getByTestId('migration-row').nth(4).waitFor()
    assert.equal(await page.getByTestId('list-loading').count(), 0)
  })

  test('migrations: a reload keeps sort, filter and search; every column is visible at 1440 px', async ({
    assert,
  }) => {
    await seedBackofficeData()
    const page = await adminScreen('migrations', { viewport: WIDE })
    await page.getByTestId('migration-row').nth(4).waitFor()
    const actions = page.getByRole('columnheader', { name: 'Actions' })
    const box = (await actions.boundingBox())!
    assert.isAtMost(box.x + box.width, 1440, 'the Actions column ends inside the window')
    assert.equal(
      (await page.getByTestId('migrations-status-filter').textContent())?.trim(),
      'All Statuses'
    )

    await page.getByTestId('migrations-status-filter').click()
    await page.getByRole('option', { name: 'Failed' }).click()
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="migration-row"]').length === 2
    )
    await page.getByRole('columnheader', { name: 'Reference' }).getByRole('button').click()
    await page.waitForURL((url) => url.search.includes('migration_reference'))
    const before = await page
      .getByTestId('migration-row')
      .locator('td:first-child')
      .allTextContents()
    assert.deepEqual(before, ['MIG-T-B', 'MIG-T-E'])

    await page.reload()
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="migration-row"]').length === 2
    )
    assert.deepEqual(
      await page.getByTestId('migration-row').locator('td:first-child').allTextContents(),
      before
    )
    assert.equal(
      (await page.getByTestId('migrations-status-filter').textContent())?.trim(),
      'Failed'
    )
    const params = new URL(page.url()).searchParams
    assert.equal(JSON.parse(params.get('filter')!).status, 'failed')
    assert.equal(params.get('sort'), 'migration_reference')
  })

  test('settings: an invalid email stays on Settings with the field message, the admin still signed in', async ({
    assert,
  }) => {
    const page = await adminScreen('settings', { viewport: { width: 1400, height: 900 } })
    const input = page.getByTestId('setting-ADMIN_NOTIFICATION_EMAIL')
    await input.fill('not-an-email')
    await page.getByTestId('setting-TIMEZONE').fill('Europe/Zurich')
    await page.getByTestId('settings-save').click()
    await page.getByText('Admin notification email must be a valid email address').first().waitFor()
    await page.waitForTimeout(500)
    assert.equal(new URL(page.url()).pathname, '/admin/settings')
    assert.equal(await input.inputValue(), 'not-an-email', 'the pending edit is kept')
    assert.equal(await page.getByTestId('setting-TIMEZONE').inputValue(), 'Europe/Zurich')
    assert.equal(await input.getAttribute('aria-invalid'), 'true')
    const describedBy = await input.getAttribute('aria-describedby')
    assert.include(
      await page.locator(`[id="${describedBy}"]`).textContent(),
      'must be a valid email address'
    )
    await screenshot(page, 'ra-settings-field-error')
    const stored = await db
      .from('settings')
      .where('setting_key', 'ADMIN_NOTIFICATION_EMAIL')
      .first()
    assert.equal(stored.setting_value, 'admin@example.com')
    const me = await page.evaluate(() =>
      fetch('/api/admin/me', { credentials: 'include' }).then((answer) => answer.status)
    )
    assert.equal(me, 200)
  })

  test('settings: leaving with unsaved changes asks; cancelling stays, confirming leaves', async ({
    assert,
  }) => {
    const page = await adminScreen('settings', { viewport: { width: 1400, height: 900 } })
    await page.getByTestId('setting-ADMIN_NOTIFICATION_EMAIL').fill('ops@example.com')
    const questions: string[] = []
    page.once('dialog', (dialog) => {
      questions.push(dialog.message())
      void dialog.dismiss()
    })
    await page.getByTestId('admin-sidebar').getByRole('menuitem', { name: 'Migrations' }).click()
    await page.waitForTimeout(500)
    assert.lengthOf(questions, 1)
    assert.equal(new URL(page.url()).pathname, '/admin/settings')
    page.once('dialog', (dialog) => void dialog.accept())
    await page.getByTestId('admin-sidebar').getByRole('menuitem', { name: 'Migrations' }).click()
    await page.waitForURL('**/admin/migrations')
  })
})
