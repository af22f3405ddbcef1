/// <reference lib="dom" />
/*
| The accessibility matrix of the content and operations screens (axe and HTML_CodeSniffer at 390
| and 1280 px, each state loaded once, on one kept page): Email Overrides and its dialogs, Email
| Templates (view, preview, forms, a French version, delete), a currency's History, the audit log and
| its entry dialog, a migration's frozen quote, History panel, emails and outbox, the Dead Letters with
| the unknown emails and their Resend confirmation, a member's invitations, the app bar's spinner, the
| app bar's search with results (an option active) and with none ('global-search', the phone's dialog).
| The behaviour of these screens: product_email_screens, email_template_languages, audit_history,
| outbox_and_resend, accessible_names and global_search .spec.ts. Products, the Email Templates list and the empty
| Email Overrides: admin_axe_widths.spec.ts.
*/
import { test } from '@japa/runner'
import type { Page } from 'playwright-core'
import db from '@adonisjs/lucid/services/db'
import { isolateEachTest } from '#tests/helpers/database'
import { screenshot } from '#tests/helpers/browser'
import { adminScreen, goToScreen } from '#tests/helpers/browser_sessions'
import { insertMigration } from '#tests/helpers/backoffice_data'
import {
  KEY,
  migrationWithMovedRate,
  seedAuditEntries,
  seedInvitations,
  troubledMigration,
} from '#tests/helpers/operations_data'
import { axeViolations } from '#tests/helpers/axe'
import { htmlcsErrors } from '#tests/helpers/htmlcs'
import {
  WIDTHS,
  SWEEP_TIMEOUT,
  checkDialog,
  checkScreen,
  noViolations,
  pageOverflow,
  settled,
} from '#tests/helpers/admin_matrix'
import { searchableRecords } from '#tests/helpers/search_data'
import { Currency } from '#modules/catalog/index'
import { ApiLog } from '#modules/fulfilment/index'
import { EmailDelivery, EmailTemplate } from '#modules/notifications/index'

/**
 * axe and HTML_CodeSniffer on an email template's screen or dialog: its sandboxed frames hold the
 * administrator's HTML and the editor's content the template's own (layout tables with headings),
 * not the back-office's UI, so both are left out.
 */
async function templateClean(page: Page, assert: any, label: string, include?: string) {
  await page.waitForTimeout(400)
  const found = [
    ...(await axeViolations(page, include, { iframes: false })),
    ...(await htmlcsErrors(page, include, { exclude: '[data-testid="rich-text-editor"]' })).map(
      (line) => `htmlcs ${line}`
    ),
  ]
  assert.deepEqual(found, [], `${label}:\n${found.join('\n')}`)
}

/** A state reached by clicks on the screen shown: screenshot, both engines, no sideways scroll. */
async function checkState(page: Page, name: string, width: number, assert: any) {
  await page.waitForTimeout(400)
  await screenshot(page, `axe-${width}-${name}`)
  await noViolations(page, assert, `${name} at ${width}px`)
  assert.isAtMost(await pageOverflow(page), 0, `${name} does not scroll sideways at ${width}px`)
}

/** WCAG 2.5.3 label-in-name on the variable chips: a chip's name, if it has one, starts with its visible text. */
async function chipsNamedByTheirText(assert: any, page: Page) {
  const chips = page.locator('.MuiChip-root').filter({ hasText: /^\{\{\w+\}\}$/ })
  await chips.first().waitFor()
  const names = await chips.evaluateAll((elements) =>
    elements.map((chip) => [
      chip.textContent ?? '',
      chip.getAttribute('aria-label') ?? chip.textContent ?? '',
    ])
  )
  assert.isAbove(names.length, 0)
  for (const [visible, name] of names)
    assert.isTrue(name.startsWith(visible), `chip "${visible}" is named "${name}"`)
}

/** An open dialog's title. */
async function dialogTitle(page: Page) {
  return (await page.getByRole('dialog').locator('h2').first().textContent())?.trim()
}

/**
 * A finished migration of DEMO-1001 with a refused confirmation and a sent notification, its insurer
 * call in dead letter; a second one whose confirmation's delivery is unknown; two invitations of Anna.
 */
