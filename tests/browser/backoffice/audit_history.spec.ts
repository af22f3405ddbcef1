/// <reference lib="dom" />
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { isolateEachTest } from '#tests/helpers/database'
import { screenshot } from '#tests/helpers/browser'
import { adminScreen, goToScreen } from '#tests/helpers/browser_sessions'
import { insertMigration } from '#tests/helpers/backoffice_data'
import { migrationWithMovedRate, seedAuditEntries } from '#tests/helpers/operations_data'
import { recordAudit } from '#modules/audit/index'
import { Currency } from '#modules/catalog/index'
import { Member } from '#modules/members/index'

/** The window of these tests (390 px and 1280 px layouts, axe: matrix_content.spec.ts). */
const WIDE = { viewport: { width: 1280, height: 900 } }

test.group('Back-office audit trail screens and frozen quote', (group) => {
  isolateEachTest(group)

  test('a currency edited on its screen shows the change, before → after, in its History', async ({
    assert,
  }) => {
    const euro = await Currency.findByOrFail('code', 'EUR')
    const page = await adminScreen('currencies', WIDE)
    const surcharge = '3.5'
    await page.getByTestId('surcharge-EUR').fill(surcharge)
    await page.getByTestId('save-currency-EUR').click()
    await page.getByText('Currency EUR updated successfully').waitFor()
    await page.getByTestId(`history-button-currency-${euro.id}`).click()
    const dialog = page.getByTestId('history-dialog')
    const newest = dialog.getByTestId('history-entry').first()
    await newest.waitFor()
    assert.equal(await newest.getByTestId('history-action').textContent(), 'currency.update')
    assert.equal(await newest.getByTestId('history-actor').textContent(), 'admin')
    const change = newest.getByTestId('audit-change-surcharge_percentage')
    assert.equal(await change.getByTestId('audit-before').textContent(), '2')
    assert.equal(await change.getByTestId('audit-after').textContent(), surcharge)
    await screenshot(page, 'history-currency-1280')
  })

  test('History panel: empty, newest first and paged on the member details, error with Retry', async ({
    assert,
  }) => {
    const anna = await Member.findByOrFail('member_id', 'DEMO-1001')
    const page = await adminScreen('migrations', WIDE)
    // No entry yet: the empty text.
    const id = await insertMigration('DEMO-1001', {})
    await goToScreen(page, `migrations/${id}`)
    await page.getByTestId('history-empty').waitFor()
    assert.equal(await page.getByTestId('history-empty').textContent(), 'No changes recorded yet.')

    await db.transaction(async (trx) => {
      for (let n = 1; n <= 7; n++)
        await recordAudit(trx, {
          actor: 'admin',
          action: 'member.update',
          entityType: 'member',
          entityId: anna.id,
          before: { phone: `${n - 1}` },
          after: { phone: `${n}` },
        })
    })
    const failing = (url: URL) => url.pathname === '/api/admin/audit-log'
    await page.route(failing, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, error: 'Internal server error' }),
      })
    )
    // Moved away and back with react-admin's cache emptied: the history is asked for again.
    await goToScreen(page, 'migrations')
    await page.evaluate(() =>
      (window as { __adminQueryClient?: { clear(): void } }).__adminQueryClient?.clear()
    )
    await goToScreen(page, `migrations/${id}`)
    await page.getByTestId('history-error').waitFor()
    assert.include(
      await page.getByTestId('history-error').textContent(),
      'Could not load the history: Internal server error'
    )
    await page.unroute(failing)

    await goToScreen(page, 'members')
    await page
      .getByTestId('member-row-DEMO-1001')
      .getByRole('button', { name: 'View member' })
      .click()
    const panel = page.getByTestId('member-details').getByTestId('history-panel')
    await panel.getByTestId('history-entry').nth(4).waitFor()
    const afters = async () => panel.getByTestId('audit-after').allTextContents()
    assert.deepEqual(await afters(), ['7', '6', '5', '4', '3'])
    await panel.getByTestId('history-older').click()
    await panel.getByText('Page 2 of 2').waitFor()
    assert.deepEqual(await afters(), ['2', '1'])
    await screenshot(page, 'history-member-1280')
  })

  test('audit log: reached from Settings, filtered (kept across a reload), entry dialog, empty and error states', async ({
    assert,
  }) => {
    await seedAuditEntries()
    {
      const width = 1280
      const page = await adminScreen('settings', WIDE)
      await page.getByTestId('open-audit-log').click()
      await page.waitForURL('**/admin/settings/audit-log')
      await page.getByTestId('audit-row').nth(2).waitFor()
      // Newest first: the three just recorded lead (entries committed by other suites, e.g. the CLI's, follow),
      // after this test's own sign-ins (the sign-in history is in the trail: docs/security.md "Passwords").
      const actions = await page
        .getByTestId('audit-row')
        .locator('td:nth-child(3)')
        .allTextContents()
      assert.deepEqual(actions.filter((action) => action !== 'admin.sign_in').slice(0, 3), [
        'currency.update',
        'api_config.update',
        'product.update',
      ])
      assert.equal(
        await page.getByTestId('admin-sidebar').locator('a').count(),
        15,
        'the sidebar keeps the 15 entries'
      )

      await page.getByTestId('audit-filter-actor').fill('cli:ops')
      await page.waitForFunction(() =>
        new URL(location.href).searchParams.get('filter')?.includes('cli:ops')
      )
      await page.getByTestId('audit-row').nth(1).waitFor({ state: 'detached' })
      await page.reload()
      await page.getByTestId('audit-row').first().waitFor()
      assert.equal(await page.getByTestId('audit-filter-actor').inputValue(), 'cli:ops')
      assert.equal(await page.getByTestId('audit-row').count(), 1)

      await screenshot(page, `audit-log-${width}`)
      assert.isAtMost(
        await page.evaluate(() => document.documentElement.scrollWidth),
        width,
        'the table scrolls inside its card, not the page'
      )
      await page.getByTestId('audit-row').first().click()
      const changes = page.getByTestId('audit-entry-changes')
      await changes.waitFor()
      assert.equal(
        await changes
          .getByTestId('audit-change-auth_config')
          .getByTestId('audit-after')
          .textContent(),
        '••••••••'
      )
      assert.equal(
        await changes.getByTestId('audit-change-name').getByTestId('audit-before').textContent(),
        'DHIG'
      )
      assert.equal(
        await changes.getByTestId('audit-change-name').getByTestId('audit-after').textContent(),
        'DHIG v2'
      )
      await screenshot(page, `audit-entry-${width}`)
      await page.keyboard.press('Escape')
      await changes.waitFor({ state: 'detached' })
      await page.getByTestId('audit-entry-open').first().click()
      await changes.waitFor()

      await goToScreen(page, 'settings/audit-log?filter=%7B%22action%22%3A%22nothing.here%22%7D')
      await page.getByTestId('audit-empty').waitFor()
      assert.equal(
        await page.getByTestId('audit-empty').textContent(),
        'No audit entries match these filters'
      )
    }

    // Its list parameters forgotten (adminScreen empties the stored filters), the list fails.
    const failing = (url: URL) => url.pathname === '/api/admin/audit-log'
    const page = await adminScreen('settings/audit-log', {
      ...WIDE,
      before: (opened) =>
        opened.route(failing, (route) =>
          route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ success: false, error: 'Internal server error' }),
          })
        ),
    })
    await page.getByTestId('list-error').waitFor()
    assert.include(
      await page.getByTestId('list-error').textContent(),
      'Could not load the audit log: Internal server error'
    )
    await page.unroute(failing)
    await page.getByTestId('list-retry').click()
    await page.getByTestId('audit-row').nth(2).waitFor()
  })

  test('frozen quote card: the rates the price used, the quote date and the difference to today', async ({
    assert,
  }) => {
    const width = 1280
    const id = await migrationWithMovedRate()
    const [line] = await db.from('migration_members').where('migration_id', id).select('id')
    {
      const page = await adminScreen(`migrations/${id}`, WIDE)
      const card = page.getByTestId('frozen-quote')
      await card.getByTestId('frozen-quote-target-rate').waitFor()
      assert.equal(
        await card.getByTestId('frozen-quote-status').textContent(),
        "Today's rates differ"
      )
      assert.include(
        await card.getByTestId('frozen-quote-date').textContent(),
        'Priced on 20.11.2026 09:30:00 UTC'
      )
      assert.deepEqual(
        await card.getByTestId('frozen-quote-target-rate').locator('th, td').allTextContents(),
        ['EUR rate (paid in)', '0.92', '0.95', '+0.03 (+3.26 %)']
      )
      assert.deepEqual(
        await card.getByTestId('frozen-quote-surcharge').locator('th, td').allTextContents(),
        ['EUR surcharge', '2 %', '2 %', 'No change']
      )
      assert.deepEqual(
        await card
          .getByTestId(`frozen-quote-member-${line.id}`)
          .locator('th, td')
          .allTextContents(),
        ['Emma Johansson: GBP rate (premium)', '0.79', '0.79', 'No change']
      )
      await page.getByTestId('history-panel').getByTestId('history-empty').waitFor()
      await card.scrollIntoViewIfNeeded()
      await screenshot(page, `frozen-quote-${width}`)
    }
  })
})
