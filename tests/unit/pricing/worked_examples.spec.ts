import { test } from '@japa/runner'
import { quoteMigration, toPricingResult, type QuoteInput } from '#modules/pricing/index'

/** The worked examples of docs/pricing.md: if this fails, the document is wrong. */
const FLAGS = {
  'one-time': true,
  'monthly': true,
  'quarterly': true,
  'semi-annual': true,
  'annual': true,
}
const PRODUCT = {
  fixedStartDate: null,
  enforceFixedStartDate: false,
  fixedEndDate: null,
  enforceFixedEndDate: false,
  frequencies: FLAGS,
}
const RATES = { USD: 1, EUR: 0.92, GBP: 0.79, CHF: 0.88 }
const schedule = (input: QuoteInput) =>
  toPricingResult(quoteMigration(input)).installmentSchedule.map((row) => [
    row.amount,
    row.dueDate,
    row.isReconciliation,
  ])

test.group('docs/pricing.md worked examples', () => {
  test('A: spouse and child, EUR, 12 months, quarterly', ({ assert }) => {
    const input: QuoteInput = {
      today: '2026-11-22',
      product: PRODUCT,
      rates: RATES,
      durationType: '12_months',
      paymentFrequency: 'quarterly',
      currency: { code: 'EUR', rate: 0.92, surchargePercentage: 2 },
      members: [
        { id: 2, name: 'Jonas Schmidt', finalPremium: 220000, premiumCurrency: 'USD' },
        { id: 3, name: 'Mia Schmidt', finalPremium: 80000, premiumCurrency: 'USD' },
      ],
    }
    assert.containsSubset(toPricingResult(quoteMigration(input)), {
      durationDays: 365,
      endDate: '2027-11-22',
      totalAmount: 2815.2,
      subscriptionAmount: 703.8,
      numberOfPayments: 4,
    })
    assert.deepEqual(schedule(input), [
      [703.8, '2026-11-22', false],
      [703.8, '2027-02-22', false],
      [703.8, '2027-05-22', false],
      [703.8, '2027-08-22', false],
    ])
  })

  test('B: principal, USD, 6 months from 31 January, monthly', ({ assert }) => {
    const input: QuoteInput = {
      today: '2027-01-31',
      product: PRODUCT,
      rates: RATES,
      durationType: '6_months',
      paymentFrequency: 'monthly',
      currency: { code: 'USD', rate: 1, surchargePercentage: 0 },
      members: [{ id: 1, name: 'Anna Schmidt', finalPremium: 240000, premiumCurrency: 'USD' }],
    }
    assert.containsSubset(toPricingResult(quoteMigration(input)), {
      durationDays: 181,
      endDate: '2027-07-31',
      totalAmount: 1190.14,
      subscriptionAmount: 198.36,
      numberOfPayments: 6,
    })
    assert.deepEqual(
      schedule(input).map((row) => row[1]),
      ['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31', '2027-06-30']
    )
    assert.deepEqual(schedule(input).at(-1), [198.34, '2027-06-30', false])
  })

  test('C: EUR premium paid in GBP until an enforced fixed end date, quarterly with reconciliation', ({
    assert,
  }) => {
    const input: QuoteInput = {
      today: '2026-11-22',
      product: { ...PRODUCT, fixedEndDate: '2027-09-30', enforceFixedEndDate: true },
      rates: RATES,
      durationType: 'fixed_date',
      paymentFrequency: 'quarterly',
      currency: { code: 'GBP', rate: 0.79, surchargePercentage: 2.5 },
      members: [{ id: 5, name: 'Carlos Rivera', finalPremium: 260000, premiumCurrency: 'EUR' }],
    }
    const result = toPricingResult(quoteMigration(input))
    assert.deepEqual(
      result.calculations.map((line) => [line.annualPremium, line.calculatedPremium]),
      [[2288.42, 1956.13]]
    )
    assert.containsSubset(result, {
      durationDays: 312,
      totalAmount: 1956.13,
      subscriptionAmount: 533.49,
      numberOfPayments: 4,
    })
    assert.deepEqual(schedule(input), [
      [533.49, '2026-11-22', false],
      [533.49, '2027-02-22', false],
      [533.49, '2027-05-22', false],
      [355.66, '2027-08-22', true],
    ])
  })
})
