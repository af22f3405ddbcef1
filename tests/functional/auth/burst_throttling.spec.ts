import { test } from '@japa/runner'
import limiter from '@adonisjs/limiter/services/main'
import { Member } from '#modules/members/index'
import { MigrationToken, migrationTokenService } from '#modules/auth/index'
import { TEST_ADMIN } from '#tests/helpers/database'
import { countStatuses, csrfHeaders, fireTimes, loopbackAddress } from '#tests/helpers/simultaneous'
import { CookieClient } from '#tests/helpers/cookie_client'

const INVALID_LINK = 'This secure link is invalid or has expired. Please sign in with your member ID and date of birth.'
const WRONG_YEAR = 'The birth year does not match our records'
const BURST = 30

/** A wrong date of birth per request (1 January 1901 + index days): no two requests guess the same. */
const wrongDate = (index: number) => new Date(Date.UTC(1901, 0, 1 + index)).toISOString().slice(0, 10)

/*
| Sign-in throttling under bursts (issue 11, finding 1): 30 requests sent at
| the same moment on 30 connections to the real server. Without the global
| transaction: the limiter's counters and the token's tries are committed
| for real, as in production; each test clears the limiter and removes the
| token it made.
*/
test.group('Sign-in throttling under simultaneous attempts', (group) => {
  group.each.setup(async () => {
    await limiter.clear()
    return () => limiter.clear()
  })

  test('30 simultaneous wrong member logins for one member: 5 judged, 25 refused with 429', async ({ assert }) => {
    const headers = await csrfHeaders()
    const responses = await fireTimes(BURST, (index) => ({
      path: '/api/auth/login',
      body: { memberId: 'DEMO-1001', dateOfBirth: wrongDate(index) },
      headers,
    }))
    assert.deepEqual(countStatuses(responses), { 401: 5, 429: 25 })
    assert.equal(responses.find((response) => response.status === 429)!.body.error, 'Too many attempts. Please try again in 15 minutes.')
  })

  test('the same from 30 different IP addresses: the member ID limit still holds', async ({ assert }) => {
    const headers = await csrfHeaders()
    const responses = await fireTimes(BURST, (index) => ({
      path: '/api/auth/login',
      body: { memberId: 'DEMO-1001', dateOfBirth: wrongDate(index) },
      headers,
      sourceAddress: loopbackAddress(index),
    }))
    assert.deepEqual(countStatuses(responses), { 401: 5, 429: 25 })
  })

  test('30 simultaneous wrong admin passwords: 5 judged, 25 refused with 429', async ({ assert }) => {
    const headers = await csrfHeaders()
    const responses = await fireTimes(BURST, (index) => ({
      path: '/api/admin/login',
      body: { username: TEST_ADMIN.username, password: `wrong-password-${index}` },
      headers,
    }))
    assert.deepEqual(countStatuses(responses), { 401: 5, 429: 25 })
  })

  test('30 simultaneous wrong birth years on one secure link: 5 judged and the link is dead', async ({ assert, cleanup }) => {
    const member = await Member.findByOrFail('member_id', 'DEMO-1002')
    const { token } = await migrationTokenService.issue(member)
    cleanup(async () => void (await MigrationToken.query().where('member_id', member.id).delete()))
    const rightYear = member.date_of_birth.year

    const headers = await csrfHeaders()
    const responses = await fireTimes(BURST, (index) => ({
      path: '/api/auth/validate-token',
      body: { token, birthYear: 1901 + index },
      headers,
      sourceAddress: loopbackAddress(index),
    }))
    // Five tries were taken and judged; every other request was refused by the
    // member's limit (429) or found the link already dead (401), never judged.
    const stored = await MigrationToken.findByOrFail('member_id', member.id)
    assert.equal(stored.failed_attempts, 5)
    assert.isNotNull(stored.revoked_at)
    const statuses = countStatuses(responses)
    assert.equal((statuses[401] ?? 0) + (statuses[429] ?? 0), BURST, JSON.stringify(statuses))
    assert.isAtMost(responses.filter((response) => response.body?.error === WRONG_YEAR).length, 5)

    // Even with the member's throttle cleared, the right year no longer opens the link.
    await limiter.clear()
    const late = await new CookieClient().post('/api/auth/validate-token', { token, birthYear: rightYear })
    assert.equal(late.status, 401, late.text)
    assert.equal(late.body.error, INVALID_LINK)
  })
})
