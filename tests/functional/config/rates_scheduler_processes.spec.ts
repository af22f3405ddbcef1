import { test } from '@japa/runner'
import { fork, type ChildProcess } from 'node:child_process'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { RatesServer } from '#tests/helpers/rates_server'
import { FROM_SOURCE } from '#tests/helpers/source_node'

/**
 * Two application instances (separate processes, each with its own
 * connection pool) run the exchange-rate scheduler against the shared test
 * database — MariaDB when DB_CONNECTION=mysql, else the SQLite file — and a
 * local provider that counts requests. Nothing is rolled back here (the
 * children cannot see a test transaction), so the group restores the rates
 * and the lock row itself.
 */
const LOCK = 'refresh_exchange_rates'
const provider = new RatesServer()
const children: ChildProcess[] = []

function startInstance(owner: string): Promise<ChildProcess> {
  const child = fork('tests/helpers/rates_scheduler_process.ts', [], {
    execArgv: FROM_SOURCE,
    env: {
      ...process.env,
      EXCHANGE_RATES_URL: provider.url,
      SCHEDULER_OWNER: owner,
      TICK_MS: '100',
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  })
  children.push(child)
  return new Promise((resolve, reject) => {
    child.once('message', (message) =>
      message === 'ready' ? resolve(child) : reject(new Error(String(message)))
    )
    child.once('exit', (code) =>
      reject(new Error(`scheduler process ${owner} exited with ${code}`))
    )
  })
}

function stopInstance(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise<void>((resolve) => {
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Waits for the provider's `count`-th request (a busy machine may take seconds to get there), then
 * watches 1 s more, about 10 ticks of each instance, in which no further request may arrive.
 */
async function refreshesReach(count: number) {
  const until = Date.now() + 60_000
  while (provider.requests < count && Date.now() < until) await sleep(50)
  await sleep(1000)
}
const stamp = (date: DateTime) => date.toUTC().toFormat('yyyy-MM-dd HH:mm:ss')

test.group('Exchange-rate scheduler: two application instances, one refresh', (group) => {
  let savedRates: Record<string, unknown>[] = []

  group.setup(async () => {
    await provider.start()
    savedRates = await db.from('exchange_rates').select('*')
    await db.from('scheduler_locks').where('name', LOCK).delete()
    return async () => {
      await Promise.all(children.map(stopInstance))
      await provider.stop()
      await db.from('scheduler_locks').where('name', LOCK).delete()
      await db.from('exchange_rates').delete()
      await db.table('exchange_rates').multiInsert(savedRates)
    }
  })

  test('both instances tick every 100 ms; the provider is called once per 5-minute interval', async ({
    assert,
  }) => {
    const [first, second] = await Promise.all([
      startInstance('instance-a'),
      startInstance('instance-b'),
    ])
    first.send('go')
    second.send('go')

    // The first checks of both at the same moment, then ~10 more each: exactly one refresh.
    await refreshesReach(1)
    assert.equal(provider.requests, 1)
    const claim = await db.from('scheduler_locks').where('name', LOCK).firstOrFail()
    assert.include(['instance-a', 'instance-b'], claim.owner)
    const gbp = await db.from('exchange_rates').where('currency_code', 'GBP').firstOrFail()
    assert.equal(Number(gbp.rate), 0.8)
    assert.equal(gbp.source, 'provider')

    // The interval passes (the last run moved 6 minutes back): again exactly one refresh.
    await db
      .from('scheduler_locks')
      .where('name', LOCK)
      .update({
        last_run_at: stamp(DateTime.utc().minus({ minutes: 6 })),
        locked_until: stamp(DateTime.utc().minus({ seconds: 1 })),
      })
    await refreshesReach(2)
    assert.equal(provider.requests, 2)

    // One instance stopping leaves the other one refreshing on its own.
    await stopInstance(first)
    await db
      .from('scheduler_locks')
      .where('name', LOCK)
      .update({
        last_run_at: stamp(DateTime.utc().minus({ minutes: 6 })),
        locked_until: stamp(DateTime.utc().minus({ seconds: 1 })),
      })
    await refreshesReach(3)
    assert.equal(provider.requests, 3)
    assert.equal(
      (await db.from('scheduler_locks').where('name', LOCK).firstOrFail()).owner,
      'instance-b'
    )
    await stopInstance(second)
  }).timeout(120_000)
})
