import { test } from '@japa/runner'
import { quoteMigration, PAYMENT_FREQUENCIES, PricingError, type DurationType, type PaymentFrequency, type QuoteInput } from '#modules/pricing/index'

/**
 * Every duration × every frequency × USD and EUR (rate 0.92, surcharge 2 %), priced for two
 * members (2,400 and 2,200 USD a year) on 2026-03-10. Expected figures were computed
 * independently (Python, Decimal, half-up), in cents:
 * [currency, duration, fixed days, frequency, annual, calculated, total, payments, first, last, reconciliation, end, days, last due]
 */
type Row = [string, DurationType, number, PaymentFrequency, number[], number[], number, number, number, number, boolean, string, number, string]
const TODAY = '2026-03-10'
const ROWS: Row[] = [
  ['USD', '6_months', 0, 'one-time', [240000, 220000], [120986, 110904], 231890, 1, 231890, 231890, false, '2026-09-10', 184, '2026-03-10'],
  ['USD', '6_months', 0, 'monthly', [240000, 220000], [120986, 110904], 231890, 6, 38648, 38650, false, '2026-09-10', 184, '2026-08-10'],
  ['USD', '6_months', 0, 'quarterly', [240000, 220000], [120986, 110904], 231890, 2, 115945, 115945, false, '2026-09-10', 184, '2026-06-10'],
  ['USD', '9_months', 0, 'one-time', [240000, 220000], [180822, 165753], 346575, 1, 346575, 346575, false, '2026-12-10', 275, '2026-03-10'],
  ['USD', '9_months', 0, 'monthly', [240000, 220000], [180822, 165753], 346575, 9, 38508, 38511, false, '2026-12-10', 275, '2026-11-10'],
  ['USD', '9_months', 0, 'quarterly', [240000, 220000], [180822, 165753], 346575, 3, 115525, 115525, false, '2026-12-10', 275, '2026-09-10'],
  ['USD', '12_months', 0, 'one-time', [240000, 220000], [240000, 220000], 460000, 1, 460000, 460000, false, '2027-03-10', 365, '2026-03-10'],
  ['USD', '12_months', 0, 'monthly', [240000, 220000], [240000, 220000], 460000, 12, 38333, 38337, false, '2027-03-10', 365, '2027-02-10'],
  ['USD', '12_months', 0, 'quarterly', [240000, 220000], [240000, 220000], 460000, 4, 115000, 115000, false, '2027-03-10', 365, '2026-12-10'],
  ['USD', '12_months', 0, 'semi-annual', [240000, 220000], [240000, 220000], 460000, 2, 230000, 230000, false, '2027-03-10', 365, '2026-09-10'],
  ['USD', '12_months', 0, 'annual', [240000, 220000], [240000, 220000], 460000, 1, 460000, 460000, false, '2027-03-10', 365, '2026-03-10'],
  ['USD', 'fixed_date', 200, 'one-time', [240000, 220000], [131507, 120548], 252055, 1, 252055, 252055, false, '2026-09-26', 200, '2026-03-10'],
  ['USD', 'fixed_date', 200, 'monthly', [240000, 220000], [131507, 120548], 252055, 7, 36008, 36007, false, '2026-09-26', 200, '2026-09-10'],
  ['USD', 'fixed_date', 200, 'quarterly', [240000, 220000], [131507, 120548], 252055, 3, 108024, 36007, true, '2026-09-26', 200, '2026-09-10'],
  ['USD', 'fixed_date', 400, 'one-time', [240000, 220000], [263014, 241096], 504110, 1, 504110, 504110, false, '2027-04-14', 400, '2026-03-10'],
  ['USD', 'fixed_date', 400, 'monthly', [240000, 220000], [263014, 241096], 504110, 14, 36008, 36006, false, '2027-04-14', 400, '2027-04-10'],
  ['USD', 'fixed_date', 400, 'quarterly', [240000, 220000], [263014, 241096], 504110, 5, 108024, 72014, true, '2027-04-14', 400, '2027-03-10'],
  ['USD', 'fixed_date', 400, 'semi-annual', [240000, 220000], [263014, 241096], 504110, 3, 216047, 72016, true, '2027-04-14', 400, '2027-03-10'],
  ['USD', 'fixed_date', 400, 'annual', [240000, 220000], [263014, 241096], 504110, 2, 432094, 72016, true, '2027-04-14', 400, '2027-03-10'],
  ['EUR', '6_months', 0, 'one-time', [225216, 206448], [113534, 104072], 217606, 1, 217606, 217606, false, '2026-09-10', 184, '2026-03-10'],
  ['EUR', '6_months', 0, 'monthly', [225216, 206448], [113534, 104072], 217606, 6, 36268, 36266, false, '2026-09-10', 184, '2026-08-10'],
  ['EUR', '6_months', 0, 'quarterly', [225216, 206448], [113534, 104072], 217606, 2, 108803, 108803, false, '2026-09-10', 184, '2026-06-10'],
  ['EUR', '9_months', 0, 'one-time', [225216, 206448], [169683, 155543], 325226, 1, 325226, 325226, false, '2026-12-10', 275, '2026-03-10'],
  ['EUR', '9_months', 0, 'monthly', [225216, 206448], [169683, 155543], 325226, 9, 36136, 36138, false, '2026-12-10', 275, '2026-11-10'],
  ['EUR', '9_months', 0, 'quarterly', [225216, 206448], [169683, 155543], 325226, 3, 108409, 108408, false, '2026-12-10', 275, '2026-09-10'],
  ['EUR', '12_months', 0, 'one-time', [225216, 206448], [225216, 206448], 431664, 1, 431664, 431664, false, '2027-03-10', 365, '2026-03-10'],
  ['EUR', '12_months', 0, 'monthly', [225216, 206448], [225216, 206448], 431664, 12, 35972, 35972, false, '2027-03-10', 365, '2027-02-10'],
  ['EUR', '12_months', 0, 'quarterly', [225216, 206448], [225216, 206448], 431664, 4, 107916, 107916, false, '2027-03-10', 365, '2026-12-10'],
  ['EUR', '12_months', 0, 'semi-annual', [225216, 206448], [225216, 206448], 431664, 2, 215832, 215832, false, '2027-03-10', 365, '2026-09-10'],
  ['EUR', '12_months', 0, 'annual', [225216, 206448], [225216, 206448], 431664, 1, 431664, 431664, false, '2027-03-10', 365, '2026-03-10'],
  ['EUR', 'fixed_date', 200, 'one-time', [225216, 206448], [123406, 113122], 236528, 1, 236528, 236528, false, '2026-09-26', 200, '2026-03-10'],
  ['EUR', 'fixed_date', 200, 'monthly', [225216, 206448], [123406, 113122], 236528, 7, 33790, 33788, false, '2026-09-26', 200, '2026-09-10'],
  ['EUR', 'fixed_date', 200, 'quarterly', [225216, 206448], [123406, 113122], 236528, 3, 101369, 33790, true, '2026-09-26', 200, '2026-09-10'],
  ['EUR', 'fixed_date', 400, 'one-time', [225216, 206448], [246812, 226244], 473056, 1, 473056, 473056, false, '2027-04-14', 400, '2026-03-10'],
  ['EUR', 'fixed_date', 400, 'monthly', [225216, 206448], [246812, 226244], 473056, 14, 33790, 33786, false, '2027-04-14', 400, '2027-04-10'],
  ['EUR', 'fixed_date', 400, 'quarterly', [225216, 206448], [246812, 226244], 473056, 5, 101369, 67580, true, '2027-04-14', 400, '2027-03-10'],
  ['EUR', 'fixed_date', 400, 'semi-annual', [225216, 206448], [246812, 226244], 473056, 3, 202738, 67580, true, '2027-04-14', 400, '2027-03-10'],
  ['EUR', 'fixed_date', 400, 'annual', [225216, 206448], [246812, 226244], 473056, 2, 405477, 67579, true, '2027-04-14', 400, '2027-03-10'],
]

