/// <reference lib="dom" />
import { test } from '@japa/runner'
import { isolateEachTest } from '#tests/helpers/database'
import { adminScreen } from '#tests/helpers/browser_sessions'
import db from '@adonisjs/lucid/services/db'
import { recordAudit } from '#modules/audit/index'

/**
 * Accessible names that say what is on screen (WCAG 2.5.3 label-in-name, 4.1.2 name).
 * axe's button-name on the audit log, aria-progressbar-name on the spinner and HTML_CodeSniffer's
 * H32.2 on the phone's Members run in the matrix (matrix_content.spec.ts, admin_axe_widths.spec.ts).
 */
test.group('Back-office accessible names', (group) => {
  isolateEachTest(group)

  test("audit log: each entry's View button is named starting with its visible text", async ({
    assert,
  }) => {
    await db.transaction((trx) =>
      recordAudit(trx, {
        actor: 'admin',
        action: 'product.update',
        entityType: 'product',
        entityId: 1,
        before: { disabled: false },
        after: { disabled: true },
      })
    )
    const page = await adminScreen('settings/audit-log', { viewport: { width: 1280, height: 900 } })
    await page.getByTestId('audit-entry-open').first().waitFor()
    // The installed axe has no label-in-name rule: its check, the visible text within the name, done here.
    const names = await page
      .getByTestId('audit-entry-open')
      .evaluateAll((buttons) =>
        buttons.map((button) => [button.textContent ?? '', button.getAttribute('aria-label') ?? ''])
      )
    assert.isAbove(names.length, 0)
    for (const [visible, name] of names)
      assert.isTrue(
        name.toLowerCase().startsWith(visible.trim().toLowerCase()),
        `"${name}" does not contain "${visible}"`
      )
  }).timeout(60_000)

  test("the app bar's spinner, shown while a call is in flight, is a progress bar named Loading", async ({
    assert,
  }) => {
    const page = await adminScreen('members', { viewport: { width: 1280, height: 900 } })
    await page.getByTestId('member-row-DEMO-1001').waitFor()
    await page.waitForLoadState('networkidle')
    // The list's reload is held until the checks have run: the spinner stays on screen.
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/admin/**', async (route) => {
      await held
      await route.continue()
    })
    await page.locator('header').getByRole('button', { name: 'Refresh' }).click()
    const spinner = page.locator('header .app-loader')
    await spinner.waitFor()
    assert.equal(await spinner.getAttribute('role'), 'progressbar')
    assert.equal(await spinner.getAttribute('aria-label'), 'Loading')
    release()
    await spinner.waitFor({ state: 'detached' })
  }).timeout(60_000)

  test('import: the file input has a name', async ({ assert }) => {
    const page = await adminScreen('import', { viewport: { width: 1280, height: 900 } })
    const input = page.getByTestId('import-file')
    await input.waitFor({ state: 'attached' })
    // Hidden from view, so axe skips it; HTML_CodeSniffer (and a screen reader's forms list) does not.
    assert.equal(await input.getAttribute('aria-label'), 'Census file to import')
    assert.equal(await input.getAttribute('name'), 'census')
  }).timeout(60_000)

  test('phone: list filters are no form without a submit (HTML_CodeSniffer H32.2) and the menu drawer is a dialog named Menu', async ({
    assert,
  }) => {
    const page = await adminScreen('members', { viewport: { width: 390, height: 860 } })
    await page.getByTestId('members-search').waitFor()
    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.getByRole('navigation', { name: 'Back-office' }).waitFor()
    assert.equal(await page.getByRole('dialog', { name: 'Menu' }).count(), 1)
  }).timeout(60_000)
})