async function seedOperations() {
  const {
    id: troubled,
    member: anna,
    config,
    jobId,
  } = await troubledMigration('http://127.0.0.1:9/enrol')
  const refused = await EmailDelivery.query()
    .where('migration_id', troubled)
    .where('status', 'failed')
    .firstOrFail()
  const lost = await insertMigration('DEMO-1001', {
    status: 'completed_with_warnings',
    payment_status: 'succeeded',
    document_status: 'skipped',
    email_status: 'unknown',
    api_status: 'skipped',
  })
  await EmailDelivery.create({
    migration_id: lost,
    member_id: anna.id,
    email_type: 'migration_confirmation',
    recipient: anna.email!,
    recipient_source: 'member_email',
    subject: 'Your migration is confirmed',
    status: 'unknown',
    attempts: 1,
    error_message: 'The sender stopped after the hand-off to the mail server began',
    attachments: '[]',
    dedupe_key: `migration_confirmation:${lost}:${anna.id}`,
  })

  await seedInvitations(anna)

  /** The same migration once its confirmation was resent (and sent) and its call replayed (succeeded). */
  const resolve = async () => {
    await EmailDelivery.create({
      migration_id: troubled,
      member_id: anna.id,
      email_type: 'migration_confirmation',
      recipient: anna.email!,
      recipient_source: 'member_email',
      subject: 'Confirmed',
      status: 'sent',
      attempts: 1,
      attachments: '[]',
      resend_of: refused.id,
      dedupe_key: `migration_confirmation:${troubled}:${anna.id}:resend:1`,
    })
    await ApiLog.create({
      migration_id: troubled,
      api_configuration_id: config.id,
      api_name: 'DHIG',
      member_id: anna.id,
      member_name: anna.insured_full_name,
      member_id_str: anna.member_id,
      endpoint: config.endpoint_url,
      success: true,
      response_status: 200,
      request_payload: '{}',
      response_payload: '{}',
      attempt: 6,
      idempotency_key: `${KEY}:${config.id}`,
    })
    await db.from('jobs').where('id', jobId).update({ status: 'done' })
  }
  return { troubled, resolve }
}

