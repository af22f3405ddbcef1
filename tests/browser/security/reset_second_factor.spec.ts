/// <reference lib="dom" />
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { isolateEachTest } from '#tests/helpers/database'
import { adminScreen } from '#tests/helpers/browser_sessions'
import { AdminUser } from '#modules/admins/index'

/*
| An Owner resets another administrator's second factor from the Administrators screen: the row's "Reset two-factor" asks first, then the factor rows are gone and the audit
| trail says who did it. The Owner's own row offers no reset (the server refuses it too).
*/
test.group('Administrators: Reset two-factor', (group) => {
  isolateEachTest(group)

  test("an Owner resets another administrator's app and recovery codes after confirming", async ({
    assert,
  }) => {
    const other = await AdminUser.create({
      username: 'second',
      email: 'second@example.test',
      password: 'bob-pass-7100',
      role: 'owner',
    } as any)
    const now = new Date()
    await db.table('admin_totp').insert({
      admin_user_id: other.id,
      secret: 'not-read-here',
      confirmed_at: now,
      created_at: now,
    })
    await db
      .table('admin_recovery_codes')
      .insert({ admin_user_id: other.id, code_hash: 'a'.repeat(64), created_at: now })

    const page = await adminScreen('admins', { viewport: { width: 1280, height: 860 } })
    const rows = page.getByTestId('admins-table').locator('tbody tr')
    const ownRow = rows.filter({ hasText: 'admin@example.com' })
    const otherRow = rows.filter({ hasText: 'second@example.test' })
    await otherRow.waitFor()
    assert.equal(
      await ownRow.getByTestId('reset-two-factor').count(),
      0,
      "no reset on one's own row"
    )

    await otherRow.getByTestId('reset-two-factor').click()
    const dialog = page.getByRole('dialog')
    await dialog
      .getByText('Remove the authenticator app, passkeys and recovery codes of second?', {
        exact: false,
      })
      .waitFor()
    // axe and HTML_CodeSniffer on this dialog: matrix_finance.spec.ts ('admin-reset-two-factor').
    await dialog.getByRole('button', { name: 'Reset' }).click()
    await page
      .getByText(
        'Second factor reset. The administrator signs in with their password and sets up a new one.'
      )
      .waitFor()

    assert.lengthOf(await db.from('admin_totp').where('admin_user_id', other.id), 0)
    assert.lengthOf(await db.from('admin_recovery_codes').where('admin_user_id', other.id), 0)
    const entry = await db
      .from('audit_entries')
      .where('action', 'admin.reset_second_factor')
      .orderBy('id', 'desc')
      .first()
    assert.exists(entry, 'the reset is in the audit trail')
  }).timeout(120000)
})
