import { test } from '@japa/runner'
import { isolateEachTest } from '#tests/helpers/database'
import { CookieClient } from '#tests/helpers/cookie_client'
import { withoutRequestId } from '#tests/helpers/api_contract'

/** An object nested `depth` levels deep: {"a":{"a":…}}. */
function nested(depth: number): unknown {
  let value: unknown = 'x'
  for (let level = 0; level < depth; level++) value = { a: value }
  return value
}

const DEEP = 'The request is nested too deeply (at most 32 levels)'
const MALFORMED = 'The request contains invalid text (malformed Unicode)'

async function signedInMember() {
  const browser = new CookieClient()
  const login = await browser.post('/api/auth/login', {
    memberId: 'DEMO-1001',
    dateOfBirth: '1980-04-15',
  })
  if (login.status !== 200) throw new Error(`member login failed: ${login.status}`)
  return browser
}

test.group('Hostile request bodies', (group) => {
  isolateEachTest(group)

  test('JSON nested 2,000 deep is a 400 on the anonymous login', async ({ assert }) => {
    const response = await new CookieClient().post('/api/auth/login', {
      memberId: nested(2000),
      dateOfBirth: '1980-04-15',
    })
    assert.deepEqual(
      [response.status, withoutRequestId(response.body)],
      [400, { success: false, error: DEEP }]
    )
  })

  test('JSON nested 2,000 deep is a 400 on update-email', async ({ assert }) => {
    const response = await (
      await signedInMember()
    ).post('/api/member/update-email', { newEmail: nested(2000) })
    assert.deepEqual(
      [response.status, withoutRequestId(response.body)],
      [400, { success: false, error: DEEP }]
    )
  })

  test('a lone surrogate is a 400 on the login and on update-email, and the email is unchanged', async ({
    assert,
  }) => {
    const login = await new CookieClient().post('/api/auth/login', {
      memberId: 'DEMO-\ud800',
      dateOfBirth: '1980-04-15',
    })
    assert.deepEqual(
      [login.status, withoutRequestId(login.body)],
      [400, { success: false, error: MALFORMED }]
    )
    const browser = await signedInMember()
    const before = (await browser.get('/api/member/details')).body
    const update = await browser.post('/api/member/update-email', {
      newEmail: 'x\ud800@example.com',
    })
    assert.deepEqual(
      [update.status, withoutRequestId(update.body)],
      [400, { success: false, error: MALFORMED }]
    )
    assert.deepEqual((await browser.get('/api/member/details')).body, before)
  })

  test('a well-formed emoji (a surrogate pair) is not taken for malformed text', async ({
    assert,
  }) => {
    const response = await (
      await signedInMember()
    ).post('/api/member/update-email', { newEmail: 'anna😀@example.com' })
    assert.notEqual(response.body?.error, MALFORMED)
    assert.isBelow(response.status, 500)
  })

  test('nesting up to 32 levels is still read by the handler (its own validation answers)', async ({
    assert,
  }) => {
    const response = await new CookieClient().post('/api/auth/login', {
      memberId: nested(30),
      dateOfBirth: '1980-04-15',
    })
    assert.equal(response.status, 422)
  })
})
