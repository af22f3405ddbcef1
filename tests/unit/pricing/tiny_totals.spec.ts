import { test } from '@japa/runner'
import {
  quoteMigration,
  PricingError,
  type PaymentFrequency,
  type QuoteInput,
} from '#modules/pricing/index'

/**
 * A tiny total over many periods would make the last installment (total − the others) zero or
 * negative: the engine refuses such a quote with a 422 rather than plan a negative payment.
 * 2026-03-10 → fixed end 2027-04-14 is 400 days, 14 months.
 */
const FLAGS = {
  'one-time': true,
  'monthly': true,
  'quarterly': true,
  'semi-annual': true,
  'annual': true,
}

function input(finalPremium: number, paymentFrequency: PaymentFrequency): QuoteInput {
  return {
    today: '2026-03-10',
    product: {
      frequencies: FLAGS,
      fixedStartDate: null,
      enforceFixedStartDate: false,
      fixedEndDate: '2027-04-14',
      enforceFixedEndDate: false,
    },
    members: [{ id: 1, name: 'Anna', finalPremium, premiumCurrency: 'USD' }],
    currency: { code: 'USD', rate: 1, surchargePercentage: 0 },
    rates: { USD: 1 },
    durationType: 'fixed_date',
    paymentFrequency,
  }
}

function refusal(run: () => unknown): PricingError {
  try {
    run()
  } catch (error) {
    if (error instanceof PricingError) return error
    throw error
  }
  throw new Error('the quote was not refused')
}

test.group('Pricing: tiny totals', () => {
  test('7 cents over 14 monthly payments would end on −0.06: refused with a 422', ({ assert }) => {
    // 6 cents a year × 400 / 365 = 7 cents; round(7 / 14) = 1 cent × 13 = 13 > 7.
    const error = refusal(() => quoteMigration(input(6, 'monthly')))
    assert.equal(error.status, 422)
    assert.equal(
      error.message,
      'The total amount is too small to be split into 14 monthly payments. Please choose fewer payments or pay once.'
    )
  })

  test('a plan whose regular payment rounds to nothing is refused too', ({ assert }) => {
    // 2 cents: round(2 / 14) = 0 → thirteen payments of 0.00.
    const error = refusal(() => quoteMigration(input(2, 'monthly')))
    assert.equal(
      error.message,
      'The total amount is too small to be split into 14 monthly payments. Please choose fewer payments or pay once.'
    )
  })

  test('one payment of a tiny total is accepted; a zero total is refused', ({ assert }) => {
    const once = quoteMigration(input(6, 'one-time'))
    assert.deepEqual(
      once.installmentSchedule.map((row) => row.amount),
      [7]
    )
    const annual = quoteMigration(input(100, 'annual'))
    // 110 cents: round(110 × 12 / 14) = 94, last 16: both positive.
    assert.deepEqual(
      annual.installmentSchedule.map((row) => row.amount),
      [94, 16]
    )
    assert.equal(
      refusal(() => quoteMigration(input(0, 'one-time'))).message,
      'The total amount of this selection is zero. Please contact support.'
    )
  })

  test('whatever the total, an accepted plan has only positive payments that sum to the total', ({
    assert,
  }) => {
    for (let premium = 1; premium <= 400; premium++) {
      for (const frequency of ['monthly', 'quarterly', 'semi-annual', 'annual'] as const) {
        let quote
        try {
          quote = quoteMigration(input(premium, frequency))
        } catch (error) {
          assert.instanceOf(error, PricingError)
          continue
        }
        const amounts = quote.installmentSchedule.map((row) => row.amount)
        assert.isTrue(
          amounts.every((amount) => amount > 0),
          `${premium} ${frequency}: ${amounts}`
        )
        assert.equal(
          amounts.reduce((sum, amount) => sum + amount, 0),
          quote.totalAmount
        )
      }
    }
  })
})
