import { test } from '@japa/runner'
import limiter from '@adonisjs/limiter/services/main'
import db from '@adonisjs/lucid/services/db'
import { Member } from '#modules/members/index'
import { MigrationToken, migrationTokenService } from '#modules/auth/index'
import { TEST_ADMIN, removeRowsAddedByGroup } from '#tests/helpers/database'
import {
  countStatuses,
  csrfHeaders,
  fireTimes,
  fireTogether,
  loopbackAddress,
  type BurstRequest,
} from '#tests/helpers/simultaneous'
import { CookieClient } from '#tests/helpers/cookie_client'

const INVALID_LINK =
  'This secure link is invalid or has expired. Please sign in with your member ID and date of birth.'
const WRONG_YEAR = 'The birth year does not match our records'
const BURST = 30

/** A wrong date of birth per request (1 January 1901 + index days): no two requests guess the same. */
const wrongDate = (index: number) =>
  new Date(Date.UTC(1901, 0, 1 + index)).toISOString().slice(0, 10)

/** One request at a time (awaited), each from the given address. */
async function oneByOne(count: number, build: (index: number) => BurstRequest) {
  const responses = []
  for (let index = 0; index < count; index++)
    responses.push(...(await fireTogether([build(index)])))
  return responses
}

/** The connection the sign-in counters live on (login_throttle.ts). */
const COUNTERS_CONNECTION = process.env.DB_CONNECTION === 'mysql' ? 'mysql' : 'rate_limits'

/** The sign-in counters as stored (login_throttle.ts: key, points, window end), in key order. */
function signInCounters() {
  return db
    .connection(COUNTERS_CONNECTION)
    .from('rate_limits')
    .where('key', 'like', '%signin%')
    .orderBy('key')
    .select('key', 'points', 'expire')
}

