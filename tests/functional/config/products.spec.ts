import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { isolateEachTest } from '#tests/helpers/database'
import { demoAdmin } from '#tests/helpers/admin_session'
import { Product } from '#modules/catalog/index'
import { Member } from '#modules/members/index'

const SETTINGS = {
  subscriptionFrequencies: {
    'disabled': true,
    'monthly': false,
    'quarterly': true,
    'semi-annual': false,
    'annual': true,
  },
  fixedStartDate: '2026-01-01T00:00:00.000Z',
  fixedEndDate: '2026-12-31',
  enforceFixedStartDate: true,
  enforceFixedEndDate: false,
  productAlias: '  Gold 2028 ',
  planId: 'not-a-uuid',
  disabled: false,
}

test.group('Admin products', (group) => {
  isolateEachTest(group)

  test('the list is the spec array with frequencies and YYYY-MM-DD dates', async ({
    client,
    assert,
  }) => {
    const gold = await Product.findByOrFail('product_name', 'Global Health Gold')
    await gold.merge({ fixed_end_date: DateTime.fromISO('2027-06-30') }).save()
    const response = await client.get('/api/admin/products').asAdmin(await demoAdmin())
    response.assertStatus(200)
    const listed = response.body().find((p: any) => p.product_name === 'Global Health Gold')
    assert.equal(listed.fixed_end_date, '2027-06-30')
    assert.deepEqual(listed.subscription_frequencies, {
      'disabled': true,
      'monthly': true,
      'quarterly': true,
      'semi-annual': true,
      'annual': true,
    })
    assert.equal(listed.plan_id, '3f1c2a9e-7b4d-4e8a-9c1f-5a6b7c8d9e01')
  })

  test('refresh adds products found among members and keeps existing settings', async ({
    client,
    assert,
  }) => {
    const anna = await Member.findByOrFail('member_id', 'DEMO-1001')
    await anna.merge({ product_name: 'Expat Platinum' }).save()
    const gold = await Product.findByOrFail('product_name', 'Global Health Gold')
    await gold.merge({ disabled: true, product_alias: 'Kept alias' }).save()

    const response = await client
      .post('/api/admin/products/refresh')
      .asAdmin(await demoAdmin())
      .withCsrfToken()
    response.assertStatus(200)
    assert.equal(response.body().message, 'Added 1 new product (4 in total)')
    assert.includeMembers(
      response.body().products.map((p: any) => p.product_name),
      ['Expat Platinum', 'Global Health Gold']
    )
    const created = await Product.findByOrFail('product_name', 'Expat Platinum')
    assert.isFalse(created.disabled)
    await gold.refresh()
    assert.isTrue(gold.disabled)
    assert.equal(gold.product_alias, 'Kept alias')

    const again = await client
      .post('/api/admin/products/refresh')
      .asAdmin(await demoAdmin())
      .withCsrfToken()
    assert.equal(again.body().message, 'No new products found (4 in total)')
  })

  test('refresh compares product names ignoring case and spaces, never a unique-index error', async ({
    client,
    assert,
  }) => {
    const gold = await Product.findByOrFail('product_name', 'Global Health Gold')
    await gold.merge({ product_alias: 'Kept alias' }).save()
    const before = (await Product.all()).length
    const renames: Record<string, string> = {
      'DEMO-1001': 'global health gold',
      'DEMO-1003': 'Expat Platinum',
      'DEMO-1004': 'EXPAT PLATINUM ',
    }
    for (const [memberId, product] of Object.entries(renames))
      await (await Member.findByOrFail('member_id', memberId))
        .merge({ product_name: product })
        .save()

    const response = await client
      .post('/api/admin/products/refresh')
      .asAdmin(await demoAdmin())
      .withCsrfToken()
    response.assertStatus(200)
    assert.equal(response.body().message, `Added 1 new product (${before + 1} in total)`)
    const names: string[] = response.body().products.map((p: any) => p.product_name)
    // One product for both spellings (MariaDB's DISTINCT already folds them, SQLite's does not).
    assert.lengthOf(
      names.filter((name) => name.toLowerCase().includes('platinum')),
      1
    )
    assert.notInclude(names, 'global health gold')
    await gold.refresh()
    assert.equal(gold.product_alias, 'Kept alias')

    const again = await client
      .post('/api/admin/products/refresh')
      .asAdmin(await demoAdmin())
      .withCsrfToken()
    assert.equal(again.body().message, `No new products found (${before + 1} in total)`)
  })

  test('saving stores every setting; a non-UUID plan id is not blocked', async ({
    client,
    assert,
  }) => {
    const silver = await Product.findByOrFail('product_name', 'Global Health Silver')
    const response = await client
      .put(`/api/admin/products/${silver.id}`)
      .json(SETTINGS)
      .asAdmin(await demoAdmin())
      .withCsrfToken()
    response.assertStatus(200)
    await silver.refresh()
    assert.deepEqual(silver.subscriptionFrequencies, SETTINGS.subscriptionFrequencies)
    assert.equal(silver.fixed_start_date?.toISODate(), '2026-01-01')
    assert.equal(silver.fixed_end_date?.toISODate(), '2026-12-31')
    assert.isTrue(silver.enforce_fixed_start_date)
    assert.equal(silver.product_alias, 'Gold 2028')
    assert.equal(silver.plan_id, 'not-a-uuid')
    assert.equal(response.body().product.fixed_start_date, '2026-01-01')
  })

  test('enforcement without a date is saved (the screen warns); empty dates become null', async ({
    client,
    assert,
  }) => {
    const silver = await Product.findByOrFail('product_name', 'Global Health Silver')
    const body = { ...SETTINGS, fixedStartDate: null, fixedEndDate: '', enforceFixedEndDate: true }
    const response = await client
      .put(`/api/admin/products/${silver.id}`)
      .json(body)
      .asAdmin(await demoAdmin())
      .withCsrfToken()
    response.assertStatus(200)
    await silver.refresh()
    assert.isNull(silver.fixed_start_date)
    assert.isNull(silver.fixed_end_date)
    assert.isTrue(silver.enforce_fixed_end_date)
  })

  test('an end date equal to the start date is accepted (the picker allows it), one day earlier is not', async ({
    client,
    assert,
  }) => {
    const silver = await Product.findByOrFail('product_name', 'Global Health Silver')
    const admin = await demoAdmin()
    const same = await client
      .put(`/api/admin/products/${silver.id}`)
      .json({ ...SETTINGS, fixedStartDate: '2026-03-01', fixedEndDate: '2026-03-01' })
      .asAdmin(admin)
      .withCsrfToken()
    same.assertStatus(200)
    assert.containsSubset(same.body().product, {
      fixed_start_date: '2026-03-01',
      fixed_end_date: '2026-03-01',
    })
    const before = await client
      .put(`/api/admin/products/${silver.id}`)
      .json({ ...SETTINGS, fixedStartDate: '2026-03-01', fixedEndDate: '2026-02-28' })
      .asAdmin(admin)
      .withCsrfToken()
    before.assertStatus(422)
    assert.equal(before.body().error, 'The fixed end date cannot be before the fixed start date')
    // named on its field, so the product card shows it on the end-date input
    assert.deepEqual(before.body().errors, [
      {
        field: 'fixedEndDate',
        message: 'The fixed end date cannot be before the fixed start date',
      },
    ])
    await silver.refresh()
    assert.equal(silver.fixed_end_date?.toISODate(), '2026-03-01')
  })

  test('bad input is refused with a 4xx JSON error: {$self}')
    .with([
      'end before start',
      'no frequency',
      'not a date',
      'missing flags',
      'unknown product',
      'bad id',
    ])
    .run(async ({ client, assert }, name) => {
      const silver = await Product.findByOrFail('product_name', 'Global Health Silver')
      const cases: Record<string, [string, unknown, number, string?]> = {
        'end before start': [
          `${silver.id}`,
          { ...SETTINGS, fixedEndDate: '2025-12-31' },
          422,
          'The fixed end date cannot be before the fixed start date',
        ],
        'no frequency': [
          `${silver.id}`,
          {
            ...SETTINGS,
            subscriptionFrequencies: {
              'disabled': false,
              'monthly': false,
              'quarterly': false,
              'semi-annual': false,
              'annual': false,
            },
          },
          422,
          'At least one payment frequency must be enabled',
        ],
        'not a date': [
          `${silver.id}`,
          { ...SETTINGS, fixedStartDate: '2026-02-30' },
          422,
          'Fixed start date must be a date (YYYY-MM-DD)',
        ],
        'missing flags': [`${silver.id}`, { disabled: 'yes' }, 422],
        'unknown product': ['999999', SETTINGS, 404, 'Product not found'],
        'bad id': ['abc', SETTINGS, 422],
      }
      const [id, body, status, message] = cases[name]
      const response = await client
        .put(`/api/admin/products/${id}`)
        .json(body as object)
        .asAdmin(await demoAdmin())
        .withCsrfToken()
      response.assertStatus(status)
      assert.equal(response.body().success, false)
      if (message) assert.equal(response.body().error, message)
    })
})
