import { test } from '@japa/runner'
import { isolateEachTest } from '#tests/helpers/database'
import { Member } from '#modules/members/index'
import { Currency, Product } from '#modules/catalog/index'
import { pricingToday } from '#modules/migrations/index'
import { addMonths, daysBetween } from '#modules/pricing/index'

async function family() {
  const anna = await Member.findByOrFail('member_id', 'DEMO-1001')
  const spouse = await Member.findByOrFail('member_id', 'DEMO-1001-S')
  const child = await Member.findByOrFail('member_id', 'DEMO-1001-C1')
  return { anna, spouse, child }
}

test.group('POST /api/migration/calculate', (group) => {
  isolateEachTest(group)

  test('prices spouse and child in EUR for 12 months, quarterly', async ({ client, assert }) => {
    const { anna, spouse, child } = await family()
    const response = await client
      .post('/api/migration/calculate')
      .json({
        memberIds: [spouse.id, child.id],
        durationType: '12_months',
        paymentFrequency: 'quarterly',
        currency: 'eur',
        fixedEndDate: null,
      })
      .asMember(anna)
      .withCsrfToken()
    response.assertStatus(200)
    const today = await pricingToday()
    const days = daysBetween(today, addMonths(today, 12))
    const body = response.body()
    // 2,200 and 800 USD a year × 0.92 × 1.02 = 2,064.48 and 750.72 EUR
    assert.deepEqual(
      body.calculations.map((line: any) => line.annualPremium),
      [2064.48, 750.72]
    )
    assert.deepEqual(
      body.calculations.map((line: any) => line.memberName),
      ['Jonas Schmidt', 'Mia Schmidt']
    )
    const expected = [206448, 75072].map((cents) => Math.round((cents * days) / 365))
    assert.equal(Math.round(body.totalAmount * 100), expected[0] + expected[1])
    assert.containsSubset(body, {
      currency: 'EUR',
      durationDays: days,
      endDate: addMonths(today, 12),
      paymentFrequency: 'quarterly',
      numberOfPayments: 4,
      exchangeRate: 0.92,
      surchargePercentage: 2,
    })
    assert.lengthOf(body.installmentSchedule, 4)
    assert.deepEqual(
      body.installmentSchedule.map((row: any) => row.dueDate),
      [today, addMonths(today, 3), addMonths(today, 6), addMonths(today, 9)]
    )
    const cents = body.installmentSchedule.map((row: any) => Math.round(row.amount * 100))
    assert.equal(
      cents.reduce((sum: number, value: number) => sum + value, 0),
      Math.round(body.totalAmount * 100)
    )
    assert.equal(body.subscriptionAmount, body.installmentSchedule[0].amount)
  })

  test('refuses a member of another family', async ({ client, assert }) => {
    const { anna } = await family()
    const stranger = await Member.findByOrFail('member_id', 'DEMO-1002-S')
    const response = await client
      .post('/api/migration/calculate')
      .json({
        memberIds: [anna.id, stranger.id],
        durationType: '12_months',
        paymentFrequency: 'one-time',
        currency: 'USD',
      })
      .asMember(anna)
      .withCsrfToken()
    response.assertStatus(422)
    assert.equal(response.body().error, 'One or more selected members are not part of your family')
  })

  test('refuses {0}')
    .with([
      [
        'a frequency the duration does not allow',
        { durationType: '6_months', paymentFrequency: 'annual' },
        'The payment frequency annual is not available for this duration',
      ],
      ['an unknown currency', { currency: 'XYZ' }, 'The currency XYZ is not available'],
      ['a disabled currency', { currency: 'CHF' }, 'The currency CHF is not available'],
      [
        'fixed_date without a fixed end date',
        { durationType: 'fixed_date' },
        'A fixed end date is not available for your product',
      ],
      ['no member', { memberIds: [] }, 'Please select at least one member'],
      [
        'an unknown duration',
        { durationType: '7_months' },
        'Please choose a duration: 6_months, 9_months, 12_months or fixed_date',
      ],
    ] as const)
    .run(async ({ client, assert }, [, change, message]) => {
      const { anna } = await family()
      await Currency.query().where('code', 'CHF').update({ enabled: false })
      const response = await client
        .post('/api/migration/calculate')
        .json({
          memberIds: [anna.id],
          durationType: '12_months',
          paymentFrequency: 'one-time',
          currency: 'USD',
          ...change,
        })
        .asMember(anna)
        .withCsrfToken()
      response.assertStatus(422)
      assert.equal(response.body().error, message)
    })

  test('a frequency switched off on the product is refused', async ({ client }) => {
    const { anna } = await family()
    await Product.query()
      .where('product_name', 'Global Health Gold')
      .update({ freq_monthly: false })
    const response = await client
      .post('/api/migration/calculate')
      .json({
        memberIds: [anna.id],
        durationType: '12_months',
        paymentFrequency: 'monthly',
        currency: 'USD',
      })
      .asMember(anna)
      .withCsrfToken()
    response.assertStatus(422)
    response.assertBodyContains({
      error: 'The payment frequency monthly is not available for this duration',
    })
  })

  test('garbage input is a 4xx, never a 500', async ({ client, assert }) => {
    const { anna } = await family()
    for (const body of [
      { memberIds: 'all' },
      { memberIds: [1.5] },
      { memberIds: [anna.id], durationType: null },
      { currency: ['USD'] },
    ]) {
      const response = await client
        .post('/api/migration/calculate')
        .json(body)
        .asMember(anna)
        .withCsrfToken()
      assert.equal(response.status(), 422, JSON.stringify(body))
    }
  })
})
