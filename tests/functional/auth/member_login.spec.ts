import { test } from '@japa/runner'
import { isolateEachTest } from '#tests/helpers/database'
import { Member } from '#modules/members/index'
import { CookieClient } from '#tests/helpers/cookie_client'
import { baseUrl } from '#tests/helpers/browser'

const INVALID = 'Invalid member ID or date of birth'

test.group('Member login', (group) => {
  isolateEachTest(group)

  test('a principal signs in with member ID and date of birth', async ({ client }) => {
    const response = await client
      .post('/api/auth/login')
      .json({ memberId: 'DEMO-1001', dateOfBirth: '1980-04-15' })
      .withCsrfToken()
    response.assertStatus(200)
    response.assertBodyContains({ success: true, member: { name: 'Anna Schmidt' } })
  })

  test('the Member ID is read whatever its case: demo-1001 and Demo-1001 sign in as DEMO-1001', async ({
    client,
  }) => {
    for (const memberId of ['demo-1001', ' Demo-1001 ']) {
      const response = await client
        .post('/api/auth/login')
        .json({ memberId, dateOfBirth: '1980-04-15' })
        .withCsrfToken()
      response.assertStatus(200)
      response.assertBodyContains({ success: true, member: { name: 'Anna Schmidt' } })
    }
  })

  test('failures typed in any case count for one member ID', async ({ client, assert }) => {
    for (const memberId of ['DEMO-1001', 'demo-1001', 'Demo-1001', 'dEMO-1001', 'demo-1001']) {
      const response = await client
        .post('/api/auth/login')
        .json({ memberId, dateOfBirth: '1999-01-01' })
        .withCsrfToken()
      response.assertStatus(401)
    }
    const blocked = await client
      .post('/api/auth/login')
      .json({ memberId: 'DEMO-1001', dateOfBirth: '1980-04-15' })
      .withCsrfToken()
    assert.equal(blocked.status(), 429)
  })

  test('a wrong date and an unknown ID give the same message', async ({ client }) => {
    const wrongDate = await client
      .post('/api/auth/login')
      .json({ memberId: 'DEMO-1001', dateOfBirth: '1980-04-16' })
      .withCsrfToken()
    const unknownId = await client
      .post('/api/auth/login')
      .json({ memberId: 'NOPE-1', dateOfBirth: '1980-04-15' })
      .withCsrfToken()
    wrongDate.assertStatus(401)
    unknownId.assertStatus(401)
    wrongDate.assertBodyContains({ success: false, error: INVALID })
    unknownId.assertBodyContains({ success: false, error: INVALID })
  })

  test('a dependant cannot sign in on its own', async ({ client }) => {
    const response = await client
      .post('/api/auth/login')
      .json({ memberId: 'DEMO-1001-S', dateOfBirth: '1978-09-02' })
      .withCsrfToken()
    response.assertStatus(401)
    response.assertBodyContains({ error: INVALID })
  })

  test('a member on a disabled product is refused with the support email', async ({ client }) => {
    const response = await client
      .post('/api/auth/login')
      .json({ memberId: 'DEMO-1004', dateOfBirth: '1969-07-14' })
      .withCsrfToken()
    response.assertStatus(403)
    response.assertBodyContains({ success: false })
    if (!response.body().error.includes('support@example.com'))
      throw new Error(response.body().error)
  })

  test('the sixth failure in a row for one member ID is throttled with 429', async ({
    client,
    assert,
  }) => {
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await client
        .post('/api/auth/login')
        .json({ memberId: 'DEMO-1001', dateOfBirth: '1999-01-01' })
        .withCsrfToken()
      response.assertStatus(401)
    }
    const blocked = await client
      .post('/api/auth/login')
      .json({ memberId: 'DEMO-1001', dateOfBirth: '1980-04-15' })
      .withCsrfToken()
    blocked.assertStatus(429)
    assert.equal(blocked.body().error, 'Too many attempts. Please try again in 15 minutes.')
  })

  test('twenty failures from one IP address block it for every member ID', async ({ client }) => {
    for (let attempt = 1; attempt <= 20; attempt++) {
      const response = await client
        .post('/api/auth/login')
        .json({ memberId: `NOPE-${attempt}`, dateOfBirth: '1999-01-01' })
        .withCsrfToken()
      response.assertStatus(401)
    }
    const blocked = await client
      .post('/api/auth/login')
      .json({ memberId: 'DEMO-1001', dateOfBirth: '1980-04-15' })
      .withCsrfToken()
    blocked.assertStatus(429)
  })

  test('bad input is a 422 with the first message', async ({ client, assert }) => {
    const response = await client
      .post('/api/auth/login')
      .json({ memberId: '', dateOfBirth: '15.04.1980' })
      .withCsrfToken()
    response.assertStatus(422)
    assert.equal(response.body().success, false)
    assert.isArray(response.body().errors)
  })

  test('without the CSRF token a login is refused', async ({ client }) => {
    const response = await client
      .post('/api/auth/login')
      .json({ memberId: 'DEMO-1001', dateOfBirth: '1980-04-15' })
    response.assertStatus(403)
  })

  test('the session check answers after login and logout ends it', async ({ assert }) => {
    const browser = new CookieClient()
    assert.equal((await browser.get('/api/auth/session')).body.authenticated, false)
    const login = await browser.post('/api/auth/login', {
      memberId: 'DEMO-1001',
      dateOfBirth: '1980-04-15',
    })
    assert.equal(login.status, 200)
    const session = await browser.get('/api/auth/session')
    assert.deepEqual(session.body, {
      success: true,
      authenticated: true,
      member: { id: login.body.member.id, name: 'Anna Schmidt' },
    })
    assert.equal((await browser.post('/api/auth/logout')).status, 200)
    assert.equal((await browser.get('/api/auth/session')).body.authenticated, false)
  })

  test("an answer to a call sent before the sign-in does not put the old session's cookie back", async ({
    assert,
  }) => {
    const sessionCookie = (response: Response) =>
      response.headers.getSetCookie().find((cookie) => cookie.startsWith('portal-session='))
    const pair = (cookie: string | undefined) => cookie?.split(';')[0] ?? ''
    // A page's first call: a new anonymous session and its cookie.
    const first = await fetch(`${baseUrl()}/api/health`, {
      headers: { Accept: 'application/json' },
    })
    const anonymous = pair(sessionCookie(first))
    assert.match(anonymous, /^portal-session=/)
    const xsrf = first.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0])
      .find((cookie) => cookie.startsWith('XSRF-TOKEN='))!
    const login = await fetch(`${baseUrl()}/api/auth/login`, {
      method: 'POST',
      headers: {
        'Accept': 'application/json',
        'Content-Type': 'application/json',
        'Cookie': `${anonymous}; ${xsrf}`,
        'X-XSRF-TOKEN': decodeURIComponent(xsrf.slice('XSRF-TOKEN='.length)),
      },
      body: JSON.stringify({ memberId: 'DEMO-1001', dateOfBirth: '1980-04-15' }),
    })
    assert.equal(login.status, 200)
    const signedIn = pair(sessionCookie(login))
    assert.notEqual(signedIn, anonymous)

    // The late answer: a call sent with the anonymous cookie, answered after the sign-in.
    const late = await fetch(`${baseUrl()}/api/auth/session`, {
      headers: { Accept: 'application/json', Cookie: anonymous },
    })
    assert.equal(late.status, 200)
    assert.isUndefined(sessionCookie(late))
    const details = await fetch(`${baseUrl()}/api/member/details`, {
      headers: { Accept: 'application/json', Cookie: signedIn },
    })
    assert.equal(details.status, 200)
    // A signed-in call that changes nothing sends no session cookie either.
    assert.isUndefined(sessionCookie(details))
  })

  test('an idle member session older than 30 minutes is refused', async ({ client }) => {
    const member = await Member.findByOrFail('member_id', 'DEMO-1001')
    const response = await client
      .get('/api/member/anything')
      .withGuard('member')
      .loginAs(member)
      .withSession({ last_seen_member: Date.now() - 31 * 60 * 1000 })
    response.assertStatus(401)
    response.assertBodyContains({ success: false, error: 'Member authentication required' })
  })

  test('the session check says not authenticated once the member session is idle', async ({
    client,
  }) => {
    const member = await Member.findByOrFail('member_id', 'DEMO-1001')
    const idle = await client
      .get('/api/auth/session')
      .withGuard('member')
      .loginAs(member)
      .withSession({ last_seen_member: Date.now() - 31 * 60 * 1000 })
    idle.assertBody({ success: true, authenticated: false })
    const fresh = await client
      .get('/api/auth/session')
      .withGuard('member')
      .loginAs(member)
      .withDeviceSession('member', member)
      .withSession({ last_seen_member: Date.now() - 29 * 60 * 1000, session_version_member: 0 })
    fresh.assertBodyContains({ authenticated: true })
  })
})
