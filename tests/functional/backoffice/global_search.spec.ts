import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { AdminUser } from '#modules/admins/index'
import { Payment, PaymentDispute, PaymentRefund } from '#modules/payments/index'
import { isolateEachTest } from '#tests/helpers/database'
import { demoAdmin } from '#tests/helpers/admin_session'
import { createPaidMigration } from '#tests/helpers/migration_fixtures'

const adminWith = (username: string, role: 'support' | 'finance' | 'operations') =>
  AdminUser.create({
    username,
    email: `${username}@example.test`,
    password: 'search-pass-55x',
    role,
  })

/** A principal of our own (names no demo member starts with), a paid migration with a refund, a dispute and two notes. */
async function searchFixture() {
  const now = new Date()
  const [memberId] = await db.table('members').insert({
    member_id: 'SRCH-7001',
    insured_full_name: 'Zoë Quellmann',
    date_of_birth: '1981-02-03',
    insured_role: 'Principal',
    status: 'Active',
    email: 'zoe.quellmann@search.test',
    created_at: now,
    updated_at: now,
  })
  const { migration } = await createPaidMigration()
  const payment = await Payment.findByOrFail('migration_id', migration.id)
  const common = { migration_id: migration.id, payment_id: payment.id, provider: 'stripe' }
  const refund = await PaymentRefund.create({
    ...common,
    cancellation_id: null,
    refund_key: null,
    provider_refund_id: 're_search_1',
    provider_payment_id: 'ch_search_1',
    amount_cents: 10000,
    currency: 'EUR',
    status: 'succeeded',
    origin: 'provider',
    reason: null,
  })
  const dispute = await PaymentDispute.create({
    ...common,
    provider_dispute_id: 'dp_search_1',
    provider_payment_id: 'ch_search_2',
    amount_cents: 431664,
    currency: 'EUR',
    status: 'needs_response',
    reason: 'fraudulent',
    status_event_created: 1,
    opened_at: DateTime.now(),
  })
  const note = async (entityType: string, entityId: number, body: string) =>
    Number(
      (
        await db.table('admin_notes').insert({
          entity_type: entityType,
          entity_id: entityId,
          body,
          author_id: null,
          author_name: 'admin',
          created_at: now,
          updated_at: now,
        })
      )[0]
    )
  const memberNote = await note('member', Number(memberId), 'Rückruf am Montag wegen Kündigung')
  const migrationNote = await note('migration', migration.id, 'Member asked for the RUCKRUF too')
  return {
    memberId: Number(memberId),
    migration,
    payment,
    refund,
    dispute,
    memberNote,
    migrationNote,
  }
}

const member = (id: number, matched: string) => ({
  id,
  member_id: 'SRCH-7001',
  insured_full_name: 'Zoë Quellmann',
  email: 'zoe.quellmann@search.test',
  insured_role: 'Principal',
  matched,
})

/** Each SELECT (with its bindings) every connection of this process sends while `work` runs. */
async function selectsDuring(work: () => Promise<unknown>) {
  const sent: { sql: string; bindings: unknown[] }[] = []
  const listener = (query: { sql?: string; bindings?: unknown[] }) => {
    if (query.sql && /^select/i.test(query.sql))
      sent.push({ sql: query.sql, bindings: query.bindings ?? [] })
  }
  const clients = [...db.manager.connections.values()]
    .map((node) => node.connection?.client as any)
    .filter((c) => c?.on)
  for (const c of clients) c.on('query', listener)
  try {
    await work()
  } finally {
    for (const c of clients) c.off('query', listener)
  }
  return sent
}

/**
 * The tables a statement reads whole, by the database's own plan: SQLite's `SCAN <table>`, MariaDB's
 * access type ALL without any usable index (with a handful of rows MariaDB may still prefer to read
 * a table whose condition has an index: then `possible_keys` names it).
 */
