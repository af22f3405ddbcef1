import { test } from '@japa/runner'
import limiter from '@adonisjs/limiter/services/main'
import { Currency, Product } from '#modules/catalog/index'
import { removeRowsAddedByGroup } from '#tests/helpers/database'
import { demoAdmin } from '#tests/helpers/admin_session'
import { CookieClient } from '#tests/helpers/cookie_client'
import { startAppServer, type AppServerProcess } from '#tests/helpers/app_server_process'
import { freePort } from '#tests/helpers/test_paths'

/*
| Reference data is cached in every process (modules/shared/reference_cache.ts). An
| administrator's change made through this process must be seen by the very next member call
| another app process answers (on the same database): a product's alias, a currency's surcharge,
| a setting. Committed for real (no global transaction); every value is put back afterwards.
*/
const ANNA = { memberId: 'DEMO-1001', dateOfBirth: '1980-04-15' }

test.group('Reference data cached per process: an admin change reaches every process', (group) => {
  removeRowsAddedByGroup(group)
  let other: AppServerProcess
  let member: CookieClient
  let quote: Record<string, unknown>

  group.setup(async () => {
    other = await startAppServer(await freePort(), {}, '/api/health', 180_000)
    return () => other.stop()
  })
  group.each.setup(async () => {
    await limiter.clear()
    member = new CookieClient(other.base)
    const login = await member.post('/api/auth/login', ANNA)
    if (login.status !== 200) throw new Error(`login: ${login.status} ${login.text}`)
    const details = (await member.get('/api/member/details')).body
    quote = {
      memberIds: [details.member.id],
      durationType: '12_months',
      paymentFrequency: 'one-time',
      currency: 'EUR',
    }
  })

  test("a product's new alias is in the other process's next details", async ({
    client,
    assert,
  }) => {
    const gold = await Product.findByOrFail('product_name', 'Global Health Gold')
    const alias = gold.product_alias
    assert.equal((await member.get('/api/member/details')).body.member.product_alias, alias)
    const body = {
      subscriptionFrequencies: gold.subscriptionFrequencies,
      fixedStartDate: gold.fixed_start_date?.toISODate() ?? null,
      fixedEndDate: gold.fixed_end_date?.toISODate() ?? null,
      enforceFixedStartDate: gold.enforce_fixed_start_date,
      enforceFixedEndDate: gold.enforce_fixed_end_date,
      planId: gold.plan_id,
      disabled: gold.disabled,
    }
    const admin = await demoAdmin()
    try {
      const saved = await client
        .put(`/api/admin/products/${gold.id}`)
        .json({ ...body, productAlias: 'Gold Renamed' })
        .asAdmin(admin)
        .withCsrfToken()
      saved.assertStatus(200)
      assert.equal(
        (await member.get('/api/member/details')).body.member.product_alias,
        'Gold Renamed'
      )
    } finally {
      await client
        .put(`/api/admin/products/${gold.id}`)
        .json({ ...body, productAlias: alias })
        .asAdmin(admin)
        .withCsrfToken()
    }
  })

  test("a currency's new surcharge prices the other process's next quote", async ({
    client,
    assert,
  }) => {
    const euro = await Currency.findByOrFail('code', 'EUR')
    const surcharge = Number(euro.surcharge_percentage)
    const before = (await member.post('/api/migration/calculate', quote)).body
    assert.equal(before.surchargePercentage, surcharge)
    const admin = await demoAdmin()
    try {
      const saved = await client
        .put(`/api/currencies/admin/${euro.id}`)
        .json({ enabled: true, surcharge_percentage: surcharge + 10 })
        .asAdmin(admin)
        .withCsrfToken()
      saved.assertStatus(200)
      const after = (await member.post('/api/migration/calculate', quote)).body
      assert.equal(after.surchargePercentage, surcharge + 10)
      assert.isAbove(after.totalAmount, before.totalAmount)
    } finally {
      await client
        .put(`/api/currencies/admin/${euro.id}`)
        .json({ enabled: true, surcharge_percentage: surcharge })
        .asAdmin(admin)
        .withCsrfToken()
    }
  })

  test("a changed setting is in the other process's next details", async ({ client, assert }) => {
    const admin = await demoAdmin()
    const corporateDomains = (value: string) =>
      client
        .put('/api/admin/settings/CORPORATE_EMAIL_DOMAINS')
        .json({ value })
        .asAdmin(admin)
        .withCsrfToken()
    assert.isTrue((await member.get('/api/member/details')).body.member.requiresPersonalEmail)
    try {
      ;(await corporateDomains('elsewhere.example')).assertStatus(200)
      assert.isFalse((await member.get('/api/member/details')).body.member.requiresPersonalEmail)
    } finally {
      await corporateDomains('corp.example.com')
    }
  })
})
