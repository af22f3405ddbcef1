import { test } from '@japa/runner'
import { refundOf } from '#modules/payments/index'

/**
 * docs/pricing.md, "Refund of a cancelled coverage": the three worked cases, to the cent. Coverage
 * 2026-03-01 to 2027-02-28 (365 days), EUR, cooling-off period 14 days.
 */
const YEAR = { coverageStart: '2026-03-01', coolingOffDays: 14 }

test.group('Refund of a cancelled coverage', () => {
  test('1. withdrawal in the cooling-off period: the whole amount paid', ({ assert }) => {
    const decision = refundOf({
      ...YEAR,
      paidCents: 431664,
      paidOn: '2026-03-01',
      requestedOn: '2026-03-10',
      effectiveOn: '2026-03-10',
      paidThrough: '2027-02-28',
    })
    assert.deepEqual(decision, {
      rule: 'cooling_off',
      refundCents: 431664,
      daysPaid: 365,
      daysUnused: 365,
    })
    // Day 14 is still in the period, day 15 is not.
    assert.equal(
      refundOf({
        ...YEAR,
        paidCents: 431664,
        paidOn: '2026-03-01',
        requestedOn: '2026-03-15',
        effectiveOn: '2026-03-15',
        paidThrough: '2027-02-28',
      }).rule,
      'cooling_off'
    )
    assert.equal(
      refundOf({
        ...YEAR,
        paidCents: 431664,
        paidOn: '2026-03-01',
        requestedOn: '2026-03-16',
        effectiveOn: '2026-03-16',
        paidThrough: '2027-02-28',
      }).rule,
      'unused_part'
    )
  })

  test('2. mid-term, paid once for the year: 258 of 365 days unused', ({ assert }) => {
    const decision = refundOf({
      ...YEAR,
      paidCents: 431664,
      paidOn: '2026-03-01',
      requestedOn: '2026-06-15',
      effectiveOn: '2026-06-15',
      paidThrough: '2027-02-28',
    })
    // 4,316.64 × 258 ÷ 365 = 3,051.2140… → 3,051.21
    assert.deepEqual(decision, {
      rule: 'unused_part',
      refundCents: 305121,
      daysPaid: 365,
      daysUnused: 258,
    })
  })

  test('3. mid-term, quarterly, two installments paid: 42 of 184 paid days unused', ({
    assert,
  }) => {
    // Installments of 1,079.16 due 03-01, 06-01, 09-01, 12-01; paid through the day before the third.
    const decision = refundOf({
      ...YEAR,
      paidCents: 215832,
      paidOn: '2026-03-01',
      requestedOn: '2026-07-20',
      effectiveOn: '2026-07-20',
      paidThrough: '2026-08-31',
    })
    // 2,158.32 × 42 ÷ 184 = 492.66 exactly
    assert.deepEqual(decision, {
      rule: 'unused_part',
      refundCents: 49266,
      daysPaid: 184,
      daysUnused: 42,
    })
  })

  test('an effective date before the coverage starts leaves every paid day unused; after what was paid, none', ({
    assert,
  }) => {
    const base = {
      ...YEAR,
      paidCents: 100000,
      paidOn: '2026-01-01',
      requestedOn: '2026-02-20',
      paidThrough: '2027-02-28',
    }
    assert.equal(refundOf({ ...base, effectiveOn: '2026-02-20' }).refundCents, 100000)
    assert.equal(refundOf({ ...base, effectiveOn: '2027-03-10' }).refundCents, 0)
  })
})
