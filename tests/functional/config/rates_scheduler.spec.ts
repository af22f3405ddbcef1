import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import { isolateEachTest } from '#tests/helpers/database'
import { RatesServer } from '#tests/helpers/rates_server'
import { ExchangeRate, RatesScheduler } from '#modules/catalog/index'

const stamp = (date: DateTime) => date.toUTC().toFormat('yyyy-MM-dd HH:mm:ss')

/**
 * The lock's rules inside one process and one rolled-back transaction (claim
 * once per interval, a held lock, provider failures). That two separate
 * processes refresh only once is shown by rates_scheduler_processes.spec.ts.
 */
test.group('Exchange-rate scheduler: lock rules and provider failures (one process)', (group) => {
  isolateEachTest(group)
  const provider = new RatesServer()
  group.setup(async () => {
    await provider.start()
    env.set('EXCHANGE_RATES_URL', provider.url)
    return async () => {
      env.set('EXCHANGE_RATES_URL', '')
      await provider.stop()
    }
  })
  group.each.setup(() => {
    provider.requests = 0
    provider.status = 200
  })

  test('a claim is granted once per interval, then refused until 5 minutes have passed', async ({
    assert,
  }) => {
    const first = new RatesScheduler('process-a')
    const second = new RatesScheduler('process-b')
    const results = await Promise.all([first.tick(), second.tick()])
    assert.sameMembers(results, [true, false])
    assert.equal(provider.requests, 1)
    assert.equal(Number((await ExchangeRate.findByOrFail('currency_code', 'GBP')).rate), 0.8)
    assert.equal((await ExchangeRate.findByOrFail('currency_code', 'GBP')).source, 'provider')

    assert.deepEqual(await Promise.all([first.tick(), second.tick()]), [false, false])
    assert.equal(provider.requests, 1)
  })

  test('once the interval has passed, exactly one of them refreshes again', async ({ assert }) => {
    const first = new RatesScheduler('process-a')
    const second = new RatesScheduler('process-b')
    await first.tick()
    await db
      .from('scheduler_locks')
      .where('name', 'refresh_exchange_rates')
      .update({ last_run_at: stamp(DateTime.utc().minus({ minutes: 6 })) })
    const results = await Promise.all([second.tick(), first.tick()])
    assert.sameMembers(results, [true, false])
    assert.equal(provider.requests, 2)
  })

  test('a lock still held by a live process keeps the others away', async ({ assert }) => {
    const first = new RatesScheduler('process-a')
    assert.isTrue(await first.lock.claimRun(0, 60_000))
    assert.isFalse(await new RatesScheduler('process-b').tick())
    assert.equal(provider.requests, 0)
  })

  test('a failing provider leaves the last good rates in place and does not throw', async ({
    assert,
  }) => {
    provider.status = 503
    assert.isFalse(await new RatesScheduler('process-a').tick())
    assert.equal(provider.requests, 1)
    const eur = await ExchangeRate.findByOrFail('currency_code', 'EUR')
    assert.equal(Number(eur.rate), 0.92)
    assert.equal(eur.source, 'seed')
  })

  test('an answer of the wrong shape changes nothing', async ({ assert }) => {
    provider.body = { 'result': 'error', 'error-type': 'unsupported-code' }
    assert.isFalse(await new RatesScheduler('process-a').tick())
    assert.equal(Number((await ExchangeRate.findByOrFail('currency_code', 'EUR')).rate), 0.92)
    provider.body = {
      result: 'success',
      base_code: 'USD',
      rates: { USD: 1, EUR: 0.9, GBP: 0.8, CHF: 0.85, JPY: 150 },
    }
  })
})
