import { test } from '@japa/runner'
import limiter from '@adonisjs/limiter/services/main'
import db from '@adonisjs/lucid/services/db'
import { generate } from 'otplib'
import { AdminUser } from '#modules/admins/index'
import { issueEnrolmentLink, setAdminSecondFactorRequired } from '#modules/auth/index'
import { CookieClient } from '#tests/helpers/cookie_client'
import { countStatuses, fireTimes } from '#tests/helpers/simultaneous'
import { removeRowsAddedByGroup } from '#tests/helpers/database'

const WRONG_CODE =
  'The code is not valid. Enter the current code from your authenticator app or a recovery code.'
const ENROLMENT_REQUIRED =
  'Two-factor sign-in is required for administrators. Set up an authenticator app or a passkey before doing anything else.'
const PASSWORD = 'second-factor-pass'

/** A fresh administrator of this test (removed with its factors at the end). */
async function newAdmin(cleanup: (fn: () => Promise<void>) => void) {
  const username = `twofa_${Date.now()}_${Math.floor(Math.random() * 1e6)}`
  const admin = await AdminUser.create({
    username,
    email: `${username}@example.test`,
    password: PASSWORD,
  })
  cleanup(async () => {
    for (const table of [
      'admin_totp',
      'admin_recovery_codes',
      'admin_passkeys',
      'admin_enrolment_links',
    ])
      await db.from(table).where('admin_user_id', admin.id).delete()
    await db
      .from('audit_entries')
      .where('entity_type', 'admin')
      .where('entity_id', String(admin.id))
      .delete()
    await AdminUser.query().where('id', admin.id).delete()
  })
  return admin
}

/** The app's code at a moment `offsetSeconds` from now (one step later: a code not yet used). */
const codeAt = (secret: string, offsetSeconds = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds })

/** Signs in with the password and enrols an authenticator app: its secret and recovery codes. */
async function enrolTotp(username: string) {
  const browser = new CookieClient()
  const login = await browser.post('/api/admin/login', { username, password: PASSWORD })
  if (login.status !== 200) throw new Error(login.text)
  const started = await browser.post('/api/admin/two-factor/totp')
  if (started.status !== 200) throw new Error(started.text)
  const confirmed = await browser.post('/api/admin/two-factor/totp/confirm', {
    code: await codeAt(started.body.secret),
  })
  if (confirmed.status !== 200) throw new Error(confirmed.text)
  return {
    browser,
    secret: started.body.secret as string,
    recoveryCodes: confirmed.body.recovery_codes as string[],
    started: started.body,
  }
}

/** A new client past the password step of an administrator with a factor. */
async function passwordStep(username: string) {
  const browser = new CookieClient()
  const answer = await browser.post('/api/admin/login', { username, password: PASSWORD })
  return { browser, answer }
}

