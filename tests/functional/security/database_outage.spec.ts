import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { tmpdir } from 'node:os'
import { CookieClient } from '#tests/helpers/cookie_client'
import { createFulfilmentWorker } from '#modules/fulfilment/index'
import { workerHeartbeats } from '#modules/jobs/index'
import { withoutRequestId } from '#tests/helpers/api_contract'
import { startAppServer } from '#tests/helpers/app_server_process'

/**
 * Makes the default connection's database unreachable; the returned function
 * ends the outage. MariaDB: the pool's connections drop and new ones go to a
 * closed port (the same knex pool, which the limiter's store shares, so it
 * lives through the outage as in production). SQLite: the connection is
 * pointed at a path that cannot be opened (a folder). No global transaction
 * here: the outage must hit the server's real pool.
 */
async function breakDatabase(): Promise<() => void> {
  const name = db.primaryConnectionName
  const config = db.manager.get(name)!.config
  if (config.client === 'better-sqlite3' || config.client === 'sqlite3') {
    db.manager.patch(name, {
      ...config,
      connection: { ...(config.connection as object), filename: tmpdir() },
    } as any)
    return () => db.manager.patch(name, config)
  }
  const client = (db.connection().getWriteClient() as any).client
  // Lucid's knex-dynamic-connection reads the settings from the client's config on every new connection.
  const settings = client.config.connection
  const port = settings.port
  settings.port = 1
  // As when the server goes away: each pooled connection errors, which knex records as disposed.
  const lost = new Error('connection lost')
  for (const { resource } of client.pool.free) {
    resource.__knex__disposed = lost
    resource.destroy()
  }
  // Those in use at this moment (the job worker's poll) and those being opened are gone too: knex
  // refuses a disposed one when it is next taken from the pool. Seen on MariaDB: a connection the
  // worker held came back and answered the readiness check's migrations query with the database "down".
  for (const { resource } of client.pool.used) resource.__knex__disposed = lost
  for (const pending of client.pool.pendingCreates)
    pending.promise.then((resource: any) => (resource.__knex__disposed = lost)).catch(() => {})
  return () => {
    settings.port = port
  }
}

test.group('Database outage', () => {
  test('readiness is 503 and API calls are 503 while the database is down; both recover without a restart', async ({
    assert,
    cleanup,
  }) => {
    const browser = new CookieClient()
    const before = await browser.get('/health/ready')
    assert.deepEqual([before.status, before.body.status], [200, 'ready'])

    const restore = await breakDatabase()
    cleanup(restore)
    const ready = await browser.get('/health/ready')
    assert.equal(ready.status, 503)
    assert.equal(ready.body.error, 'Service temporarily unavailable')
    assert.equal(ready.body.checks['Migrations applied'], 'error')
    assert.equal(ready.body.checks['Background worker alive'], 'ok')
    assert.notInclude(ready.text, 'unable to open')
    assert.notInclude(ready.text, 'ECONNREFUSED')
    const login = await browser.post('/api/auth/login', {
      memberId: 'DEMO-1001',
      dateOfBirth: '1980-04-15',
    })
    assert.deepEqual(
      [login.status, withoutRequestId(login.body)],
      [503, { success: false, error: 'Service temporarily unavailable' }]
    )
    assert.equal((await browser.get('/health/live')).status, 200)
    assert.equal((await browser.get('/api/health')).status, 200)

    restore()
    const after = await browser.get('/health/ready')
    assert.deepEqual([after.status, after.body.status], [200, 'ready'])
    assert.equal(
      (await browser.post('/api/auth/login', { memberId: 'DEMO-1001', dateOfBirth: '1980-04-15' }))
        .status,
      200
    )
  })

  test('readiness names a started worker that stops turning', async ({ assert, cleanup }) => {
    const worker = createFulfilmentWorker()
    worker.start()
    cleanup(() => worker.stop())
    const running = await new CookieClient().get('/health/ready')
    assert.deepEqual([running.status, running.body.checks['Background worker alive']], [200, 'ok'])
    // Ten minutes from now, without a beat in between, the worker counts as stuck.
    assert.deepEqual(workerHeartbeats(Date.now() + 10 * 60_000), { started: 1, alive: 0 })
    await worker.stop()
    assert.deepEqual(workerHeartbeats(), { started: 0, alive: 0 })
  })

  test('a process whose database (and session store) is unreachable: live 200, ready 503', async ({
    assert,
    cleanup,
  }) => {
    // A second app process on MariaDB at a closed port, sessions in the database as in production.
    const port = Number(process.env.PORT ?? 3334) + 1910
    const server = await startAppServer(
      port,
      {
        DB_CONNECTION: 'mysql',
        DB_HOST: '127.0.0.1',
        DB_PORT: String(port + 1),
        SESSION_DRIVER: 'database',
        LIMITER_STORE: 'memory',
      },
      '/health/live'
    )
    cleanup(() => server.stop())
    for (let probe = 0; probe < 5; probe++) {
      const live = await fetch(`${server.base}/health/live`)
      assert.deepEqual([live.status, await live.json()], [200, { success: true, status: 'live' }])
    }
    const ready = await fetch(`${server.base}/health/ready`)
    assert.equal(ready.status, 503)
    assert.equal(((await ready.json()) as any).error, 'Service temporarily unavailable')
  }).timeout(90_000)

  test('/health/live answers without touching the database', async ({ assert }) => {
    const response = await new CookieClient().get('/health/live')
    assert.deepEqual([response.status, response.body], [200, { success: true, status: 'live' }])
  })
})
