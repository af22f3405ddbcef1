/// <reference lib="dom" />
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import { AdminUser } from '#modules/admins/index'
import { setAdminSecondFactorRequired } from '#modules/auth/index'
import { getBrowser } from '#tests/helpers/browser'

const PASSWORD = 'passkey-admin-pass'

/*
| Enrolment and sign-in with a passkey in Chromium, through a virtual
| authenticator (CDP WebAuthn domain). WebAuthn refuses an IP address as the
| site's identity, so the page is opened on localhost.
*/
test.group('Two-factor enrolment in the browser', (group) => {
  group.each.setup(async () => {
    await limiter.clear()
    return () => setAdminSecondFactorRequired(null)
  })

  test('REQUIRE_ADMIN_2FA leads to enrolment; a passkey is registered, then signs in (axe at 390 and 1280 px: backoffice/matrix_security.spec.ts)', async ({
    assert,
    cleanup,
  }) => {
    const username = `passkey_${Date.now()}`
    const admin = await AdminUser.create({
      username,
      email: `${username}@example.test`,
      password: PASSWORD,
    })
    cleanup(async () => {
      for (const table of ['admin_totp', 'admin_recovery_codes', 'admin_passkeys'])
        await db.from(table).where('admin_user_id', admin.id).delete()
      await AdminUser.query().where('id', admin.id).delete()
    })
    setAdminSecondFactorRequired(true)

    const context = await (
      await getBrowser()
    ).newContext({
      baseURL: `http://localhost:${process.env.PORT ?? 3334}`,
      viewport: { width: 390, height: 844 },
    })
    cleanup(() => context.close())
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('WebAuthn.enable')
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    })

    const signInWithPassword = async () => {
      await page.goto('/admin/login')
      await page.getByTestId('admin-username').fill(username)
      await page.getByTestId('admin-password').fill(PASSWORD)
      await page.getByTestId('admin-login-button').click()
    }

    // The password alone leads to enrolment, and nothing else.
    await signInWithPassword()
    await page.waitForURL(/\/admin\/two-factor$/)
    await page.getByText('Two-factor sign-in is required for administrators.').waitFor()
    assert.isTrue(
      await page.getByTestId('two-factor-continue').isDisabled(),
      'no way on without a second factor'
    )
    await page.getByTestId('totp-start').click()
    await page.getByRole('img', { name: 'QR code to scan with your authenticator app' }).waitFor()
    assert.match(await page.getByTestId('totp-secret').innerText(), /^[A-Z2-7]{16,}$/)
    assert.isTrue(await page.getByTestId('passkey-add').isEnabled(), 'a passkey can be added')

    await page.getByTestId('passkey-add').click()
    const codes = page.getByTestId('recovery-codes').locator('li')
    await codes.first().waitFor()
    assert.equal(await codes.count(), 10)
    await page.getByText('1 passkey registered.').waitFor()
    assert.isTrue(
      await page.getByTestId('two-factor-continue').isEnabled(),
      'with a passkey the administrator may go on'
    )

    // Signed out, the password is followed by the passkey; with the setting off the dashboard says so.
    setAdminSecondFactorRequired(false)
    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.waitForURL(/\/admin\/login/)
    await signInWithPassword()
    await page.getByTestId('use-passkey').click()
    await page.waitForURL(/\/admin\/dashboard$/)
    await page
      .getByTestId('two-factor-off')
      .getByText('Two-factor sign-in is off in this demo')
      .waitFor()
    assert.equal((await page.request.get('/api/admin/me')).status(), 200)
    const passkey = await db.from('admin_passkeys').where('admin_user_id', admin.id).firstOrFail()
    assert.isNotNull(passkey.last_used_at)
  }).timeout(90_000)
})