test.group(
  'Back-office content and operations screens: axe and layout at 390 px and 1280 px',
  (group) => {
    isolateEachTest(group)
    // A screen sweep: run on one database only (scripts/test-all.sh).
    group.tap((t) => t.tags(['@screens']))

    for (const width of WIDTHS) {
      test(`email overrides, email templates, audit trail, outbox and dead letters at ${width}px`, async ({
        assert,
      }) => {
        const template = await EmailTemplate.create({
          template_type: 'migration_confirmation',
          name: 'Spring campaign',
          subject: 'Hello {{member_name}}',
          html_content: '<p>Dear {{member_name}},</p>',
          is_active: false,
        })
        const euro = await Currency.findByOrFail('code', 'EUR')
        await seedAuditEntries(euro.id)
        const quoted = await migrationWithMovedRate()
        const { troubled, resolve } = await seedOperations()
        const page = await adminScreen('email-overrides', { viewport: { width, height: 860 } })

        // Email Overrides: the add dialog with its error and the member search's results.
        await page.getByTestId('overrides-empty').waitFor()
        await page.getByTestId('add-override').click()
        await page.getByTestId('override-submit').click()
        await page.getByTestId('override-error').waitFor()
        await page.getByTestId('member-search').fill('rivera')
        await page.getByTestId('member-search-results').waitFor()
        assert.equal(
          await page
            .getByTestId('member-search-results')
            .getByText('Carlos Rivera (DEMO-1002)')
            .count(),
          1
        )
        await screenshot(page, `axe-${width}-override-add`)
        await noViolations(page, assert, `'override-add' at ${width}px`, '[role="dialog"]')
        await page
          .getByTestId('member-search-results')
          .getByText('Carlos Rivera (DEMO-1002)')
          .click()
        await page.getByTestId('override-email').fill('qa@example.com')
        await page.getByTestId('override-submit').click()
        await page.getByTestId('override-card-DEMO-1002').waitFor()
        await page.getByTestId('override-dialog').waitFor({ state: 'detached' })
        await checkState(page, 'email-overrides-list', width, assert)
        assert.equal(await page.getByTestId('override-card-DEMO-1002').count(), 1)
        await checkDialog(
          page,
          page.getByRole('button', { name: 'Edit override' }),
          'override-edit',
          width,
          assert
        )
        await checkDialog(
          page,
          page.getByRole('button', { name: 'Delete override' }),
          'override-delete',
          width,
          assert
        )

        // Email Templates: a template's view, its preview, the edit forms, a new one, its deletion.
        await goToScreen(page, 'email-templates')
        await page.getByTestId('template-list').getByText(template.name).click()
        await page.getByTestId('template-view').waitFor()
        assert.include(await page.getByTestId('template-view').textContent(), template.name)
        await screenshot(page, `axe-${width}-email-template-view`)
        await templateClean(page, assert, `email template view at ${width}px`)
        await page.getByTestId('template-view-preview').click()
        await page.getByTestId('preview-subject').waitFor()
        assert.equal(await dialogTitle(page), 'Preview with sample data')
        await screenshot(page, `axe-${width}-email-template-preview`)
        await templateClean(
          page,
          assert,
          `'email-template-preview' at ${width}px`,
          '[role="dialog"]'
        )
        await page.getByTestId('preview-dialog').getByRole('button', { name: 'Close' }).click()
        await page.getByTestId('preview-dialog').waitFor({ state: 'detached' })
        await page.getByTestId('template-edit').click()
        await page.getByTestId('rich-text-editor').waitFor()
        await screenshot(page, `axe-${width}-email-template-edit`)
        await chipsNamedByTheirText(assert, page)
        await templateClean(page, assert, `email template edit at ${width}px`)
        // An active template's form: its type is locked, with a disabled field's helper text (contrast).
        await page.getByTestId('template-cancel').click()
        await page.getByTestId('template-list').getByText('Active', { exact: true }).first().click()
        await page.getByTestId('template-edit').click()
        await page.getByText('The active template keeps its type').waitFor()
        await templateClean(page, assert, `active email template edit at ${width}px`)
        await page.getByTestId('template-new').click()
        await page.getByTestId('template-name').waitFor()
        await page.getByTestId('template-save').click()
        await page.getByText('Please fill in all required fields').first().waitFor()
        assert.isAbove(await page.getByText('Please fill in all required fields').count(), 0)
        await templateClean(page, assert, `email template new with errors at ${width}px`)
        // A French version's form, filled in (email_template_languages.spec.ts saves it).
        await page.getByTestId('template-name').fill('Reçu (printemps)')
        await page.getByTestId('template-subject').fill('Reçu {{migration_reference}}')
        await page.getByRole('combobox', { name: 'Language' }).click()
        await page.getByRole('option', { name: 'French' }).click()
        await page.getByRole('option').first().waitFor({ state: 'detached' })
        assert.equal(await page.getByRole('combobox', { name: 'Language' }).textContent(), 'French')
        await screenshot(page, `axe-${width}-email-template-language`)
        await templateClean(page, assert, `email template new, French, at ${width}px`)
        await page.getByTestId('template-cancel').click()
        await page.getByTestId('template-list').getByText(template.name).click()
        await checkDialog(
          page,
          page.getByTestId('template-delete'),
          'email-template-delete',
          width,
          assert
        )

        // A currency's History dialog, with the change recorded.
        await goToScreen(page, 'currencies')
        const history = page.getByTestId(`history-button-currency-${euro.id}`)
        await history.waitFor()
        await history.click()
        const entry = page.getByTestId('history-dialog').getByTestId('history-entry').first()
        await entry.waitFor()
        assert.equal(await entry.getByTestId('history-action').textContent(), 'currency.update')
        await page.getByTestId('history-dialog').getByRole('button', { name: 'Close' }).click()
        await page.getByTestId('history-dialog').waitFor({ state: 'detached' })
        await checkDialog(page, history, 'history', width, assert, 'Close')

        // The audit log (each entry's View button named) and an entry with a masked field.
        await checkScreen(page, 'settings/audit-log', width, assert)
        assert.isAtLeast(await page.getByTestId('audit-entry-open').count(), 3)
        const cliEntry = page
          .getByTestId('audit-row')
          .filter({ hasText: 'api_config.update' })
          .getByTestId('audit-entry-open')
        await cliEntry.click()
        await page.getByTestId('audit-entry-changes').waitFor()
        assert.include(await dialogTitle(page), 'api_config.update')
        await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click()
        await page.getByRole('dialog').waitFor({ state: 'detached' })
        await checkDialog(page, cliEntry, 'audit-entry', width, assert, 'Close')

        // A migration whose rates moved: its frozen quote card and empty History panel.
        await checkScreen(page, `migrations/${quoted}`, width, assert)
        assert.equal(
          await page.getByTestId('frozen-quote-status').textContent(),
          "Today's rates differ"
        )
        assert.equal(
          await page.getByTestId('history-panel').getByTestId('history-empty').count(),
          1
        )

        // The Dead Letters: the call in dead letter, the unknown email, its Resend confirmation.
        await checkScreen(page, 'dead-letters', width, assert)
        assert.isAbove(await page.getByTestId('dead-letter-row').count(), 0)
        assert.isAbove(await page.getByTestId('unknown-email-row').count(), 0)
        const unknownRow = page.getByTestId('unknown-email-row').first()
        await checkDialog(
          page,
          unknownRow.getByTestId('resend-unknown-email'),
          'unknown-email-resend',
          width,
          assert
        )

        // The troubled migration's emails (with reasons) and outbox; then resent and replayed.
        await checkScreen(page, `migrations/${troubled}`, width, assert)
        assert.include(await page.getByTestId('outbox-call-row').textContent(), 'dead letter')
        assert.deepEqual(await page.getByTestId('recipient-reason').allTextContents(), [
          "Member's email",
          'Admin notification email',
        ])
        await resolve()
        await goToScreen(page, 'migrations')
        await checkScreen(page, `migrations/${troubled}`, width, assert)
        await page.getByTestId('outbox-call-row').getByText('succeeded').waitFor()
        assert.equal(await page.getByTestId('email-delivery-row').count(), 3)

        // A member's invitations in the member details; the app bar's spinner during a reload.
        // The pointer, left where the last dialog's button was, would open a tooltip on the list.
        await page.mouse.move(0, 0)
        await checkScreen(page, 'members', width, assert)
        // The member details with both invitations listed ('member-details-invitations').
        await page
          .getByTestId('member-row-DEMO-1001')
          .getByRole('button', { name: 'View member' })
          .click()
        await page.getByTestId('member-invitation-row').nth(1).waitFor()
        assert.equal(await page.getByTestId('member-invitation-row').count(), 2)
        await page.waitForTimeout(400)
        await screenshot(page, `axe-${width}-member-details-invitations`)
        await noViolations(
          page,
          assert,
          `member details with invitations at ${width}px`,
          '[role="dialog"]'
        )
        // Over it, an Owner's "Erase personal data" with its typed phrase ('member-erasure'), cancelled.
        const erasureName = 'member-erasure'
        await page.getByTestId('erase-member').click()
        const erasure = page.getByTestId('erasure-dialog').getByRole('dialog')
        await erasure.waitFor()
        await page.waitForTimeout(400)
        await screenshot(page, `axe-${width}-${erasureName}`)
        await noViolations(
          page,
          assert,
          `${erasureName} at ${width}px`,
          '[data-testid="erasure-dialog"]'
        )
        const erasureBox = (await erasure.boundingBox())!
        assert.isAtMost(erasureBox.x + erasureBox.width, width, `erasure fits at ${width}px`)
        await erasure.getByRole('button', { name: 'Cancel', exact: true }).click()
        await page.getByTestId('erasure-dialog').waitFor({ state: 'detached' })
        await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click()
        await page.getByRole('dialog').waitFor({ state: 'detached' })
        let release = () => {}
        const held = new Promise<void>((resolveHeld) => (release = resolveHeld))
        await page.route('**/api/admin/**', async (route) => {
          await held
          await route.continue()
        })
        // On a phone react-admin's app bar slides away while the page is scrolled down (the Members
        // list with its filters is longer than the screen): back at the top it shows again.
        await page.evaluate(() => window.scrollTo(0, 0))
        await page.locator('header').getByRole('button', { name: 'Refresh' }).click()
        const spinner = page.locator('header .app-loader')
        await spinner.waitFor()
        await noViolations(page, assert, `app bar loading at ${width}px`, 'header')
        assert.equal(await spinner.getAttribute('role'), 'progressbar')
        assert.equal(await spinner.getAttribute('aria-label'), 'Loading')
        release()
        await spinner.waitFor({ state: 'detached' })
        await settled(page)
      }).timeout(SWEEP_TIMEOUT)
    }

    for (const width of WIDTHS) {
      test(`the app bar's search: results with an option active, no results at ${width}px`, async ({
        assert,
      }) => {
        const { migrationId } = await searchableRecords()
        const page = await adminScreen('dashboard', { viewport: { width, height: 860 } })
        await settled(page)
        // On a phone the box is in the "Search" dialog ('global-search') behind the app bar's icon.
        if (width < 600) await page.getByTestId('global-search-open').click()
        const input = page.getByRole('combobox', {
          name: 'Search members, migrations, payments and notes',
        })
        await input.fill('mig-srch-70')
        await page.getByTestId(`global-search-migration-${migrationId}`).waitFor()
        await input.press('ArrowDown')
        await checkState(page, 'global-search-results', width, assert)
        await input.fill('no such record')
        await page.getByTestId('global-search-none').waitFor()
        await checkState(page, 'global-search-none', width, assert)
        await input.press('Escape')
        await page.getByTestId('global-search-none').waitFor({ state: 'detached' })
        if (width < 600) {
          await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click()
          await page.getByRole('dialog').waitFor({ state: 'detached' })
        }
      }).timeout(SWEEP_TIMEOUT)
    }
  }
)
