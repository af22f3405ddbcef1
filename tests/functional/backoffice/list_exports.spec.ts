import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import ExcelJS from 'exceljs'
import { AdminUser } from '#modules/admins/index'
import { Member } from '#modules/members/index'
import { isolateEachTest } from '#tests/helpers/database'
import { demoAdmin } from '#tests/helpers/admin_session'
import { insertMigration, insertPayment, seedBackofficeData } from '#tests/helpers/backoffice_data'
import { exportAudits, exportBoth, lastAuditId, readXlsxAsBytes } from '#tests/helpers/list_exports'

/*
| Exports of every list (docs/backoffice.md "Exports of every list"): each file opened (fast-csv,
| ExcelJS), its rows the list's rows for the same filters and sort, in the same order; a cell a
| spreadsheet would run as a formula neutralised ('=…); each export in the audit trail; a role
| that may not read the list refused; a bad query a 422.
*/
const SQL = 'yyyy-MM-dd HH:mm:ss'
const stamp = (minutes = 0) => DateTime.utc().minus({ minutes }).toFormat(SQL)
const FORMULA = '=HYPERLINK("http://evil.test","x")'

async function adminWithRole(role: 'finance' | 'support' | 'operations') {
  return AdminUser.create({
    username: `export_${role}`,
    email: `export_${role}@example.test`,
    password: `${role}-pass-5555`,
    role,
  })
}

async function addMember(memberId: string, name: string, values: Record<string, unknown> = {}) {
  await db.table('members').insert({
    member_id: memberId,
    insured_full_name: name,
    date_of_birth: '1980-01-01',
    insured_role: 'Principal',
    product_name: 'Global Health Gold',
    status: 'Active',
    created_at: stamp(),
    updated_at: stamp(),
    ...values,
  })
}

