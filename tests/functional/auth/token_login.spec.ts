import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { isolateEachTest } from '#tests/helpers/database'
import { Member } from '#modules/members/index'
import { MigrationToken, hashToken, migrationTokenService } from '#modules/auth/index'

const INVALID_LINK =
  'This secure link is invalid or has expired. Please sign in with your member ID and date of birth.'

async function tokenFor(memberId = 'DEMO-1001') {
  const member = await Member.findByOrFail('member_id', memberId)
  const { token } = await migrationTokenService.issue(member)
  return { member, token }
}

test.group('Secure-link token login', (group) => {
  isolateEachTest(group)

  test('a valid token and birth year sign the member in and the token is stored only as a hash', async ({
    client,
    assert,
  }) => {
    const { member, token } = await tokenFor()
    const stored = await MigrationToken.findByOrFail('member_id', member.id)
    assert.equal(stored.token_hash, hashToken(token))
    assert.notInclude(stored.token_hash, token)

    const response = await client
      .post('/api/auth/validate-token')
      .json({ token, birthYear: 1980 })
      .withCsrfToken()
    response.assertStatus(200)
    response.assertBodyContains({ success: true, member: { name: 'Anna Schmidt' } })
    await stored.refresh()
    assert.isNotNull(stored.used_at)
  })

  test('a wrong birth year is refused', async ({ client }) => {
    const { token } = await tokenFor()
    const response = await client
      .post('/api/auth/validate-token')
      .json({ token, birthYear: 1981 })
      .withCsrfToken()
    response.assertStatus(401)
    response.assertBodyContains({
      success: false,
      error: 'The birth year does not match our records',
    })
  })

  test('five wrong years invalidate the token', async ({ client, assert }) => {
    const { member, token } = await tokenFor()
    for (let i = 0; i < 5; i++) {
      await client
        .post('/api/auth/validate-token')
        .json({ token, birthYear: 1990 + i })
        .withCsrfToken()
    }
    const stored = await MigrationToken.findByOrFail('member_id', member.id)
    assert.isNotNull(stored.revoked_at)
    const response = await client
      .post('/api/auth/validate-token')
      .json({ token, birthYear: 1980 })
      .withCsrfToken()
    response.assertStatus(401)
  })

  test('an expired token is refused', async ({ client }) => {
    const { member, token } = await tokenFor()
    await MigrationToken.query()
      .where('member_id', member.id)
      .update({ expires_at: DateTime.now().minus({ minutes: 1 }).toSQL({ includeOffset: false }) })
    const response = await client
      .post('/api/auth/validate-token')
      .json({ token, birthYear: 1980 })
      .withCsrfToken()
    response.assertStatus(401)
    response.assertBodyContains({ success: false, error: INVALID_LINK })
  })

  test('a token works only once', async ({ client }) => {
    const { token } = await tokenFor()
    const first = await client
      .post('/api/auth/validate-token')
      .json({ token, birthYear: 1980 })
      .withCsrfToken()
    first.assertStatus(200)
    const second = await client
      .post('/api/auth/validate-token')
      .json({ token, birthYear: 1980 })
      .withCsrfToken()
    second.assertStatus(401)
    second.assertBodyContains({ success: false, error: INVALID_LINK })
  })

  test('a new token revokes the older one', async ({ client }) => {
    const { member, token: oldToken } = await tokenFor()
    await migrationTokenService.issue(member)
    const response = await client
      .post('/api/auth/validate-token')
      .json({ token: oldToken, birthYear: 1980 })
      .withCsrfToken()
    response.assertStatus(401)
  })

  test('a birth year outside 1900..this year is a 422', async ({ client }) => {
    const { token } = await tokenFor()
    const response = await client
      .post('/api/auth/validate-token')
      .json({ token, birthYear: 1899 })
      .withCsrfToken()
    response.assertStatus(422)
  })

  test('token failures count against the member ID, shared with the ID and date sign-in', async ({
    client,
    assert,
  }) => {
    for (let attempt = 1; attempt <= 4; attempt++) {
      ;(
        await client
          .post('/api/auth/login')
          .json({ memberId: 'DEMO-1001', dateOfBirth: '1999-01-01' })
          .withCsrfToken()
      ).assertStatus(401)
    }
    const { token } = await tokenFor()
    const fifth = await client
      .post('/api/auth/validate-token')
      .json({ token, birthYear: 1999 })
      .withCsrfToken()
    fifth.assertStatus(401)
    const blocked = await client
      .post('/api/auth/validate-token')
      .json({ token, birthYear: 1980 })
      .withCsrfToken()
    blocked.assertStatus(429)
    assert.equal(blocked.body().error, 'Too many attempts. Please try again in 15 minutes.')
  })

  test('guessed tokens that name nobody count against the IP address', async ({ client }) => {
    for (let attempt = 1; attempt <= 20; attempt++) {
      const guess = await client
        .post('/api/auth/validate-token')
        .json({ token: `guess-${attempt}-${'x'.repeat(40)}`, birthYear: 1980 })
        .withCsrfToken()
      guess.assertStatus(401)
      guess.assertBodyContains({ success: false, error: INVALID_LINK })
    }
    const { token } = await tokenFor()
    const blocked = await client
      .post('/api/auth/validate-token')
      .json({ token, birthYear: 1980 })
      .withCsrfToken()
    blocked.assertStatus(429)
  })
})