const CURRENCIES = { USD: { code: 'USD', rate: 1, surchargePercentage: 0 }, EUR: { code: 'EUR', rate: 0.92, surchargePercentage: 2 } }
const FIXED_END = { 200: '2026-09-26', 400: '2027-04-14' } as Record<number, string>
const ALL_FLAGS = { 'one-time': true, 'monthly': true, 'quarterly': true, 'semi-annual': true, 'annual': true }

function input(currency: 'USD' | 'EUR', durationType: DurationType, fixedDays: number, paymentFrequency: PaymentFrequency): QuoteInput {
  return {
    today: TODAY,
    product: { frequencies: ALL_FLAGS, fixedStartDate: null, enforceFixedStartDate: false, fixedEndDate: FIXED_END[fixedDays] ?? null, enforceFixedEndDate: false },
    members: [
      { id: 1, name: 'Anna', finalPremium: 240000, premiumCurrency: 'USD' },
      { id: 2, name: 'Jonas', finalPremium: 220000, premiumCurrency: 'USD' },
    ],
    currency: CURRENCIES[currency],
    rates: { USD: 1, EUR: 0.92 },
    durationType,
    paymentFrequency,
  }
}

test.group('Pricing table: duration × frequency × currency', () => {
  test('{0} {1} {2} {3}')
    .with(ROWS)
    .run(({ assert }, [currency, durationType, fixedDays, frequency, annual, calculated, total, payments, first, last, reconciliation, endDate, days, lastDue]) => {
      const quote = quoteMigration(input(currency as 'USD' | 'EUR', durationType, fixedDays, frequency))
      assert.deepEqual(quote.calculations.map((line) => line.annualPremium), annual)
      assert.deepEqual(quote.calculations.map((line) => line.calculatedPremium), calculated)
      assert.equal(quote.totalAmount, total)
      assert.equal(quote.endDate, endDate)
      assert.equal(quote.durationDays, days)
      assert.equal(quote.numberOfPayments, payments)
      assert.equal(quote.subscriptionAmount, first)
      const schedule = quote.installmentSchedule
      assert.lengthOf(schedule, payments)
      assert.equal(schedule[0].dueDate, TODAY)
      assert.equal(schedule.at(-1)!.amount, last)
      assert.equal(schedule.at(-1)!.dueDate, lastDue)
      assert.equal(schedule.at(-1)!.isReconciliation, reconciliation)
      assert.isTrue(schedule.slice(0, -1).every((row) => row.amount === first && !row.isReconciliation))
      assert.deepEqual(schedule.map((row) => row.paymentNumber), schedule.map((_, index) => index + 1))
      assert.equal(schedule.reduce((sum, row) => sum + row.amount, 0), total, 'installments sum to the total to the cent')
    })

  const offered = new Set(ROWS.map((row) => `${row[0]} ${row[1]} ${row[2]} ${row[3]}`))
  const refused = (['USD', 'EUR'] as const).flatMap((currency) =>
    ([['6_months', 0], ['9_months', 0], ['12_months', 0], ['fixed_date', 200], ['fixed_date', 400]] as [DurationType, number][]).flatMap(([duration, days]) =>
      PAYMENT_FREQUENCIES.filter((frequency) => !offered.has(`${currency} ${duration} ${days} ${frequency}`)).map(
        (frequency) => [currency, duration, days, frequency] as const
      )
    )
  )

  test('{0} {1} {2} {3} is not offered').with(refused).run(({ assert }, [currency, duration, days, frequency]) => {
    assert.throws(() => quoteMigration(input(currency, duration, days, frequency)), `The payment frequency ${frequency} is not available for this duration`)
  })

  test('the table covers every duration and frequency', ({ assert }) => {
    assert.equal(ROWS.length + refused.length, 2 * 5 * 5)
    assert.isTrue(refused.every(([, , , frequency]) => ['quarterly', 'semi-annual', 'annual'].includes(frequency)))
    assert.instanceOf(captureError(() => quoteMigration(input('USD', '6_months', 0, 'annual'))), PricingError)
  })
})

function captureError(run: () => unknown) {
  try {
    run()
  } catch (error) {
    return error
  }
  return null
}