test.group('Exports of every list', (group) => {
  isolateEachTest(group)
  group.setup(readXlsxAsBytes)

  test('Members: the filtered rows in the list order, or sorted by a column; formula cells neutralised; audited; Finance refused; bad queries 422', async ({
    client,
    assert,
  }) => {
    await addMember('EXP-1', FORMULA)
    await addMember('EXP-2', 'Zoë Export', { email: '@zoe.test' })
    await addMember('EXP-3', 'Anna Export', { insured_role: 'Spouse' })
    await addMember('EXP-4', '-4 Export')
    const admin = await demoAdmin()
    const before = await lastAuditId()
    const filters = { search: 'EXP-', role: 'Principal' }

    const list = await client
      .get('/api/admin/members')
      .qs({ ...filters, limit: 200 })
      .asAdmin(admin)
    const listed = list.body().members.map((member: { member_id: string }) => member.member_id)
    assert.deepEqual(listed, ['EXP-1', 'EXP-2', 'EXP-4'])
    const file = await exportBoth(client, admin, '/api/admin/members-export', filters)
    assert.deepEqual(file.column('Member ID'), listed, 'the list rows, in its order')
    assert.match(file.disposition!, /attachment; filename="members_\d{4}-\d{2}-\d{2}\.csv"/)
    assert.deepEqual(file.header.slice(0, 7), [
      'Member ID',
      'Name',
      'Role',
      'Email',
      'Product',
      'Status',
      'Migrations',
    ])
    assert.deepEqual(file.column('Name'), [`'${FORMULA}`, 'Zoë Export', `'-4 Export`])
    assert.deepEqual(file.column('Email'), ['', `'@zoe.test`, ''])
    assert.equal(file.types[0][file.header.indexOf('Name')], ExcelJS.ValueType.String)
    assert.equal(file.column('Migrations')[0], '0')
    assert.equal(file.types[0][file.header.indexOf('Migrations')], ExcelJS.ValueType.Number)

    const byName = await exportBoth(client, admin, '/api/admin/members-export', {
      ...filters,
      sort: 'insured_full_name',
      direction: 'desc',
    })
    const ordered = await db
      .from('members')
      .where('member_id', 'like', 'EXP-%')
      .where('insured_role', 'Principal')
      .orderBy('insured_full_name', 'desc')
      .orderBy('id', 'desc')
    assert.deepEqual(
      byName.column('Member ID'),
      ordered.map((row) => row.member_id)
    )

    const audits = await exportAudits(before)
    assert.lengthOf(audits, 4, 'CSV and XLSX of both exports')
    assert.deepEqual(audits[0], {
      actor: admin.username,
      entityId: 'members',
      after: { list: 'members', filters, format: 'csv', rows: 3, complete: true },
    })
    assert.equal(audits[1].after.format, 'xlsx')
    assert.deepEqual(audits[2].after.filters, {
      ...filters,
      sort: 'insured_full_name',
      direction: 'desc',
    })

    const refused = await client
      .get('/api/admin/members-export')
      .asAdmin(await adminWithRole('finance'))
    refused.assertStatus(403)
    assert.equal(refused.body().error, 'Your role (Finance) cannot see members')
    for (const qs of [{ format: 'pdf' }, { sort: 'password' }, { direction: 'up' }])
      (await client.get('/api/admin/members-export').qs(qs).asAdmin(admin)).assertStatus(422)
    assert.lengthOf(await exportAudits(before), 4, 'refused and invalid requests are not exports')
  }).timeout(60_000)

  test('Migrations: every row of the list filters in its server sort; formula cells neutralised; audited; no session 401; bad queries 422', async ({
    client,
    assert,
  }) => {
    await insertMigration('DEMO-1001', {
      migration_reference: 'MIG-T-X1',
      total_amount: 300,
      total_amount_usd: 300,
    })
    await insertMigration('DEMO-1001', {
      migration_reference: 'MIG-T-X2',
      insured_full_name: '+SUM(A1:A9)',
      total_amount: 100,
      total_amount_usd: 100,
    })
    await insertMigration('DEMO-1001', {
      migration_reference: 'MIG-T-X3',
      status: 'completed',
      total_amount: 200,
      total_amount_usd: 200,
    })
    const admin = await demoAdmin()
    const before = await lastAuditId()
    const filters = {
      search: 'MIG-T-X',
      status: 'pending',
      sort: 'total_amount',
      direction: 'asc',
    }
    const list = await client.get('/api/admin/migrations').qs(filters).asAdmin(admin)
    const listed = list
      .body()
      .migrations.map((row: { migration_reference: string }) => row.migration_reference)
    assert.deepEqual(listed, ['MIG-T-X2', 'MIG-T-X1'])
    const file = await exportBoth(client, admin, '/api/admin/migrations-export', filters)
    assert.deepEqual(file.column('Reference'), listed)
    assert.deepEqual(file.column('Member'), [`'+SUM(A1:A9)`, 'Anna Schmidt'])
    assert.deepEqual(file.column('Amount (USD)'), ['100', '300'])
    assert.deepEqual((await exportAudits(before))[0].after, {
      list: 'migrations',
      filters,
      format: 'csv',
      rows: 2,
      complete: true,
    })
    ;(await client.get('/api/admin/migrations-export')).assertStatus(401)
    for (const qs of [{ term: 'soon' }, { sort: 'email' }, { format: 'ods' }])
      (await client.get('/api/admin/migrations-export').qs(qs).asAdmin(admin)).assertStatus(422)
  }).timeout(60_000)

  test('Subscriptions: each tab as its list shows it; formula cells neutralised; audited; Support refused; a bad tab 422', async ({
    client,
    assert,
  }) => {
    const { subA } = await seedBackofficeData()
    await db.from('subscriptions').where('id', subA).update({ provider_subscription_id: '@sub_x' })
    const admin = await demoAdmin()
    const before = await lastAuditId()
    const tabs = [
      { tab: 'all', path: '/api/admin/subscriptions', key: 'subscriptions' },
      {
        tab: 'early',
        path: '/api/admin/subscriptions/early-cancellations',
        key: 'earlyCancellations',
      },
      {
        tab: 'problematic',
        path: '/api/admin/subscriptions/problematic',
        key: 'problematicSubscriptions',
      },
    ]
    for (const { tab, path, key } of tabs) {
      const list = await client.get(path).asAdmin(admin)
      const listed = list
        .body()
        [key].map((row: { migration_reference: string }) => row.migration_reference)
      assert.isAbove(listed.length, 0, tab)
      const file = await exportBoth(client, admin, '/api/admin/subscriptions-export', { tab })
      assert.deepEqual(file.column('Reference'), listed, tab)
    }
    // The screen's own order (react-admin sorts these lists by id, newest first, unless a header is clicked).
    const rows = (await client.get('/api/admin/subscriptions').asAdmin(admin)).body().subscriptions
    const byId = await exportBoth(client, admin, '/api/admin/subscriptions-export', {
      sort: 'id',
      direction: 'desc',
    })
    assert.deepEqual(
      byId.column('Reference'),
      [...rows]
        .sort((a: { id: number }, b: { id: number }) => b.id - a.id)
        .map((row: { migration_reference: string }) => row.migration_reference)
    )
    const all = await exportBoth(client, admin, '/api/admin/subscriptions-export', {
      search: 'MIG-T-A',
    })
    assert.deepEqual(all.column('Provider Subscription ID'), [`'@sub_x`])
    const sorted = await exportBoth(client, admin, '/api/admin/subscriptions-export', {
      sort: 'total_amount_usd',
      direction: 'asc',
      status: 'active',
    })
    assert.deepEqual(sorted.column('Reference'), ['MIG-T-A'])
    const audits = await exportAudits(before)
    assert.deepEqual(
      audits.map((entry) => entry.entityId),
      [
        'subscriptions',
        'subscriptions',
        'subscriptions_early',
        'subscriptions_early',
        'subscriptions_problematic',
        'subscriptions_problematic',
        'subscriptions',
        'subscriptions',
        'subscriptions',
        'subscriptions',
        'subscriptions',
        'subscriptions',
      ]
    )
    const refused = await client
      .get('/api/admin/subscriptions-export')
      .asAdmin(await adminWithRole('support'))
    refused.assertStatus(403)
    assert.equal(refused.body().error, 'Your role (Support) cannot see subscriptions')
    ;(
      await client.get('/api/admin/subscriptions-export').qs({ tab: 'old' }).asAdmin(admin)
    ).assertStatus(422)
  }).timeout(60_000)

  test('Finance lists (dunning, refunds, disputes, reconciliation): the list filter and sort, every row; formula cells neutralised; audited; Operations refused; bad queries 422', async ({
    client,
    assert,
  }) => {
    const migrationId = await insertMigration('DEMO-1001', {
      migration_reference: 'MIG-T-FIN',
      insured_full_name: '@Finance Member',
    })
    const member = await Member.findByOrFail('member_id', 'DEMO-1001')
    const refund = (key: string, cents: number, reason: string, status = 'succeeded') => ({
      migration_id: migrationId,
      provider: 'sandbox',
      provider_refund_id: key,
      amount_cents: cents,
      currency: 'USD',
      status,
      origin: 'provider',
      reason,
      created_at: stamp(cents),
      updated_at: stamp(),
    })
    await db
      .table('payment_refunds')
      .multiInsert([
        refund('re_exp_1', 500, FORMULA),
        refund('re_exp_2', 300, 'duplicate'),
        refund('re_exp_3', 100, 'requested', 'failed'),
      ])
    const dispute = (key: string, cents: number, status: string) => ({
      migration_id: migrationId,
      provider: 'sandbox',
      provider_dispute_id: key,
      amount_cents: cents,
      currency: 'USD',
      status,
      reason: '-fraudulent',
      opened_at: stamp(cents),
      created_at: stamp(),
      updated_at: stamp(),
    })
    await db
      .table('payment_disputes')
      .multiInsert([
        dispute('dp_exp_1', 700, 'needs_response'),
        dispute('dp_exp_2', 800, 'lost'),
        dispute('dp_exp_3', 900, 'under_review'),
      ])
    for (const minutes of [10, 20]) {
      const paymentId = await insertPayment(migrationId, { paid: false, status: 'failed' })
      await db.table('dunning_cases').insert({
        payment_id: paymentId,
        migration_id: migrationId,
        member_id: member.id,
        failed_at: stamp(minutes),
        stage: 1,
        created_at: stamp(),
        updated_at: stamp(),
      })
    }
    const [runId] = await db.table('reconciliation_runs').insert({
      source: 'sandbox',
      trigger: 'manual',
      status: 'finished',
      range_from: stamp(60),
      range_to: stamp(),
      started_at: stamp(),
      finished_at: stamp(),
    })
    const item = (providerId: string, kind: string, amount: number) => ({
      run_id: Number(runId),
      kind,
      object_type: 'charge',
      provider_id: providerId,
      provider_amount: amount,
      provider_currency: 'USD',
      created_at: stamp(),
    })
    await db
      .table('reconciliation_items')
      .multiInsert([
        item('-pi_exp_1', 'missing_here', 100),
        item('pi_exp_2', 'missing_here', 300),
        item('pi_exp_3', 'amount_differs', 200),
      ])
    const admin = await demoAdmin()
    const before = await lastAuditId()
    const lists = [
      {
        list: 'refunds',
        sort: '["amount_cents","ASC"]',
        filter: { migration_id: String(migrationId), status: 'succeeded' },
        expected: ['re_exp_2', 're_exp_1'],
        key: 'provider_refund_id',
        formula: { column: 'reason', cells: ['duplicate', `'${FORMULA}`] },
      },
      {
        list: 'disputes',
        sort: '["amount_cents","DESC"]',
        filter: { migration_id: String(migrationId), status: 'open' },
        expected: ['dp_exp_3', 'dp_exp_1'],
        key: 'provider_dispute_id',
        formula: { column: 'reason', cells: [`'-fraudulent`, `'-fraudulent`] },
      },
      {
        list: 'dunning',
        sort: '["failed_at","ASC"]',
        filter: { q: 'MIG-T-FIN' },
        expected: null,
        key: 'id',
        formula: { column: 'member_name', cells: [`'@Finance Member`, `'@Finance Member`] },
      },
      {
        list: 'reconciliation',
        sort: '["provider_amount","ASC"]',
        filter: { run_id: String(runId), kind: 'missing_here' },
        expected: [`'-pi_exp_1`, 'pi_exp_2'],
        key: 'provider_id',
        formula: { column: 'provider_id', cells: [`'-pi_exp_1`, 'pi_exp_2'] },
      },
    ]
    for (const { list, sort, filter, expected, key, formula } of lists) {
      const qs = { sort, filter: JSON.stringify(filter) }
      const page = await client
        .get(`/api/admin/finance/${list}`)
        .qs({ ...qs, range: '[0,499]' })
        .asAdmin(admin)
      page.assertStatus(200)
      const ids = page.body().map((row: { id: number }) => String(row.id))
      const file = await exportBoth(client, admin, `/api/admin/finance/${list}-export`, qs)
      assert.deepEqual(file.column('id'), ids, `${list}: the list rows in its order`)
      if (expected) assert.deepEqual(file.column(key), expected, list)
      else assert.lengthOf(ids, 2, list)
      assert.deepEqual(file.column(formula.column), formula.cells, list)
      const audit = (await exportAudits(before)).at(-2)!
      assert.deepEqual(audit.after, {
        list: `finance_${list}`,
        filters: { filter, sort: JSON.parse(sort)[0], order: JSON.parse(sort)[1].toLowerCase() },
        format: 'csv',
        rows: ids.length,
        complete: true,
      })
    }
    const operations = await adminWithRole('operations')
    for (const list of ['dunning', 'refunds', 'disputes', 'reconciliation']) {
      const refused = await client.get(`/api/admin/finance/${list}-export`).asAdmin(operations)
      refused.assertStatus(403)
      assert.equal(refused.body().error, 'Your role (Operations) cannot download finance exports')
    }
    for (const qs of [
      { filter: '{"status":"lost"}' },
      { filter: 'status=lost' },
      { sort: '["reason","ASC"]' },
      { format: 'pdf' },
    ])
      (await client.get('/api/admin/finance/refunds-export').qs(qs).asAdmin(admin)).assertStatus(
        422
      )
  }).timeout(90_000)

  test('Audit log: the filtered entries newest first; formula cells neutralised; the export itself audited; Finance refused; a bad date 422', async ({
    client,
    assert,
  }) => {
    await db.table('audit_entries').multiInsert(
      [3, 2, 1].map((minutes) => ({
        at: stamp(minutes),
        actor: 'cli:exporter',
        action: 'member.update',
        entity_type: 'member',
        entity_id: `=A${minutes}`,
        after: JSON.stringify({ insured_full_name: `=cmd|' /C calc'!A${minutes}` }),
      }))
    )
    const admin = await demoAdmin()
    const before = await lastAuditId()
    const filters = { actor: 'cli:exporter', action: 'member.update' }
    const list = await client
      .get('/api/admin/audit-log')
      .qs({ ...filters, limit: 500 })
      .asAdmin(admin)
    const listed = list.body().entries.map((entry: { id: number }) => String(entry.id))
    assert.lengthOf(listed, 3)
    const file = await exportBoth(client, admin, '/api/admin/audit-log-export', filters)
    assert.deepEqual(file.column('id'), listed)
    assert.deepEqual(file.column('entityId'), [`'=A1`, `'=A2`, `'=A3`])
    assert.equal(file.column('after')[0], `{"insured_full_name":"=cmd|' /C calc'!A1"}`)
    const audits = await exportAudits(before)
    assert.deepEqual(audits[0].after, {
      list: 'audit_log',
      filters,
      format: 'csv',
      rows: 3,
      complete: true,
    })
    // The column header's sort goes with the export: entity ascending, as the list gives it.
    const sorted = { ...filters, sort: 'entityType', direction: 'asc' }
    const sortedList = await client
      .get('/api/admin/audit-log')
      .qs({ ...sorted, limit: 500 })
      .asAdmin(admin)
    const sortedIds = sortedList.body().entries.map((entry: { id: number }) => String(entry.id))
    assert.deepEqual(sortedIds, [...listed].reverse())
    assert.deepEqual(
      (await exportBoth(client, admin, '/api/admin/audit-log-export', sorted)).column('id'),
      sortedIds
    )
    const refused = await client
      .get('/api/admin/audit-log-export')
      .asAdmin(await adminWithRole('finance'))
    refused.assertStatus(403)
    assert.equal(refused.body().error, 'Your role (Finance) cannot read the audit trail')
    ;(
      await client.get('/api/admin/audit-log-export').qs({ from: 'yesterday' }).asAdmin(admin)
    ).assertStatus(422)
  }).timeout(60_000)
})
