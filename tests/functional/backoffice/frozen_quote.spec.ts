import { test } from '@japa/runner'
import { isolateEachTest } from '#tests/helpers/database'
import { AdminUser } from '#modules/admins/index'
import { Member } from '#modules/members/index'
import { Currency, ExchangeRate } from '#modules/catalog/index'
import { Migration } from '#modules/migrations/index'

const admin = () => AdminUser.findByOrFail('username', 'admin')
const url = (id: number | string) => `/api/admin/migrations/${id}/frozen-quote`
const unchanged = (value: number) => ({
  used: value,
  today: value,
  difference: 0,
  differencePercent: 0,
  changed: false,
})

/**
 * DEMO-1005 (Emma Johansson) has a GBP premium (seeded at 0.79 per USD);
 * she buys in EUR (0.92 per USD, surcharge 2 %) through the shop.
 */
async function emmaBuysInEuro(client: any): Promise<number> {
  const emma = await Member.findByOrFail('member_id', 'DEMO-1005')
  const created = await client
    .post('/api/migration/create')
    .json({
      memberIds: [emma.id],
      durationType: '12_months',
      paymentFrequency: 'one-time',
      currency: 'EUR',
    })
    .asMember(emma)
    .withCsrfToken()
  created.assertStatus(200)
  return created.body().migrationId
}

test.group('Back-office frozen quote', (group) => {
  isolateEachTest(group)

  test("the rates and surcharge the price used, and no difference while today's are the same", async ({
    client,
    assert,
  }) => {
    const id = await emmaBuysInEuro(client)
    const migration = await Migration.findOrFail(id)
    const response = await client.get(url(id)).asAdmin(await admin())
    response.assertStatus(200)
    const { quote } = response.body()
    assert.equal(quote.migrationId, id)
    assert.equal(quote.quotedAt, migration.created_at.toUTC().toISO())
    assert.deepEqual(quote.currency, {
      code: 'EUR',
      state: 'enabled',
      rate: unchanged(0.92),
      surchargePercentage: unchanged(2),
    })
    assert.deepEqual(quote.members, [
      {
        id: quote.members[0].id,
        name: 'Emma Johansson',
        role: 'Principal',
        premiumCurrency: 'GBP',
        rate: unchanged(0.79),
      },
    ])
    assert.isFalse(quote.changed)
  })

  test("after rates and the surcharge change: today's values and the differences (absolute and %)", async ({
    client,
    assert,
  }) => {
    const id = await emmaBuysInEuro(client)
    await ExchangeRate.query().where('currency_code', 'EUR').update({ rate: 0.95 })
    await ExchangeRate.query().where('currency_code', 'GBP').update({ rate: 0.75 })
    const euro = await Currency.findByOrFail('code', 'EUR')
    const as = await admin()
    ;(
      await client
        .put(`/api/currencies/admin/${euro.id}`)
        .json({ enabled: true, surcharge_percentage: 3 })
        .asAdmin(as)
        .withCsrfToken()
    ).assertStatus(200)

    const { quote } = (await client.get(url(id)).asAdmin(as)).body()
    assert.deepEqual(quote.currency.rate, {
      used: 0.92,
      today: 0.95,
      difference: 0.03,
      differencePercent: 3.26,
      changed: true,
    })
    assert.deepEqual(quote.currency.surchargePercentage, {
      used: 2,
      today: 3,
      difference: 1,
      differencePercent: 50,
      changed: true,
    })
    assert.deepEqual(quote.members[0].rate, {
      used: 0.79,
      today: 0.75,
      difference: -0.04,
      differencePercent: -5.06,
      changed: true,
    })
    assert.isTrue(quote.changed)
    // The migration itself keeps what it was priced with.
    const migration = await Migration.findOrFail(id)
    assert.equal(migration.exchange_rate, 0.92)
    assert.equal(migration.surcharge_percentage, 2)
  })

  test("a currency disabled since is reported as disabled with today's values", async ({
    client,
    assert,
  }) => {
    const id = await emmaBuysInEuro(client)
    await Currency.query().where('code', 'EUR').update({ enabled: false })
    const response = await client.get(url(id)).asAdmin(await admin())
    response.assertStatus(200)
    assert.deepEqual(response.body().quote.currency, {
      code: 'EUR',
      state: 'disabled',
      rate: unchanged(0.92),
      surchargePercentage: unchanged(2),
    })
  })

  test("currencies removed since (with their rates) answer 200 with no today's value, never a 500", async ({
    client,
    assert,
  }) => {
    const id = await emmaBuysInEuro(client)
    await ExchangeRate.query().whereIn('currency_code', ['EUR', 'GBP']).delete()
    await Currency.query().whereIn('code', ['EUR', 'GBP']).delete()
    const response = await client.get(url(id)).asAdmin(await admin())
    response.assertStatus(200)
    const { quote } = response.body()
    const gone = (used: number) => ({
      used,
      today: null,
      difference: null,
      differencePercent: null,
      changed: false,
    })
    assert.deepEqual(quote.currency, {
      code: 'EUR',
      state: 'removed',
      rate: gone(0.92),
      surchargePercentage: gone(2),
    })
    assert.deepEqual(quote.members[0].rate, gone(0.79))
    assert.isFalse(quote.changed)
  })

  test('unknown migration 404, bad id 422, no admin session 401', async ({ client }) => {
    const as = await admin()
    const missing = await client.get(url(999999)).asAdmin(as)
    missing.assertStatus(404)
    missing.assertBodyContains({ success: false, error: 'Migration not found' })
    ;(await client.get(url('abc')).asAdmin(as)).assertStatus(422)
    const emma = await Member.findByOrFail('member_id', 'DEMO-1005')
    ;(await client.get(url(1)).asMember(emma)).assertStatus(401)
    ;(await client.get(url(1))).assertStatus(401)
  })
})
