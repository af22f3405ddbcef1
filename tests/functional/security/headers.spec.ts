import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { isolateEachTest } from '#tests/helpers/database'
import { AdminUser } from '#modules/admins/index'
import { Member } from '#modules/members/index'
import { useStripeEnv } from '#tests/helpers/stripe_double'
import { trustProxyFrom } from '#start/trust_proxy'
import { baseUrl } from '#tests/helpers/browser'
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http'

/** The answer's headers for a GET sent from the given loopback source address. */
function headersFrom(localAddress: string, path: string, headers: Record<string, string>) {
  return new Promise<IncomingHttpHeaders>((resolve, reject) => {
    const request = httpRequest(`${baseUrl()}${path}`, { localAddress, headers }, (response) => {
      response.resume()
      resolve(response.headers)
    })
    request.on('error', reject).end()
  })
}

const OWN_ORIGIN_ONLY = `default-src 'self';script-src 'self' ;style-src 'self' 'unsafe-inline'`

test.group('Security headers', (group) => {
  isolateEachTest(group)

  test('a shop page: own-origin CSP without Stripe, Referrer-Policy same-origin, no HSTS over http', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/shop/login?token=abc').redirects(0)
    const csp = response.header('content-security-policy')
    assert.include(csp, OWN_ORIGIN_ONLY)
    assert.notInclude(csp, 'stripe')
    assert.include(csp, `frame-ancestors 'none'`)
    assert.equal(response.header('referrer-policy'), 'same-origin')
    assert.isUndefined(response.header('strict-transport-security'))
  })

  test("the checkout page allows Stripe's origins only while Stripe is the active provider", async ({
    client,
    assert,
    cleanup,
  }) => {
    assert.notInclude(
      (await client.get('/shop/checkout')).header('content-security-policy'),
      'stripe'
    )
    cleanup(await useStripeEnv(9))
    const checkout = (await client.get('/shop/checkout')).header('content-security-policy')
    assert.include(checkout, `script-src 'self' https://js.stripe.com https://*.js.stripe.com;`)
    assert.include(checkout, "connect-src 'self' https://api.stripe.com")
    assert.include(checkout, 'https://hooks.stripe.com')
    assert.notInclude((await client.get('/shop/login')).header('content-security-policy'), 'stripe')
  })

  test('a member answer and an admin answer are no-store, refusals too', async ({
    client,
    assert,
  }) => {
    const member = await Member.findByOrFail('member_id', 'DEMO-1001')
    const admin = await AdminUser.findByOrFail('username', 'admin')
    const details = await client.get('/api/member/details').asMember(member)
    details.assertStatus(200)
    const admins = await client.get('/api/admin/me').asAdmin(admin)
    admins.assertStatus(200)
    const refused = await client.get('/api/migration/status')
    refused.assertStatus(401)
    for (const response of [details, admins, refused]) {
      assert.equal(response.header('cache-control'), 'no-store')
      assert.equal(response.header('referrer-policy'), 'same-origin')
      assert.include(response.header('content-security-policy'), `default-src 'self'`)
    }
    assert.notEqual((await client.get('/api/health')).header('cache-control'), 'no-store')
  })

  test("the member's session and sign-in answers are no-store and carry X-Request-Id", async ({
    client,
    assert,
  }) => {
    const member = await Member.findByOrFail('member_id', 'DEMO-1001')
    const session = await client.get('/api/auth/session').asMember(member)
    session.assertStatus(200)
    assert.deepEqual(session.body().member, { id: member.id, name: member.insured_full_name })
    const login = await client
      .post('/api/auth/login')
      .json({ memberId: 'DEMO-1001', dateOfBirth: '1980-04-15' })
      .withCsrfToken()
    login.assertStatus(200)
    const anonymous = await client.get('/api/auth/session')
    for (const response of [session, login, anonymous]) {
      assert.equal(response.header('cache-control'), 'no-store')
      assert.match(response.header('x-request-id') ?? '', /^[0-9a-f-]{36}$/)
    }
  })

  test('HSTS only for https: X-Forwarded-Proto is believed from a trusted proxy only', async ({
    client,
    assert,
    cleanup,
  }) => {
    const untrusted = await client.get('/api/health').header('X-Forwarded-Proto', 'https')
    assert.isUndefined(untrusted.header('strict-transport-security'))
    const http = app.config.get<{ trustProxy: unknown }>('app.http')
    const saved = http.trustProxy
    http.trustProxy = trustProxyFrom('loopback')
    cleanup(() => {
      http.trustProxy = saved
    })
    // The framework caches "is this address a trusted proxy" per address: ask from a fresh one.
    const fromProxy = (proto?: string) =>
      headersFrom('127.0.0.93', '/api/health', proto ? { 'X-Forwarded-Proto': proto } : {})
    assert.equal((await fromProxy('https'))['strict-transport-security'], 'max-age=15552000')
    assert.isUndefined((await fromProxy())['strict-transport-security'])
  })
})