/*
| Second factors, against the real server without the
| global transaction: throttle counters and used codes are committed as in
| production; each test removes its administrator.
*/
test.group('Two-factor sign-in for administrators', (group) => {
  removeRowsAddedByGroup(group)
  group.each.setup(async () => {
    await limiter.clear()
    return async () => {
      setAdminSecondFactorRequired(null)
      await limiter.clear()
    }
  })

  test('TOTP enrolment shows a QR code and key, then sign-in asks for a code after the password', async ({
    assert,
    cleanup,
  }) => {
    const admin = await newAdmin(cleanup)
    const { secret, recoveryCodes, started } = await enrolTotp(admin.username)
    assert.match(started.qr_code, /^data:image\/png;base64,/)
    assert.match(
      started.otpauth_uri,
      new RegExp(`^otpauth://totp/.*${admin.username}.*secret=${secret}`)
    )
    assert.lengthOf(recoveryCodes, 10)
    assert.lengthOf(new Set(recoveryCodes), 10)
    // Stored encrypted and hashed, never in clear.
    const stored = await db.from('admin_totp').where('admin_user_id', admin.id).firstOrFail()
    assert.notInclude(stored.secret, secret)
    const hashes = await db
      .from('admin_recovery_codes')
      .where('admin_user_id', admin.id)
      .select('code_hash')
    assert.lengthOf(hashes, 10)
    assert.notInclude(
      hashes.map((row) => row.code_hash),
      recoveryCodes[0]
    )

    const { browser, answer } = await passwordStep(admin.username)
    assert.deepEqual(answer.body, {
      success: true,
      second_factor: 'required',
      methods: { totp: true, passkey: false },
    })
    // Not signed in before the second step.
    assert.equal((await browser.get('/api/admin/me')).status, 401)
    const wrong = await browser.post('/api/admin/login/code', {
      code: '000000' === (await codeAt(secret, 30)) ? '111111' : '000000',
    })
    assert.deepEqual([wrong.status, wrong.body.error], [401, WRONG_CODE])
    const right = await browser.post('/api/admin/login/code', { code: await codeAt(secret, 30) })
    assert.equal(right.status, 200, right.text)
    assert.deepEqual(right.body.admin.username, admin.username)
    assert.equal((await browser.get('/api/admin/me')).status, 200)
  })

  test('a used TOTP code is refused when replayed within its window', async ({
    assert,
    cleanup,
  }) => {
    const admin = await newAdmin(cleanup)
    const { secret } = await enrolTotp(admin.username)
    const code = await codeAt(secret, 30)
    const first = await passwordStep(admin.username)
    assert.equal((await first.browser.post('/api/admin/login/code', { code })).status, 200)

    const second = await passwordStep(admin.username)
    const replay = await second.browser.post('/api/admin/login/code', { code })
    assert.deepEqual([replay.status, replay.body.error], [401, WRONG_CODE])
    // The enrolment's earlier code is refused too (its step is older than the last used one).
    const older = await second.browser.post('/api/admin/login/code', { code: await codeAt(secret) })
    assert.equal(older.status, 401)
    assert.equal((await second.browser.get('/api/admin/me')).status, 401)
  })

  test('one valid code sent by 10 sessions at the same moment signs in exactly one of them', async ({
    assert,
    cleanup,
  }) => {
    const admin = await newAdmin(cleanup)
    const { secret } = await enrolTotp(admin.username)
    const sessions: Record<string, string>[] = []
    for (let index = 0; index < 10; index++)
      sessions.push((await passwordStep(admin.username)).browser.sessionHeaders())
    const code = await codeAt(secret, 30)
    const responses = await fireTimes(10, (index) => ({
      path: '/api/admin/login/code',
      body: { code },
      headers: sessions[index],
    }))
    const statuses = countStatuses(responses)
    assert.equal(statuses[200], 1, JSON.stringify(statuses))
    assert.equal((statuses[401] ?? 0) + (statuses[429] ?? 0), 9, JSON.stringify(statuses))
  })

  test('a recovery code signs in once', async ({ assert, cleanup }) => {
    const admin = await newAdmin(cleanup)
    const { recoveryCodes } = await enrolTotp(admin.username)
    const first = await passwordStep(admin.username)
    const used = await first.browser.post('/api/admin/login/code', {
      code: recoveryCodes[3].toLowerCase(),
    })
    assert.equal(used.status, 200, used.text)

    const second = await passwordStep(admin.username)
    const again = await second.browser.post('/api/admin/login/code', { code: recoveryCodes[3] })
    assert.deepEqual([again.status, again.body.error], [401, WRONG_CODE])
    assert.equal(
      (await second.browser.post('/api/admin/login/code', { code: recoveryCodes[4] })).status,
      200
    )
    const left = await db
      .from('admin_recovery_codes')
      .where('admin_user_id', admin.id)
      .whereNull('used_at')
      .count('* as n')
      .first()
    assert.equal(Number(left.n), 8)
  })

  test('30 simultaneous wrong codes: at most 5 judged, the rest refused with 429', async ({
    assert,
    cleanup,
  }) => {
    const admin = await newAdmin(cleanup)
    const { secret } = await enrolTotp(admin.username)
    const { browser } = await passwordStep(admin.username)
    const right = await codeAt(secret, 30)
    const wrongCodes = Array.from({ length: 30 }, (_, index) =>
      String(100000 + index * 7919)
    ).filter((code) => code !== right)
    const headers = browser.sessionHeaders()
    const responses = await fireTimes(wrongCodes.length, (index) => ({
      path: '/api/admin/login/code',
      body: { code: wrongCodes[index] },
      headers,
    }))
    const statuses = countStatuses(responses)
    assert.isAtMost(statuses[401] ?? 0, 5, JSON.stringify(statuses))
    assert.equal(
      (statuses[401] ?? 0) + (statuses[429] ?? 0),
      wrongCodes.length,
      JSON.stringify(statuses)
    )
    assert.equal(
      responses.find((response) => response.status === 429)!.body.error,
      'Too many attempts. Please try again in 15 minutes.'
    )
    // The right code is refused too until the window ends: the account is locked for codes.
    assert.equal((await browser.post('/api/admin/login/code', { code: right })).status, 429)
  })

  test('REQUIRE_ADMIN_2FA: an admin without a factor gets 403 on admin routes until enrolled', async ({
    assert,
    cleanup,
  }) => {
    setAdminSecondFactorRequired(true)
    const admin = await newAdmin(cleanup)
    const browser = new CookieClient()
    const login = await browser.post('/api/admin/login', {
      username: admin.username,
      password: PASSWORD,
    })
    assert.equal(login.status, 200)
    assert.isTrue(login.body.enrolment_required)
    for (const path of [
      '/api/admin/dashboard-stats',
      '/api/admin/members',
      '/api/admin/admin-users',
    ]) {
      const refused = await browser.get(path)
      assert.deepEqual([refused.status, refused.body.error], [403, ENROLMENT_REQUIRED], path)
    }
    assert.equal(
      (
        await browser.post('/api/admin/admin-users', {
          username: 'sneaky',
          email: 'sneaky@example.test',
          password: 'sneaky-pass-22',
        })
      ).status,
      403
    )
    assert.isTrue((await browser.get('/api/admin/me')).body.enrolment_required)

    const started = await browser.post('/api/admin/two-factor/totp')
    assert.equal(
      (
        await browser.post('/api/admin/two-factor/totp/confirm', {
          code: await codeAt(started.body.secret),
        })
      ).status,
      200
    )
    assert.equal((await browser.get('/api/admin/dashboard-stats')).status, 200)
    assert.isFalse((await browser.get('/api/admin/me')).body.enrolment_required)
  })

  test('REQUIRE_ADMIN_2FA: a factor passed by one admin does not carry over to the next sign-in in the same browser', async ({
    assert,
    cleanup,
  }) => {
    setAdminSecondFactorRequired(true)
    const enrolled = await newAdmin(cleanup)
    const withoutFactor = await newAdmin(cleanup)
    const { browser } = await enrolTotp(enrolled.username)
    assert.equal((await browser.get('/api/admin/dashboard-stats')).status, 200)
    assert.equal((await browser.post('/api/admin/logout')).status, 200)
    assert.equal(
      (
        await browser.post('/api/admin/login', {
          username: withoutFactor.username,
          password: PASSWORD,
        })
      ).status,
      200
    )
    const refused = await browser.get('/api/admin/dashboard-stats')
    assert.deepEqual([refused.status, refused.body.error], [403, ENROLMENT_REQUIRED])
  })

  test("resetting another admin's second factor is audited, ends their sessions, and they sign in with the password again", async ({
    assert,
    cleanup,
  }) => {
    const admin = await newAdmin(cleanup)
    const owner = await newAdmin(cleanup)
    const { browser: victimSession } = await enrolTotp(admin.username)
    const ownerSession = new CookieClient()
    assert.equal(
      (
        await ownerSession.post('/api/admin/login', {
          username: owner.username,
          password: PASSWORD,
        })
      ).status,
      200
    )

    const reset = await ownerSession.post(`/api/admin/admin-users/${admin.id}/reset-two-factor`)
    assert.equal(reset.status, 200, reset.text)
    assert.equal((await victimSession.get('/api/admin/me')).status, 401)
    const entry = await db
      .from('audit_entries')
      .where('action', 'admin.reset_second_factor')
      .where('entity_id', String(admin.id))
      .firstOrFail()
    assert.equal(entry.actor, owner.username)
    const { answer } = await passwordStep(admin.username)
    assert.equal(answer.body.enrolment_required, false)
    assert.notProperty(answer.body, 'second_factor')
    const own = await ownerSession.post(`/api/admin/admin-users/${owner.id}/reset-two-factor`)
    assert.equal(own.status, 422)
  })

  test("the CLI's enrolment link takes the administrator to enrolment after the password, once", async ({
    assert,
    cleanup,
  }) => {
    const admin = await newAdmin(cleanup)
    const { token } = await issueEnrolmentLink(admin.id)
    const first = await new CookieClient().post('/api/admin/login', {
      username: admin.username,
      password: PASSWORD,
      enrolmentToken: token,
    })
    assert.equal(first.status, 200, first.text)
    assert.isTrue(first.body.enrolment_required)
    const again = await new CookieClient().post('/api/admin/login', {
      username: admin.username,
      password: PASSWORD,
      enrolmentToken: token,
    })
    assert.deepEqual(
      [again.status, again.body.error],
      [
        401,
        'This enrolment link is invalid, expired or already used. Sign in with your password and set up your second factor from there.',
      ]
    )
  })
})
