import { test } from '@japa/runner'
import { quoteMigration, addMonths, daysBetween, type QuoteInput } from '#modules/pricing/index'

const FLAGS = {
  'one-time': true,
  'monthly': true,
  'quarterly': true,
  'semi-annual': true,
  'annual': true,
}

function input(
  overrides: Partial<Omit<QuoteInput, 'product'>> & {
    product?: Partial<QuoteInput['product']>
  } = {}
): QuoteInput {
  const { product, ...rest } = overrides
  return {
    today: '2026-03-10',
    members: [{ id: 7, name: 'Anna', finalPremium: 120000, premiumCurrency: 'USD' }],
    currency: { code: 'USD', rate: 1, surchargePercentage: 0 },
    rates: { USD: 1, EUR: 0.92, GBP: 0.79 },
    durationType: '12_months',
    paymentFrequency: 'monthly',
    ...rest,
    product: {
      frequencies: FLAGS,
      fixedStartDate: null,
      enforceFixedStartDate: false,
      fixedEndDate: null,
      enforceFixedEndDate: false,
      ...product,
    },
  }
}

test.group('Pricing calendar: month ends and leap years', () => {
  test('31 January + 1 month clamps to the last day of February', ({ assert }) => {
    assert.equal(addMonths('2027-01-31', 1), '2027-02-28')
    assert.equal(addMonths('2028-01-31', 1), '2028-02-29')
    assert.equal(addMonths('2028-01-31', 3), '2028-04-30')
  })

  test('2026-11-22 + 12 months is 365 days (decisions.md §5)', ({ assert }) => {
    const quote = quoteMigration(input({ today: '2026-11-22' }))
    assert.equal(quote.endDate, '2027-11-22')
    assert.equal(quote.durationDays, 365)
  })

  test('a monthly plan starting on 31 January falls on each month end, counted from the start', ({
    assert,
  }) => {
    const quote = quoteMigration(input({ today: '2028-01-31' }))
    assert.equal(quote.endDate, '2029-01-31')
    assert.equal(quote.durationDays, 366, 'the term spans 29 February 2028')
    assert.deepEqual(
      quote.installmentSchedule.slice(0, 5).map((row) => row.dueDate),
      ['2028-01-31', '2028-02-29', '2028-03-31', '2028-04-30', '2028-05-31']
    )
    assert.equal(quote.installmentSchedule[11].dueDate, '2028-12-31')
    // 1,200.00 × 366 / 365 = 1,203.29; 11 × 100.27 + 100.32
    assert.equal(quote.totalAmount, 120329)
    assert.equal(quote.subscriptionAmount, 10027)
    assert.equal(quote.installmentSchedule[11].amount, 10032)
  })

  test('6 months from 31 August ends on the last day of February in a leap year', ({ assert }) => {
    const quote = quoteMigration(
      input({ today: '2027-08-31', durationType: '6_months', paymentFrequency: 'quarterly' })
    )
    assert.equal(quote.endDate, '2028-02-29')
    assert.equal(quote.durationDays, 182)
    assert.deepEqual(
      quote.installmentSchedule.map((row) => row.dueDate),
      ['2027-08-31', '2027-11-30']
    )
  })

  test('whole days between dates across a leap day', ({ assert }) => {
    assert.equal(daysBetween('2028-02-28', '2028-03-01'), 2)
    assert.equal(daysBetween('2027-02-28', '2027-03-01'), 1)
  })
})

test.group('Pricing rules of the product and currencies', () => {
  test('an enforced fixed start date in the future starts the term, payment 1 stays due today', ({
    assert,
  }) => {
    const quote = quoteMigration(
      input({
        product: { fixedStartDate: '2026-04-01', enforceFixedStartDate: true },
        paymentFrequency: 'quarterly',
      })
    )
    assert.equal(quote.startDate, '2026-04-01')
    assert.equal(quote.endDate, '2027-04-01')
    assert.deepEqual(
      quote.installmentSchedule.map((row) => row.dueDate),
      ['2026-03-10', '2026-07-01', '2026-10-01', '2027-01-01']
    )
  })

  test('an enforced fixed start date already past is ignored', ({ assert }) => {
    const quote = quoteMigration(
      input({ product: { fixedStartDate: '2026-01-01', enforceFixedStartDate: true } })
    )
    assert.equal(quote.startDate, '2026-03-10')
  })

  test('an enforced fixed end date refuses the month durations', ({ assert }) => {
    const product = { fixedEndDate: '2026-12-31', enforceFixedEndDate: true }
    assert.throws(
      () => quoteMigration(input({ product })),
      'Your product requires coverage until its fixed end date'
    )
    const quote = quoteMigration(
      input({ product, durationType: 'fixed_date', paymentFrequency: 'quarterly' })
    )
    assert.equal(quote.durationDays, 296)
    assert.equal(quote.months, 10)
    assert.equal(quote.numberOfPayments, 4)
    assert.isTrue(quote.installmentSchedule[3].isReconciliation)
  })

  test('fixed_date without a future fixed end date is refused', ({ assert }) => {
    assert.throws(
      () => quoteMigration(input({ durationType: 'fixed_date' })),
      'A fixed end date is not available for your product'
    )
    assert.throws(
      () =>
        quoteMigration(
          input({ durationType: 'fixed_date', product: { fixedEndDate: '2026-03-10' } })
        ),
      'A fixed end date is not available for your product'
    )
  })

  test('a frequency switched off on the product is refused', ({ assert }) => {
    assert.throws(
      () => quoteMigration(input({ product: { frequencies: { ...FLAGS, monthly: false } } })),
      'The payment frequency monthly is not available for this duration'
    )
  })

  test('premiums in another currency convert through USD with the target surcharge', ({
    assert,
  }) => {
    // 1,000.00 EUR / 0.92 = 1,086.96 USD-ish; × 0.79 × 1.025 GBP = 880.16 (rounded once at the end)
    const quote = quoteMigration(
      input({
        members: [{ id: 1, name: 'Carlos', finalPremium: 100000, premiumCurrency: 'EUR' }],
        currency: { code: 'GBP', rate: 0.79, surchargePercentage: 2.5 },
        paymentFrequency: 'one-time',
      })
    )
    assert.equal(quote.calculations[0].annualPremium, 88016)
    assert.equal(quote.totalAmount, 88016)
    assert.equal(quote.totalAmountUsd, 108696)
  })

  test('a premium currency without a rate is refused', ({ assert }) => {
    assert.throws(
      () =>
        quoteMigration(
          input({ members: [{ id: 1, name: 'X', finalPremium: 100, premiumCurrency: 'JPY' }] })
        ),
      'No exchange rate is available for JPY'
    )
  })

  test('no member is refused with the spec message', ({ assert }) => {
    assert.throws(() => quoteMigration(input({ members: [] })), 'Please select at least one member')
  })
})
