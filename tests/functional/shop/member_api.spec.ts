import { test } from '@japa/runner'
import { isolateEachTest } from '#tests/helpers/database'
import { Member, MigrationBlock } from '#modules/members/index'
import { Currency, Product } from '#modules/catalog/index'
import { Migration } from '#modules/migrations/index'

const MEMBER_ENDPOINTS = [
  '/api/member/details',
  '/api/member/migration-status',
  '/api/member/payment-frequencies',
]

test.group('Member API: sessions', (group) => {
  isolateEachTest(group)

  test('{0} needs a member session')
    .with(MEMBER_ENDPOINTS)
    .run(async ({ client }, url) => {
      const response = await client.get(url)
      response.assertStatus(401)
      response.assertBodyContains({ success: false, error: 'Member authentication required' })
    })

  test('POST {0} needs a member session')
    .with([
      '/api/member/update-email',
      '/api/migration/calculate',
      '/api/migration/create',
      '/api/migration/1/sandbox-confirm',
    ])
    .run(async ({ client }, url) => {
      const response = await client.post(url).json({}).withCsrfToken()
      response.assertStatus(401)
      response.assertBodyContains({ success: false, error: 'Member authentication required' })
    })
})

test.group('Member API: details and email', (group) => {
  isolateEachTest(group)

  test('details carry the principal and only its own family', async ({ client, assert }) => {
    const anna = await Member.findByOrFail('member_id', 'DEMO-1001')
    const response = await client.get('/api/member/details').asMember(anna)
    response.assertStatus(200)
    const { member, relatedMembers } = response.body()
    assert.containsSubset(member, {
      id: anna.id,
      member_id: 'DEMO-1001',
      insured_full_name: 'Anna Schmidt',
      date_of_birth: '1980-04-15',
      email: 'anna.schmidt@corp.example.com',
      original_email: 'anna.schmidt@corp.example.com',
      personal_email: null,
      requiresPersonalEmail: true,
      product_name: 'Global Health Gold',
      product_alias: 'Gold Plus 2027',
      plan_name: 'Gold',
      sum_insured: 1000000,
      final_premium: 2400,
      premium_currency: 'USD',
      policy_end_date: '2026-12-31',
      insured_role: 'Principal',
    })
    assert.deepEqual(
      relatedMembers.map((row: any) => row.member_id),
      ['DEMO-1001-S', 'DEMO-1001-C1', 'DEMO-1001-C2']
    )
    assert.equal(relatedMembers[0].insured_role, 'Spouse')
  })

  test('a member with a private address or none: requiresPersonalEmail', async ({
    client,
    assert,
  }) => {
    const carlos = await Member.findByOrFail('member_id', 'DEMO-1002')
    const emma = await Member.findByOrFail('member_id', 'DEMO-1005')
    assert.isFalse(
      (await client.get('/api/member/details').asMember(carlos)).body().member.requiresPersonalEmail
    )
    assert.isTrue(
      (await client.get('/api/member/details').asMember(emma)).body().member.requiresPersonalEmail
    )
  })

  test('update-email sets personal_email and email, keeps original_email', async ({
    client,
    assert,
  }) => {
    const anna = await Member.findByOrFail('member_id', 'DEMO-1001')
    const response = await client
      .post('/api/member/update-email')
      .json({ newEmail: ' anna@private.example.org ' })
      .asMember(anna)
      .withCsrfToken()
    response.assertStatus(200)
    assert.equal(response.body().member.requiresPersonalEmail, false)
    await anna.refresh()
    assert.equal(anna.personal_email, 'anna@private.example.org')
    assert.equal(anna.email, 'anna@private.example.org')
    assert.equal(anna.original_email, 'anna.schmidt@corp.example.com')
  })

  test('update-email refuses an invalid address with the spec message', async ({
    client,
    assert,
  }) => {
    const anna = await Member.findByOrFail('member_id', 'DEMO-1001')
    for (const newEmail of ['not-an-email', '', 42]) {
      const response = await client
        .post('/api/member/update-email')
        .json({ newEmail })
        .asMember(anna)
        .withCsrfToken()
      response.assertStatus(422)
      assert.equal(response.body().error, 'Please enter a valid email address')
    }
    await anna.refresh()
    assert.isNull(anna.personal_email)
  })
})

test.group('Member API: migration status', (group) => {
  isolateEachTest(group)

  test('a member free to migrate is not blocked', async ({ client }) => {
    const anna = await Member.findByOrFail('member_id', 'DEMO-1001')
    const response = await client.get('/api/member/migration-status').asMember(anna)
    response.assertBody({ success: true, blocked: false, reason: null, reasonCode: null })
  })

  test('an admin block, a completed migration and a processing one block', async ({
    client,
    assert,
  }) => {
    const blocked = await Member.findByOrFail('member_id', 'DEMO-1003')
    const migrated = await Member.findByOrFail('member_id', 'DEMO-1002')
    assert.equal(
      (await client.get('/api/member/migration-status').asMember(blocked)).body().reasonCode,
      'admin_block'
    )
    assert.containsSubset(
      (await client.get('/api/member/migration-status').asMember(migrated)).body(),
      {
        blocked: true,
        reasonCode: 'already_migrated',
        reason: 'Your coverage has already been migrated and cannot be migrated again.',
      }
    )
    await Migration.query().where('member_id', migrated.id).update({ status: 'processing' })
    assert.equal(
      (await client.get('/api/member/migration-status').asMember(migrated)).body().reasonCode,
      'migration_processing'
    )
    await Migration.query().where('member_id', migrated.id).update({ status: 'failed' })
    assert.isFalse(
      (await client.get('/api/member/migration-status').asMember(migrated)).body().blocked
    )
  })

  test('a lifted block no longer blocks', async ({ client, assert }) => {
    const member = await Member.findByOrFail('member_id', 'DEMO-1003')
    await MigrationBlock.query().where('member_id', member.id).update({ active: false })
    assert.isFalse(
      (await client.get('/api/member/migration-status').asMember(member)).body().blocked
    )
  })
})

test.group('Member API: currencies and payment frequencies', (group) => {
  isolateEachTest(group)

  test('enabled currencies, USD first, public', async ({ client, assert }) => {
    await Currency.query().where('code', 'CHF').update({ enabled: false })
    const response = await client.get('/api/currencies/enabled')
    response.assertStatus(200)
    assert.deepEqual(
      response.body().currencies.map((row: any) => row.code),
      ['USD', 'EUR', 'GBP']
    )
    assert.containsSubset(response.body().currencies[1], { code: 'EUR', symbol: '€', name: 'Euro' })
  })

  test('payment frequencies come from the member product', async ({ client, assert }) => {
    const anna = await Member.findByOrFail('member_id', 'DEMO-1001')
    const response = await client.get('/api/member/payment-frequencies').asMember(anna)
    response.assertStatus(200)
    assert.containsSubset(response.body(), {
      enforceFixedEndDate: false,
      fixedEndDate: null,
      fixedStartDate: null,
      frequencies: {
        'disabled': true,
        'monthly': true,
        'quarterly': true,
        'semi-annual': true,
        'annual': true,
      },
    })
    await Product.query()
      .where('product_name', 'Global Health Gold')
      .update({ freq_monthly: false, fixed_end_date: '2099-12-31', enforce_fixed_end_date: true })
    const changed = (await client.get('/api/member/payment-frequencies').asMember(anna)).body()
    assert.containsSubset(changed, {
      enforceFixedEndDate: true,
      fixedEndDate: '2099-12-31',
      frequencies: { monthly: false, disabled: true },
    })
  })
})
