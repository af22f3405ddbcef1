/// <reference lib="dom" />
import { test } from '@japa/runner'
import { isolateEachTest } from '#tests/helpers/database'
import { newPage, screenshot } from '#tests/helpers/browser'
import { loginAsAdmin } from '#tests/helpers/browser_sessions'
import { seedBackofficeData } from '#tests/helpers/backoffice_data'
import { ApiLog } from '#modules/fulfilment/index'
import {
  WIDTHS,
  SWEEP_TIMEOUT,
  checkDialog,
  checkScreen,
  noViolations,
} from '#tests/helpers/admin_matrix'

test.group('Back-office: axe and layout at 390 px and 1280 px', (group) => {
  isolateEachTest(group)
  // A screen sweep: run on one database only (scripts/test-all.sh).
  group.tap((t) => t.tags(['@screens']))

  for (const width of WIDTHS) {
    test(`login page, dashboard, migrations, migration detail and settings at ${width}px`, async ({
      assert,
      cleanup,
    }) => {
      const { a } = await seedBackofficeData()
      const { context, page } = await newPage({ viewport: { width, height: 860 } })
      cleanup(() => context.close())
      await page.goto('/admin/login')
      await page.getByTestId('admin-login-button').waitFor()
      await page.waitForTimeout(300)
      await screenshot(page, `axe-${width}-login`)
      await noViolations(page, assert, `login at ${width}px`)
      await loginAsAdmin(page)
      await page.getByTestId('tile-migrations').waitFor()
      await checkScreen(page, 'dashboard', width, assert)
      await checkScreen(page, 'migrations', width, assert)
      await checkScreen(page, `migrations/${a}`, width, assert)
      await checkScreen(page, 'settings', width, assert)
    }).timeout(SWEEP_TIMEOUT)

    test(`members with its add, edit, details and block dialogs at ${width}px`, async ({
      assert,
      cleanup,
    }) => {
      const { context, page } = await newPage({ viewport: { width, height: 860 } })
      cleanup(() => context.close())
      await loginAsAdmin(page)
      await checkScreen(page, 'members', width, assert)
      await checkDialog(page, page.getByTestId('add-member'), 'member-add', width, assert)
      const row = page.getByTestId('member-row-DEMO-1001')
      await checkDialog(
        page,
        row.getByRole('button', { name: 'Edit member' }),
        'member-edit',
        width,
        assert
      )
      await checkDialog(
        page,
        row.getByRole('button', { name: 'View member' }),
        'member-details',
        width,
        assert,
        'Close'
      )
      await checkDialog(page, row.getByTestId('member-block-toggle'), 'member-block', width, assert)
      await checkDialog(
        page,
        row.getByRole('button', { name: 'Delete member' }),
        'member-delete',
        width,
        assert
      )
    }).timeout(SWEEP_TIMEOUT)

    test(`admins with its add, edit, password and delete dialogs at ${width}px`, async ({
      assert,
      cleanup,
    }) => {
      const { context, page } = await newPage({ viewport: { width, height: 860 } })
      cleanup(() => context.close())
      await loginAsAdmin(page)
      await checkScreen(page, 'admins', width, assert)
      await checkDialog(page, page.getByTestId('add-admin'), 'admin-add', width, assert)
      // The create dialog's check, shown on its fields and in its alert, is checked too.
      await page.getByTestId('add-admin').click()
      await page.getByTestId('admin-form-submit').click()
      await page.getByTestId('admin-form-error').waitFor()
      await noViolations(page, assert, `admin-add with errors at ${width}px`, '[role="dialog"]')
      await screenshot(page, `axe-${width}-admin-add-errors`)
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click()
      await page.getByRole('dialog').waitFor({ state: 'detached' })
      await checkDialog(
        page,
        page.getByRole('button', { name: 'Edit admin' }).first(),
        'admin-edit',
        width,
        assert
      )
      await checkDialog(
        page,
        page.getByRole('button', { name: 'Change password' }).first(),
        'admin-password',
        width,
        assert
      )
      await page.getByTestId('add-admin').click()
      await page.getByTestId('admin-form-username').fill('second')
      await page.getByTestId('admin-form-email').fill('second@example.test')
      await page.getByTestId('admin-form-password').fill('secret-123-abc')
      await page.getByTestId('admin-form-submit').click()
      await page.getByTestId('admins-table').getByText('second@example.test').waitFor()
      await checkDialog(
        page,
        page.locator('[data-testid="delete-admin"]:not([disabled])').first(),
        'admin-delete',
        width,
        assert
      )
    }).timeout(SWEEP_TIMEOUT)

    test(`currencies, doc templates and API configs with their forms and confirmations at ${width}px`, async ({
      assert,
      cleanup,
    }) => {
      const { context, page } = await newPage({ viewport: { width, height: 860 } })
      cleanup(() => context.close())
      await loginAsAdmin(page)
      await checkScreen(page, 'currencies', width, assert)
      await checkScreen(page, 'templates', width, assert)
      await checkDialog(
        page,
        page
          .getByTestId('doc-templates-table')
          .getByRole('button', { name: /delete/i })
          .first(),
        'template-delete',
        width,
        assert
      )
      await checkScreen(page, 'api-configs', width, assert)
      // The Add API form's validators: messages on their fields, nothing sent.
      await page.getByTestId('api-url').fill('not a url')
      await page.getByTestId('api-add').click()
      await page.getByText('Name is required').waitFor()
      await page.getByText('Endpoint URL must be a valid URL').waitFor()
      await noViolations(page, assert, `api-configs form with errors at ${width}px`)
      await screenshot(page, `axe-${width}-api-configs-errors`)
      await page.getByTestId('api-name').fill('Insurer')
      await page.getByTestId('api-url').fill('https://insurer.example.test/enrol')
      await page.getByTestId('api-add').click()
      await page.getByTestId('api-configs-list').waitFor()
      await page.waitForTimeout(400)
      await noViolations(page, assert, `api-configs with an entry at ${width}px`)
      await screenshot(page, `axe-${width}-api-configs-entry`)
      await checkDialog(
        page,
        page
          .getByTestId('api-configs-list')
          .getByRole('button', { name: /delete/i })
          .first(),
        'api-config-delete',
        width,
        assert
      )
    }).timeout(SWEEP_TIMEOUT)

    // The states react_admin_screens.spec.ts checked with axe alone (at 1440 px), each loaded once here.
    test(`lists, the API logs dialog and the refused currency and doc-template forms at ${width}px`, async ({
      assert,
      cleanup,
    }) => {
      const { a } = await seedBackofficeData()
      await ApiLog.create({
        migration_id: a,
        api_name: 'DHIG enrolment',
        member_name: 'Anna Schmidt',
        member_id_str: 'DEMO-1001',
        endpoint: 'https://dhig.example.com/enrol',
        request_payload: JSON.stringify({ memberId: 'DEMO-1001' }),
        success: false,
        response_status: 503,
        error_message: 'Service unavailable',
        response_payload: null,
      })
      const { context, page } = await newPage({ viewport: { width, height: 860 } })
      cleanup(() => context.close())
      await loginAsAdmin(page)
      for (const screen of [
        'unmigrated-users',
        'subscriptions',
        'products',
        'email-templates',
        'email-overrides',
      ])
        await checkScreen(page, screen, width, assert)

      await checkScreen(page, 'migrations', width, assert)
      await checkDialog(
        page,
        page
          .getByTestId('migration-row')
          .filter({ hasText: 'MIG-T-A' })
          .getByTestId('open-api-logs'),
        'api-logs',
        width,
        assert,
        'Close'
      )

      await checkScreen(page, 'admins', width, assert)
      await page.getByLabel('Search admins').fill('nobody-like-this')
      await page.getByRole('button', { name: 'Search', exact: true }).click()
      await page.getByTestId('admins-empty').waitFor()
      await noViolations(page, assert, `admins without a match at ${width}px`)

      await checkScreen(page, 'currencies', width, assert)
      await page.getByTestId('surcharge-EUR').fill('150')
      await page.getByTestId('save-currency-EUR').click()
      await page.getByText('Surcharge must be between 0 and 100').waitFor()
      await noViolations(page, assert, `currencies with a refused surcharge at ${width}px`)

      await checkScreen(page, 'templates', width, assert)
      await page.getByTestId('doc-product').fill('Legacy Basic')
      await page.getByTestId('doc-path').fill('legacy/certificate.json')
      await page.getByTestId('doc-add').click()
      await page.getByText('does not exist in the templates folder').first().waitFor()
      await noViolations(page, assert, `doc templates with a refused file at ${width}px`)
    }).timeout(SWEEP_TIMEOUT)
  }
})
