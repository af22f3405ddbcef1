/// <reference lib="dom" />
import { test } from '@japa/runner'
import { isolateEachTest, TEST_ADMIN } from '#tests/helpers/database'
import { screenshot } from '#tests/helpers/browser'
import { adminScreen } from '#tests/helpers/browser_sessions'
import { CookieClient } from '#tests/helpers/cookie_client'

/*
| The Security page, signed in (adminScreen): "Sign out this one" ends the other device (which
| then gets 401) while this one stays. Its axe and HTML_CodeSniffer at 390 and 1280 px:
| backoffice/matrix_security.spec.ts.
*/
test.group('Security page', (group) => {
  isolateEachTest(group)

  test('lists this device and another, signs the other out', async ({ assert }) => {
    const phone = new CookieClient()
    assert.equal((await phone.post('/api/admin/login', TEST_ADMIN)).status, 200)
    const page = await adminScreen('security', { viewport: { width: 390, height: 860 } })
    const rows = page.getByTestId('security-session-row')
    await rows.nth(1).waitFor()
    await page.getByTestId('security-sign-ins').waitFor()
    assert.equal(await rows.count(), 2)
    assert.equal(await rows.filter({ has: page.getByText('This device') }).count(), 1)
    await screenshot(page, 'security-390')

    const other = rows.filter({ hasNot: page.getByText('This device') }).first()
    await other.getByRole('button', { name: /^Sign out this one/ }).click()
    await page.getByText('The session was signed out').waitFor()
    assert.equal((await phone.get('/api/admin/me')).status, 401, 'the other device is signed out')
    await rows.nth(1).waitFor({ state: 'detached' })
    assert.equal(await rows.count(), 1)
  }).timeout(120000)
})
