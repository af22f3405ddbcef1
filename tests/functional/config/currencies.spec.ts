import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import { isolateEachTest } from '#tests/helpers/database'
import { demoAdmin } from '#tests/helpers/admin_session'
import { RatesServer } from '#tests/helpers/rates_server'
import { Currency, ExchangeRate, getCurrencyRate } from '#modules/catalog/index'
import { withoutRequestId } from '#tests/helpers/api_contract'

test.group('Admin currencies and exchange rates', (group) => {
  isolateEachTest(group)
  const provider = new RatesServer()
  group.setup(async () => {
    await provider.start()
    return async () => {
      env.set('EXCHANGE_RATES_URL', '')
      await provider.stop()
    }
  })
  group.each.setup(() => {
    provider.status = 200
    env.set('EXCHANGE_RATES_URL', '')
  })

  test('the list has currencies (USD first), cacheStatus and the seeded rates', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/api/currencies/admin/all').asAdmin(await demoAdmin())
    response.assertStatus(200)
    const body = response.body()
    assert.equal(body.currencies[0].code, 'USD')
    assert.deepInclude(body.currencies, {
      id: body.currencies.find((c: any) => c.code === 'GBP').id,
      code: 'GBP',
      name: 'British Pound',
      symbol: '£',
      enabled: true,
      surcharge_percentage: 2.5,
    })
    assert.deepEqual(body.exchangeRates, { CHF: 0.88, EUR: 0.92, GBP: 0.79, USD: 1 })
    assert.isTrue(body.cacheStatus.cached)
    assert.isNumber(body.cacheStatus.age)
  })

  test('a currency is saved with its toggle and surcharge', async ({ client, assert }) => {
    const eur = await Currency.findByOrFail('code', 'EUR')
    const response = await client
      .put(`/api/currencies/admin/${eur.id}`)
      .json({ enabled: false, surcharge_percentage: 3.456 })
      .asAdmin(await demoAdmin())
      .withCsrfToken()
    response.assertStatus(200)
    await eur.refresh()
    assert.isFalse(eur.enabled)
    assert.equal(Number(eur.surcharge_percentage), 3.46)
  })

  test('the base currency USD is refused by the server', async ({ client, assert }) => {
    const usd = await Currency.findByOrFail('code', 'USD')
    const response = await client
      .put(`/api/currencies/admin/${usd.id}`)
      .json({ enabled: false, surcharge_percentage: 5 })
      .asAdmin(await demoAdmin())
      .withCsrfToken()
    response.assertStatus(422)
    assert.deepEqual(withoutRequestId(response.body()), {
      success: false,
      error: 'The base currency USD cannot be changed',
    })
    await usd.refresh()
    assert.isTrue(usd.enabled)
    assert.equal(Number(usd.surcharge_percentage), 0)
  })

  test('a surcharge outside 0..100 or not a number is a 422: {$self}')
    .with([-1, 100.01, 'abc', null])
    .run(async ({ client, assert }, surcharge) => {
      const eur = await Currency.findByOrFail('code', 'EUR')
      const response = await client
        .put(`/api/currencies/admin/${eur.id}`)
        .json({ enabled: true, surcharge_percentage: surcharge })
        .asAdmin(await demoAdmin())
        .withCsrfToken()
      response.assertStatus(422)
      assert.equal(response.body().success, false)
    })

  test('an unknown currency is a 404', async ({ client }) => {
    const response = await client
      .put('/api/currencies/admin/99999')
      .json({ enabled: true, surcharge_percentage: 1 })
      .asAdmin(await demoAdmin())
      .withCsrfToken()
    response.assertStatus(404)
  })

  test('refresh-rates fetches the provider and stores the rates of our currencies', async ({
    client,
    assert,
  }) => {
    env.set('EXCHANGE_RATES_URL', provider.url)
    const response = await client
      .post('/api/currencies/admin/refresh-rates')
      .asAdmin(await demoAdmin())
      .withCsrfToken()
    response.assertStatus(200)
    assert.deepEqual(response.body().rates, { CHF: 0.85, EUR: 0.9, GBP: 0.8, USD: 1 })
    assert.equal(response.body().cacheStatus.source, 'provider')
    assert.equal(response.body().cacheStatus.age, 0)
    assert.isNull(await ExchangeRate.findBy('currency_code', 'JPY'))
    assert.equal(Number((await ExchangeRate.findByOrFail('currency_code', 'EUR')).rate), 0.9)
    // The admin's refresh is in the audit trail with the rates it stored (docs/operations.md).
    const entry = await db
      .from('audit_entries')
      .where('action', 'currency.refresh_rates')
      .firstOrFail()
    assert.equal(entry.actor, 'admin')
    assert.deepEqual(JSON.parse(entry.after), { CHF: 0.85, EUR: 0.9, GBP: 0.8 })
  })

  test('a provider failure keeps the last good rates and answers 502', async ({
    client,
    assert,
  }) => {
    env.set('EXCHANGE_RATES_URL', provider.url)
    provider.status = 500
    const response = await client
      .post('/api/currencies/admin/refresh-rates')
      .asAdmin(await demoAdmin())
      .withCsrfToken()
    response.assertStatus(502)
    assert.equal(
      response.body().error,
      'Could not refresh exchange rates: Exchange-rate provider answered 500'
    )
    assert.equal(Number((await ExchangeRate.findByOrFail('currency_code', 'EUR')).rate), 0.92)
  })

  test('without a provider (offline) the seeded rates serve', async ({ client, assert }) => {
    const response = await client
      .post('/api/currencies/admin/refresh-rates')
      .asAdmin(await demoAdmin())
      .withCsrfToken()
    response.assertStatus(502)
    assert.equal(
      response.body().error,
      'Could not refresh exchange rates: No exchange-rate provider is configured'
    )
    const gbp = await getCurrencyRate('GBP')
    assert.deepEqual(gbp, {
      code: 'GBP',
      enabled: true,
      rate: 0.79,
      surchargePercentage: 2.5,
      effectiveRate: 0.79 * 1.025,
    })
  })

  test('the exported rate function gives rate, surcharge and effective rate', async ({
    assert,
  }) => {
    assert.deepEqual(await getCurrencyRate('usd'), {
      code: 'USD',
      enabled: true,
      rate: 1,
      surchargePercentage: 0,
      effectiveRate: 1,
    })
    assert.isNull(await getCurrencyRate('XYZ'))
  })

  test('the scheduler status names the refresh task and says why it is not running', async ({
    client,
    assert,
  }) => {
    const response = await client
      .get('/api/currencies/admin/scheduler-status')
      .asAdmin(await demoAdmin())
    response.assertStatus(200)
    // The background provider does not run in tests and no provider URL is set here.
    assert.deepEqual(response.body().scheduler.refreshRatesTask, {
      running: false,
      inThisProcess: false,
      state: 'not_started',
      intervalSeconds: 300,
      providerConfigured: false,
      provider: null,
      lastRunAt: null,
      lastError: null,
    })
  })

  test('a recent claim by another process counts as running; an old one does not', async ({
    client,
    assert,
  }) => {
    const stamp = (minutesAgo: number) =>
      DateTime.utc().minus({ minutes: minutesAgo }).toFormat('yyyy-MM-dd HH:mm:ss')
    await db.table('scheduler_locks').insert({
      name: 'refresh_exchange_rates',
      owner: 'other-process',
      locked_until: stamp(1),
      last_run_at: stamp(2),
    })
    const recent = (
      await client.get('/api/currencies/admin/scheduler-status').asAdmin(await demoAdmin())
    ).body().scheduler.refreshRatesTask
    assert.containsSubset(recent, { running: true, inThisProcess: false })
    assert.approximately(
      DateTime.fromISO(recent.lastRunAt).toMillis(),
      DateTime.utc().minus({ minutes: 2 }).toMillis(),
      5_000
    )

    await db
      .from('scheduler_locks')
      .where('name', 'refresh_exchange_rates')
      .update({ locked_until: stamp(20), last_run_at: stamp(20) })
    const stale = (
      await client.get('/api/currencies/admin/scheduler-status').asAdmin(await demoAdmin())
    ).body().scheduler.refreshRatesTask
    assert.containsSubset(stale, { running: false, inThisProcess: false })
  })
})