async function wholeTableReads(sql: string, bindings: unknown[]): Promise<string[]> {
  if (db.connection().dialect.name.includes('sqlite')) {
    const plan = await db.rawQuery(`EXPLAIN QUERY PLAN ${sql}`, bindings as any[])
    return plan
      .map((row: any) => String(row.detail))
      .filter((detail: string) => /^SCAN /.test(detail))
      .map((detail: string) => detail.replace(/^SCAN /, ''))
  }
  const [plan] = await db.rawQuery(`EXPLAIN ${sql}`, bindings as any[])
  return plan
    .filter((row: any) => row.type === 'ALL' && !row.possible_keys)
    .map((row: any) => String(row.table))
}

/** The app bar's search (issue 40 §4): each kind by each of its ids, only the kinds a role reads. */
test.group('Global search', (group) => {
  isolateEachTest(group)

  test('an Owner finds a member by member ID, name and email, a migration by reference, a payment, a refund and a dispute by each provider id, notes by their text', async ({
    client,
    assert,
  }) => {
    const f = await searchFixture()
    const admin = await demoAdmin()
    const search = async (q: string) => {
      const response = await client.get('/api/admin/search').qs({ q }).asAdmin(admin)
      response.assertStatus(200)
      return response.body()
    }
    const ref = f.migration.migration_reference
    const money = {
      migration_id: f.migration.id,
      migration_reference: ref,
      currency: 'EUR',
    }
    const paymentHit = {
      ...money,
      id: f.payment.id,
      amount: 4316.64,
      status: f.payment.status,
      provider_payment_id: `pi_${ref}`,
    }
    const refundHit = {
      ...money,
      id: f.refund.id,
      amount: 100,
      status: 'succeeded',
      provider_refund_id: 're_search_1',
      provider_payment_id: 'ch_search_1',
    }
    const disputeHit = {
      ...money,
      id: f.dispute.id,
      amount: 4316.64,
      status: 'needs_response',
      provider_dispute_id: 'dp_search_1',
      provider_payment_id: 'ch_search_2',
    }
    const none = { members: [], migrations: [], payments: [], refunds: [], disputes: [], notes: [] }

    // Member ID (start, any case), name (start, accents and case ignored), email (start).
    assert.deepEqual((await search('srch-70')).members, [member(f.memberId, 'member_id')])
    assert.deepEqual((await search('  zoe QUELL ')).members, [member(f.memberId, 'name')])
    assert.deepEqual((await search('zoe.quellmann@')).members, [member(f.memberId, 'email')])
    assert.equal((await search('  zoe QUELL ')).query, 'zoe QUELL')
    // Reference: whole or its start, any case.
    const byReference = await search(ref.toLowerCase())
    assert.deepEqual(byReference.migrations, [
      {
        id: f.migration.id,
        migration_reference: ref,
        insured_full_name: 'Anna Schmidt',
        member_id_str: 'DEMO-1001',
        status: f.migration.status,
      },
    ])
    assert.deepEqual(
      (await search(ref.slice(0, -2))).migrations.map((m: any) => m.id),
      [f.migration.id]
    )
    // Provider ids, whole: the PaymentIntent, the refund and the charge it gives back, the dispute and its charge.
    assert.deepEqual(await search(`pi_${ref}`), {
      success: true,
      query: `pi_${ref}`,
      ...none,
      payments: [paymentHit],
    })
    assert.deepEqual((await search('re_search_1')).refunds, [refundHit])
    assert.deepEqual((await search('ch_search_1')).refunds, [refundHit])
    assert.deepEqual((await search('dp_search_1')).disputes, [disputeHit])
    assert.deepEqual((await search('ch_search_2')).disputes, [disputeHit])
    assert.deepEqual((await search('re_search')).refunds, [], 'a provider id is compared whole')
    // Notes: text anywhere in the note, case and accents ignored; newest first.
    const notes = await search('ruckruf')
    assert.deepEqual(
      notes.notes.map((n: any) => [n.id, n.entityType, n.entityId, n.label, n.excerpt, n.author]),
      [
        [
          f.migrationNote,
          'migration',
          f.migration.id,
          ref,
          'Member asked for the RUCKRUF too',
          'admin',
        ],
        [
          f.memberNote,
          'member',
          f.memberId,
          'Zoë Quellmann',
          'Rückruf am Montag wegen Kündigung',
          'admin',
        ],
      ]
    )
    assert.deepEqual(await search('nothing-like-this'), {
      success: true,
      query: 'nothing-like-this',
      ...none,
    })
  }).timeout(60_000)

  test('Support gets no Finance groups; Finance gets no members and no notes on members', async ({
    client,
    assert,
  }) => {
    const f = await searchFixture()
    const support = await adminWith('search_support', 'support')
    const finance = await adminWith('search_finance', 'finance')
    const search = async (admin: AdminUser, q: string) => {
      const response = await client.get('/api/admin/search').qs({ q }).asAdmin(admin)
      response.assertStatus(200)
      return response.body()
    }
    const ref = f.migration.migration_reference

    const asSupport = await search(support, `pi_${ref}`)
    assert.deepEqual(Object.keys(asSupport).sort(), [
      'members',
      'migrations',
      'notes',
      'query',
      'success',
    ])
    assert.deepEqual((await search(support, 're_search_1')).refunds, undefined)
    assert.lengthOf((await search(support, 'SRCH-7001')).members, 1)
    assert.lengthOf((await search(support, 'ruckruf')).notes, 2)

    const asFinance = await search(finance, 'dp_search_1')
    assert.deepEqual(Object.keys(asFinance).sort(), [
      'disputes',
      'migrations',
      'notes',
      'payments',
      'query',
      'refunds',
      'success',
    ])
    assert.lengthOf(asFinance.disputes, 1)
    assert.equal((await search(finance, 'SRCH-7001')).members, undefined)
    assert.deepEqual(
      (await search(finance, 'ruckruf')).notes.map((n: any) => n.id),
      [f.migrationNote]
    )
    assert.lengthOf((await search(finance, ref)).migrations, 1)
  }).timeout(60_000)

  test('a search text of under 2 or over 100 characters answers 422; no session answers 401', async ({
    client,
    assert,
  }) => {
    const admin = await demoAdmin()
    const refused = async (qs: Record<string, string>, message: string) => {
      const response = await client.get('/api/admin/search').qs(qs).asAdmin(admin)
      response.assertStatus(422)
      assert.equal(response.body().error, message)
    }
    await refused({ q: 'a' }, 'Type at least 2 characters to search')
    await refused({ q: '   a   ' }, 'Type at least 2 characters to search')
    await refused({ q: 'x'.repeat(101) }, 'Search text must be at most 100 characters')
    await refused({}, 'Please type what to search for')
    ;(
      await client
        .get('/api/admin/search')
        .qs({ q: 'x'.repeat(100) })
        .asAdmin(admin)
    ).assertStatus(200)
    const anonymous = await client.get('/api/admin/search').qs({ q: 'DEMO-1001' })
    anonymous.assertStatus(401)
  })

  test('every kind is read from an index: no table but the notes is read whole', async ({
    client,
    assert,
  }) => {
    const f = await searchFixture()
    const admin = await demoAdmin()
    const texts = [
      'SRCH-7001',
      'zoe quell',
      'zoe.quellmann@',
      f.migration.migration_reference,
      `pi_${f.migration.migration_reference}`,
      're_search_1',
      'ch_search_2',
    ]
    for (const q of texts) {
      const sent = await selectsDuring(async () =>
        (await client.get('/api/admin/search').qs({ q }).asAdmin(admin)).assertStatus(200)
      )
      const searches = sent.filter((s) =>
        /from [`"]?(members|migrations|payments|payment_|admin_notes)/i.test(s.sql)
      )
      assert.isAtLeast(searches.length, 7, q)
      for (const statement of searches) {
        const whole = (await wholeTableReads(statement.sql, statement.bindings)).filter(
          (table) => !/^(n|admin_notes)\b/.test(table)
        )
        assert.deepEqual(whole, [], `${q}: ${statement.sql}`)
      }
    }
  }).timeout(60_000)
})
