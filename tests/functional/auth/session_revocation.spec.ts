import { test } from '@japa/runner'
import { spawn } from 'node:child_process'
import { Redis } from 'ioredis'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import { AdminUser, adminAccountsService } from '#modules/admins/index'
import { Member } from '#modules/members/index'
import { sweepExpiredSessions } from '#modules/auth/index'
import { TEST_ADMIN, removeRowsAddedByGroup } from '#tests/helpers/database'
import { CookieClient } from '#tests/helpers/cookie_client'
import { csrfHeaders } from '#tests/helpers/simultaneous'
import { startAppServer, stopChild, type AppServerProcess } from '#tests/helpers/app_server_process'
import { freePort } from '#tests/helpers/test_paths'

const MEMBER = { memberId: 'DEMO-1003', dateOfBirth: '1988-12-05' }
const ADMIN_REQUIRED = 'Admin authentication required'

/** The test server's port; this file's two app processes listen on the next ones (+5, +6). */

async function signedInAdmin(base: string, username: string, password: string) {
  const client = new CookieClient(base)
  const login = await client.post('/api/admin/login', { username, password })
  if (login.status !== 200) throw new Error(`admin login: ${login.status} ${login.text}`)
  return client
}

/*
| Server-side sessions: two app processes with
| SESSION_DRIVER=database (the production default) on the test database. A
| cookie jar copied before logout, a password change or an admin's deletion
| must answer 401 afterwards, on both processes, for every session of the
| account. Committed for real (no global transaction); what a test creates
| it removes.
*/
test.group('Server-side sessions across processes', (group) => {
  removeRowsAddedByGroup(group)
  let first: AppServerProcess
  let second: AppServerProcess
  const createdAdmins: number[] = []

  group.setup(async () => {
    ;[first, second] = await Promise.all([
      startAppServer(await freePort(), { SESSION_DRIVER: 'database' }),
      startAppServer(await freePort(), { SESSION_DRIVER: 'database' }),
    ])
    return async () => {
      await Promise.all([first.stop(), second.stop()])
      await AdminUser.query().whereIn('id', createdAdmins).delete()
      await Member.query().where('member_id', MEMBER.memberId).update({ session_version: 0 })
      await db.from('sessions').delete()
    }
  })
  group.each.setup(() => limiter.clear())

  async function newAdmin(password = 'first-password') {
    const admin = await adminAccountsService.create(
      {
        username: `sess_${Date.now()}_${createdAdmins.length}`,
        email: `sess${Date.now()}${createdAdmins.length}@example.com`,
        password,
      },
      'test'
    )
    createdAdmins.push(admin.id)
    return { ...admin, password }
  }

  test('a member session is shared by both processes, lives in the sessions table, and its cookie is httpOnly and SameSite=Lax', async ({
    assert,
  }) => {
    const response = await fetch(`${first.base}/api/auth/login`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Accept': 'application/json',
        ...(await csrfHeaders(first.base)),
      },
      body: JSON.stringify(MEMBER),
    })
    assert.equal(response.status, 200)
    const sessionCookie = response.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith('portal-session='))!
    assert.match(sessionCookie, /HttpOnly/i)
    assert.match(sessionCookie, /SameSite=Lax/i)

    const member = new CookieClient(first.base)
    assert.equal((await member.post('/api/auth/login', MEMBER)).status, 200)
    const onSecond = await member.copy(second.base).get('/api/member/details')
    assert.equal(onSecond.status, 200, onSecond.text)
    const rows = await db.from('sessions').count('* as total').first()
    assert.isAbove(Number(rows.total), 0)
  })

  test("member logout: a cookie saved before answers 401 afterwards, on both processes; the member's other device stays signed in", async ({
    assert,
  }) => {
    const member = new CookieClient(first.base)
    assert.equal((await member.post('/api/auth/login', MEMBER)).status, 200)
    const otherDevice = new CookieClient(second.base)
    assert.equal((await otherDevice.post('/api/auth/login', MEMBER)).status, 200)
    const saved = member.copy()
    assert.equal((await saved.get('/api/member/details')).status, 200)

    assert.equal((await member.post('/api/auth/logout')).status, 200)

    for (const replay of [saved, saved.copy(second.base)]) {
      const response = await replay.get('/api/member/details')
      assert.equal(response.status, 401, `${replay.base}: ${response.text}`)
    }
    assert.equal(
      (await otherDevice.get('/api/member/details')).status,
      200,
      'logout ends this device only'
    )
    assert.deepEqual((await saved.get('/api/auth/session')).body, {
      success: true,
      authenticated: false,
    })
  })

  test("admin logout: a cookie saved before answers 401 afterwards on both processes; the admin's other device stays signed in", async ({
    assert,
  }) => {
    const account = await newAdmin()
    const admin = await signedInAdmin(first.base, account.username, account.password)
    const otherDevice = await signedInAdmin(second.base, account.username, account.password)
    const saved = admin.copy()
    assert.equal((await saved.get('/api/admin/me')).status, 200)

    assert.equal((await admin.post('/api/admin/logout')).status, 200)

    for (const replay of [saved, saved.copy(second.base)]) {
      const response = await replay.get('/api/admin/me')
      assert.equal(response.status, 401, `${replay.base}: ${response.text}`)
      assert.equal(response.body.error, ADMIN_REQUIRED)
    }
    assert.equal(
      (await otherDevice.get('/api/admin/me')).status,
      200,
      'logout ends this device only'
    )
  })

  test('an admin password change ends every session of that admin; the new password signs in', async ({
    assert,
  }) => {
    const account = await newAdmin()
    const target = await signedInAdmin(second.base, account.username, account.password)
    const saved = target.copy()
    const operator = await signedInAdmin(first.base, TEST_ADMIN.username, TEST_ADMIN.password)

    const changed = await operator.post(`/api/admin/admin-users/${account.id}/change-password`, {
      newPassword: 'second-password',
    })
    assert.equal(changed.status, 200, changed.text)

    for (const replay of [saved, target, saved.copy(first.base)]) {
      assert.equal((await replay.get('/api/admin/me')).status, 401, replay.base)
    }
    assert.equal((await operator.get('/api/admin/me')).status, 200, 'the operator keeps working')
    await signedInAdmin(first.base, account.username, 'second-password')
  })

  test('deleting an admin ends their sessions', async ({ assert }) => {
    const account = await newAdmin()
    const target = await signedInAdmin(first.base, account.username, account.password)
    const saved = target.copy(second.base)
    const operator = await signedInAdmin(second.base, TEST_ADMIN.username, TEST_ADMIN.password)

    assert.equal(
      (await operator.request('DELETE', `/api/admin/admin-users/${account.id}`)).status,
      200
    )

    for (const replay of [saved, target]) {
      const response = await replay.get('/api/admin/admin-users')
      assert.equal(response.status, 401, response.text)
    }
  })

  test('signed-in calls in a row write no session row: the data and the expiry stay as the sign-in left them', async ({
    assert,
  }) => {
    const account = await newAdmin()
    const admin = await signedInAdmin(first.base, account.username, account.password)
    // The sign-in's own last calls settle first (its answer wrote the row).
    assert.equal((await admin.get('/api/admin/me')).status, 200)
    const rows = () => db.from('sessions').orderBy('id').select('id', 'data', 'expires_at')
    const before = await rows()
    for (let call = 0; call < 5; call++)
      assert.equal((await admin.get('/api/admin/token-config')).status, 200)
    assert.deepEqual(await rows(), before)
  })

  test('expired session rows are swept in bounded batches; live ones stay', async ({ assert }) => {
    const past = new Date(Date.now() - 60_000)
    const future = new Date(Date.now() + 3_600_000)
    await db.table('sessions').multiInsert([
      ...Array.from({ length: 5 }, (_, index) => ({
        id: `expired-${index}`,
        data: '{}',
        expires_at: past,
      })),
      { id: 'alive-0', data: '{}', expires_at: future },
    ])
    assert.equal(await sweepExpiredSessions(2, 2), 4, 'two batches of two')
    assert.equal(await sweepExpiredSessions(2, 2), 1)
    const left = await db
      .from('sessions')
      .whereIn('id', ['alive-0', 'expired-0', 'expired-1', 'expired-2', 'expired-3', 'expired-4'])
      .select('id')
    assert.deepEqual(
      left.map((row) => row.id),
      ['alive-0']
    )
  })
})

