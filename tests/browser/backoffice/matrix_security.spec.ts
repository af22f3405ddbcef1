/// <reference lib="dom" />
import { test } from '@japa/runner'
import limiter from '@adonisjs/limiter/services/main'
import { generate } from 'otplib'
import { isolateEachTest, TEST_ADMIN } from '#tests/helpers/database'
import { screenshot } from '#tests/helpers/browser'
import { adminScreen } from '#tests/helpers/browser_sessions'
import { CookieClient } from '#tests/helpers/cookie_client'
import {
  WIDTHS,
  SWEEP_TIMEOUT,
  checkScreen,
  noViolations,
  pageOverflow,
} from '#tests/helpers/admin_matrix'

/*
| The accessibility matrix of the administrator's own security screens (once the states of
| security/security_page.spec.ts and security/two_factor_enrolment.spec.ts, which now run no axe):
| 'security' with this device and another one signed in, and 'two-factor' as it opens, with the
| authenticator app's QR code and key, and with the 10 recovery codes shown once enrolled.
*/
test.group('Back-office matrix: security and two-factor at 390 px and 1280 px', (group) => {
  isolateEachTest(group)
  // A screen sweep: run on one database only (scripts/test-all.sh).
  group.tap((t) => t.tags(['@screens']))
  group.each.setup(() => limiter.clear())

  for (const width of WIDTHS) {
    test(`security with two devices and two-factor (start, authenticator app, recovery codes) at ${width}px`, async ({
      assert,
    }) => {
      // Another device of the same administrator: a second row in the list of sessions.
      const phone = new CookieClient()
      assert.equal((await phone.post('/api/admin/login', TEST_ADMIN)).status, 200)
      const page = await adminScreen('dashboard', { viewport: { width, height: 860 } })
      await checkScreen(page, 'security', width, assert)
      assert.equal(await page.getByTestId('security-session-row').count(), 2)

      // Enrolment of a second factor (the administrator's own, undone with the test's transaction).
      await checkScreen(page, 'two-factor', width, assert)
      await page.getByTestId('totp-start').click()
      await page.getByRole('img', { name: 'QR code to scan with your authenticator app' }).waitFor()
      const secret = await page.getByTestId('totp-secret').innerText()
      assert.match(secret, /^[A-Z2-7]{16,}$/)
      await screenshot(page, `axe-${width}-two-factor-totp`)
      await noViolations(page, assert, `two-factor with the authenticator app at ${width}px`)
      assert.isAtMost(await pageOverflow(page), 0, `two-factor app: no sideways scroll`)

      await page
        .getByTestId('totp-code')
        .fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) }))
      await page.getByTestId('totp-confirm').click()
      const codes = page.getByTestId('recovery-codes').locator('li')
      await codes.first().waitFor()
      assert.equal(await codes.count(), 10)
      await screenshot(page, `axe-${width}-two-factor-recovery-codes`)
      await noViolations(page, assert, `two-factor recovery codes at ${width}px`)
      assert.isAtMost(await pageOverflow(page), 0, `recovery codes: no sideways scroll`)
    }).timeout(SWEEP_TIMEOUT)
  }
})