/*
| Sign-in throttling under bursts: 30 requests sent at
| the same moment on 30 connections to the real server. Without the global
| transaction: the limiter's counters and the token's tries are committed
| for real, as in production; each test clears the limiter and removes the
| token it made.
*/
test.group('Sign-in throttling under simultaneous attempts', (group) => {
  // Simultaneous requests commit for real (each its own connection on MariaDB).
  removeRowsAddedByGroup(group)
  group.each.setup(async () => {
    await limiter.clear()
    return () => limiter.clear()
  })

  test('30 simultaneous wrong member logins for one member: 5 judged, 25 refused with 429', async ({
    assert,
  }) => {
    const headers = await csrfHeaders()
    const responses = await fireTimes(BURST, (index) => ({
      path: '/api/auth/login',
      body: { memberId: 'DEMO-1001', dateOfBirth: wrongDate(index) },
      headers,
    }))
    assert.deepEqual(countStatuses(responses), { 401: 5, 429: 25 })
    assert.equal(
      responses.find((response) => response.status === 429)!.body.error,
      'Too many attempts. Please try again in 15 minutes.'
    )
  })

  test('the same from 30 different IP addresses: the member ID limit still holds', async ({
    assert,
  }) => {
    const headers = await csrfHeaders()
    const responses = await fireTimes(BURST, (index) => ({
      path: '/api/auth/login',
      body: { memberId: 'DEMO-1001', dateOfBirth: wrongDate(index) },
      headers,
      sourceAddress: loopbackAddress(index),
    }))
    assert.deepEqual(countStatuses(responses), { 401: 5, 429: 25 })
  })

  test('30 simultaneous wrong admin passwords: 5 judged, 25 refused with 429', async ({
    assert,
  }) => {
    const headers = await csrfHeaders()
    const responses = await fireTimes(BURST, (index) => ({
      path: '/api/admin/login',
      body: { username: TEST_ADMIN.username, password: `wrong-password-${index}` },
      headers,
    }))
    assert.deepEqual(countStatuses(responses), { 401: 5, 429: 25 })
  })

  test('30 simultaneous wrong birth years on one secure link: 5 judged and the link is dead', async ({
    assert,
    cleanup,
  }) => {
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
    const late = await new CookieClient().post('/api/auth/validate-token', {
      token,
      birthYear: rightYear,
    })
    assert.equal(late.status, 401, late.text)
    assert.equal(late.body.error, INVALID_LINK)
  })

  test('correct sign-ins from one address never lock it: 30 in a row, then 30 at once; a wrong one still counts', async ({
    assert,
  }) => {
    const headers = await csrfHeaders()
    const sourceAddress = loopbackAddress(40)
    // A sign-in renews the session: each one is sent with an anonymous session of its own.
    const sessions = await Promise.all(Array.from({ length: 30 }, () => csrfHeaders()))
    const correct = (index: number) => ({
      path: '/api/auth/login',
      body: { memberId: 'DEMO-1001', dateOfBirth: '1980-04-15' },
      headers: sessions[index],
      sourceAddress,
    })
    assert.deepEqual(countStatuses(await oneByOne(30, correct)), { 200: 30 })
    // Simultaneous: more than the 20 IP slots and the 5 account slots are asked for at the same moment.
    const again = await Promise.all(Array.from({ length: 30 }, () => csrfHeaders()))
    assert.deepEqual(
      countStatuses(await fireTimes(30, (index) => ({ ...correct(index), headers: again[index] }))),
      { 200: 30 }
    )

    // Failures still add up from that address: 20 wrong (on 20 unknown IDs) are judged, the 21st is refused.
    const wrong = (index: number) => ({
      path: '/api/auth/login',
      body: { memberId: `NOPE-${index}`, dateOfBirth: '1980-04-15' },
      headers,
      sourceAddress,
    })
    assert.deepEqual(countStatuses(await oneByOne(20, wrong)), { 401: 20 })
    const refused = await fireTogether([wrong(20)])
    assert.equal(refused[0].status, 429)
    assert.equal(refused[0].body.error, 'Too many attempts. Please try again in 15 minutes.')
  })

  test('requests refused with 429 change no counter: the lock is neither extended nor deepened', async ({
    assert,
  }) => {
    const headers = await csrfHeaders()
    const sourceAddress = loopbackAddress(41)
    const wrong = (index: number) => ({
      path: '/api/auth/login',
      body: { memberId: 'DEMO-1002', dateOfBirth: wrongDate(index) },
      headers,
      sourceAddress,
    })
    assert.deepEqual(countStatuses(await oneByOne(5, wrong)), { 401: 5 })
    const before = await signInCounters()
    assert.isNotEmpty(before)

    assert.deepEqual(countStatuses(await fireTimes(30, (index) => wrong(5 + index))), { 429: 30 })
    assert.deepEqual(countStatuses(await oneByOne(5, (index) => wrong(35 + index))), { 429: 5 })
    assert.deepEqual(await signInCounters(), before)

    // The address itself holds only its 5 judged failures: 15 more are judged before it is refused.
    const unknown = (index: number) => ({
      path: '/api/auth/login',
      body: { memberId: `NOPE-${index}`, dateOfBirth: '1980-04-15' },
      headers,
      sourceAddress,
    })
    assert.deepEqual(countStatuses(await oneByOne(15, unknown)), { 401: 15 })
    assert.equal((await fireTogether([unknown(15)]))[0].status, 429)
  })

  test('slots held by attempts a killed process was judging are freed: a correct sign-in still gets in, failures still count', async ({
    assert,
  }) => {
    const sourceAddress = loopbackAddress(43)
    const ip = `signin:ip:${sourceAddress}`
    const correct = async () => ({
      path: '/api/auth/login',
      body: { memberId: 'DEMO-1001', dateOfBirth: '1980-04-15' },
      headers: await csrfHeaders(),
      sourceAddress,
    })
    assert.deepEqual(countStatuses(await fireTogether([await correct()])), { 200: 1 })
    // What a process killed while judging leaves: every slot of the address and of the member
    // held, by attempts nobody will finish; 3 failures of the address judged before.
    const counters = () => db.connection(COUNTERS_CONNECTION).from('rate_limits')
    await counters().where('key', ip).update({ points: 20 })
    await counters().where('key', `${ip}|failed`).update({ points: 3 })
    const member = 'signin:account:member_demo-1001'
    const { expire } = await counters().where('key', ip).firstOrFail()
    await db
      .connection(COUNTERS_CONNECTION)
      .table('rate_limits')
      .multiInsert([
        { key: member, points: 5, expire },
        { key: `${member}|failed`, points: 0, expire },
      ])

    const [answer] = await fireTogether([await correct()])
    assert.equal(answer.status, 200, JSON.stringify(answer.body))
    const points = Object.fromEntries(
      (await signInCounters()).map((row: any) => [row.key, Number(row.points)])
    )
    // The address is back to its 3 failures (the sign-in gave its own slot back); the member's
    // counter was cleared by the success.
    assert.equal(points[ip], 3)
    assert.equal(points[`${ip}|failed`], 3)
    assert.notProperty(points, member)
  }).timeout(60_000)

  test('correct admin sign-ins from one address at once are all judged, none refused', async ({
    assert,
  }) => {
    const sessions = await Promise.all(Array.from({ length: 30 }, () => csrfHeaders()))
    const responses = await fireTimes(30, (index) => ({
      path: '/api/admin/login',
      body: { username: TEST_ADMIN.username, password: TEST_ADMIN.password },
      headers: sessions[index],
      sourceAddress: loopbackAddress(42),
    }))
    assert.deepEqual(countStatuses(responses), { 200: 30 })
  })
})