/**
 * The Redis server of the tests: the one scripts/test-all.sh started
 * (REDIS_PORT), else a private redis-server on a port the OS hands out, for this file
 * (scripts/run_tests.mjs leaves REDIS_PORT unset: two test processes at once would share keys).
 */
async function testRedis(): Promise<{ port: number; stop: () => Promise<void> }> {
  if (process.env.REDIS_PORT) return { port: Number(process.env.REDIS_PORT), stop: async () => {} }
  const port = await freePort()
  const server = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' }
  )
  const probe = new Redis({
    port,
    lazyConnect: true,
    retryStrategy: () => 100,
    maxRetriesPerRequest: null,
  })
  probe.on('error', () => {}) // refused until the server listens; retried
  await probe.ping()
  probe.disconnect()
  return { port, stop: () => stopChild(server) }
}

/*
| SESSION_DRIVER=redis (for larger deployments): the same guarantees with
| sessions in a real redis-server, shared by two app processes.
*/
test.group('Redis session store across processes', (group) => {
  removeRowsAddedByGroup(group)
  let first: AppServerProcess
  let second: AppServerProcess
  let redis: Redis

  group.setup(async () => {
    const server = await testRedis()
    const env = {
      SESSION_DRIVER: 'redis',
      REDIS_HOST: '127.0.0.1',
      REDIS_PORT: String(server.port),
    }
    ;[first, second] = await Promise.all([
      startAppServer(await freePort(), env),
      startAppServer(await freePort(), env),
    ])
    redis = new Redis({ port: server.port })
    return async () => {
      await Promise.all([first.stop(), second.stop()])
      const keys = await redis.keys('portal:session:*')
      if (keys.length) await redis.del(...keys)
      redis.disconnect()
      await Member.query().where('member_id', MEMBER.memberId).update({ session_version: 0 })
      await server.stop()
    }
  })
  group.each.setup(() => limiter.clear())

  test('a member session lives in Redis, works on both processes and ends for every copy at logout', async ({
    assert,
  }) => {
    const member = new CookieClient(first.base)
    assert.equal((await member.post('/api/auth/login', MEMBER)).status, 200)
    assert.isAbove((await redis.keys('portal:session:*')).length, 0)

    const saved = member.copy(second.base)
    assert.equal(
      (await saved.get('/api/member/details')).status,
      200,
      'the other process reads the same session'
    )
    assert.equal((await member.post('/api/auth/logout')).status, 200)
    for (const replay of [saved, saved.copy(first.base)]) {
      assert.equal((await replay.get('/api/member/details')).status, 401, replay.base)
    }
  })
})
