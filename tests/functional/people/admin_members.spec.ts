import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { isolateEachTest } from '#tests/helpers/database'
import { AdminUser } from '#modules/admins/index'
import { Member } from '#modules/members/index'

const REQUIRED = 'Please fill in all required fields'
const admin = () => AdminUser.findByOrFail('username', 'admin')

async function addMembers(count: number) {
  const now = DateTime.now().toFormat('yyyy-MM-dd HH:mm:ss')
  const rows = Array.from({ length: count }, (_, i) => ({
    member_id: `PAGE-${String(i).padStart(3, '0')}`,
    insured_full_name: `Pager ${i}`,
    date_of_birth: '1990-01-01',
    insured_role: 'Principal',
    status: 'Active',
    created_at: now,
    updated_at: now,
  }))
  await db.table('members').multiInsert(rows)
}

const validMember = {
  member_id: 'NEW-1',
  insured_full_name: 'New Person',
  date_of_birth: '1985-03-04',
  insured_role: 'Principal',
  email: 'new@example.test',
}

test.group('Admin members', (group) => {
  isolateEachTest(group)

  test('the list pages by 50 with the total, and filters by role and search', async ({
    client,
    assert,
  }) => {
    await addMembers(60)
    const total = Number((await db.from('members').count('* as n').first()).n)
    const page1 = await client
      .get('/api/admin/members')
      .qs({ page: 1, limit: 50 })
      .asAdmin(await admin())
    page1.assertStatus(200)
    assert.lengthOf(page1.body().members, 50)
    assert.equal(page1.body().total, total)
    const page2 = await client
      .get('/api/admin/members')
      .qs({ page: 2, limit: 50 })
      .asAdmin(await admin())
    assert.lengthOf(page2.body().members, total - 50)

    const children = await client
      .get('/api/admin/members')
      .qs({ role: 'Child' })
      .asAdmin(await admin())
    assert.equal(children.body().total, 3)
    assert.isTrue(children.body().members.every((m: any) => m.insured_role === 'Child'))

    for (const search of ['schmidt', 'DEMO-1002', 'priya.n@', 'P-1005-C1']) {
      const found = await client
        .get('/api/admin/members')
        .qs({ search })
        .asAdmin(await admin())
      assert.isAbove(found.body().total, 0, search)
    }
    const none = await client
      .get('/api/admin/members')
      .qs({ search: '100%_' })
      .asAdmin(await admin())
    assert.equal(none.body().total, 0)
  })

  test('a deep page is the same as the plain OFFSET answer, with and without filters', async ({
    client,
    assert,
  }) => {
    await addMembers(120)
    // Gaps in the ids, as deletions leave them.
    await db
      .from('members')
      .whereIn('member_id', ['PAGE-010', 'PAGE-011', 'PAGE-050', 'PAGE-097'])
      .delete()
    const offsetIds = async (page: number, limit: number, where: (query: any) => any) =>
      (
        await where(db.from('members'))
          .select('id')
          .orderBy('id')
          .limit(limit)
          .offset((page - 1) * limit)
      ).map((row: any) => row.id)
    const cases = [
      { qs: {}, where: (query: any) => query },
      {
        qs: { role: 'Principal' },
        where: (query: any) => query.where('insured_role', 'Principal'),
      },
      {
        qs: { search: 'Pager 1' },
        where: (query: any) => query.where('insured_full_name', 'like', '%Pager 1%'),
      },
    ]
    for (const { qs, where } of cases) {
      for (const page of [1, 7, 20, 21, 40]) {
        const response = await client
          .get('/api/admin/members')
          .qs({ ...qs, page, limit: 6 })
          .asAdmin(await admin())
        response.assertStatus(200)
        const ids = response.body().members.map((member: any) => member.id)
        assert.deepEqual(ids, await offsetIds(page, 6, where), `${JSON.stringify(qs)} page ${page}`)
      }
    }
    const deep = await client
      .get('/api/admin/members')
      .qs({ page: 20, limit: 6 })
      .asAdmin(await admin())
    assert.equal(
      deep.body().members[0].member_id,
      (await db.from('members').orderBy('id').offset(114).first()).member_id
    )
  })

  test('Next and Previous with a keyset cursor give the OFFSET pages, with and without filters', async ({
    client,
    assert,
  }) => {
    await addMembers(120)
    await db
      .from('members')
      .whereIn('member_id', ['PAGE-010', 'PAGE-011', 'PAGE-050', 'PAGE-097'])
      .delete()
    const offsetIds = async (page: number, where: (query: any) => any) =>
      (
        await where(db.from('members'))
          .select('id')
          .orderBy('id')
          .limit(7)
          .offset((page - 1) * 7)
      ).map((row: any) => row.id)
    const cases = [
      { qs: {}, where: (query: any) => query },
      {
        qs: { role: 'Principal' },
        where: (query: any) => query.where('insured_role', 'Principal'),
      },
      {
        qs: { search: 'Pager 1' },
        where: (query: any) => query.where('insured_full_name', 'like', '%Pager 1%'),
      },
    ]
    const idsOf = async (qs: Record<string, unknown>) => {
      const response = await client
        .get('/api/admin/members')
        .qs({ ...qs, limit: 7 })
        .asAdmin(await admin())
      response.assertStatus(200)
      return {
        ids: response.body().members.map((member: any) => member.id) as number[],
        body: response.body(),
      }
    }
    for (const { qs, where } of cases) {
      const pages = Math.ceil((await idsOf({ ...qs, page: 1 })).body.total / 7)
      let previous = (await idsOf({ ...qs, page: 1 })).ids
      // Next, page after page: each the OFFSET answer.
      for (let page = 2; page <= pages; page++) {
        const { ids, body } = await idsOf({ ...qs, page, after: previous.at(-1) })
        assert.deepEqual(
          ids,
          await offsetIds(page, where),
          `${JSON.stringify(qs)} next to page ${page}`
        )
        assert.equal(body.page, page)
        previous = ids
      }
      // Previous, back to page 1.
      for (let page = pages - 1; page >= 1; page--) {
        const { ids } = await idsOf({ ...qs, page, before: previous[0] })
        assert.deepEqual(
          ids,
          await offsetIds(page, where),
          `${JSON.stringify(qs)} previous to page ${page}`
        )
        previous = ids
      }
    }
    // The cursor, not the page number, says where the page starts.
    const fifth = (await db.from('members').select('id').orderBy('id').offset(4).first()).id
    assert.deepEqual(
      (await idsOf({ after: fifth })).ids,
      (await db.from('members').select('id').where('id', '>', fifth).orderBy('id').limit(7)).map(
        (row: any) => row.id
      )
    )
    const both = await client
      .get('/api/admin/members')
      .qs({ after: 1, before: 9 })
      .asAdmin(await admin())
    both.assertStatus(422)
    assert.equal(both.body().error, 'Send either after or before, not both')
  })

  test('a jump to a page after a change gives the new OFFSET answer (page starts are not kept across writes)', async ({
    client,
    assert,
  }) => {
    await addMembers(60)
    const pageIds = async (page: number) =>
      (
        await client
          .get('/api/admin/members')
          .qs({ page, limit: 5 })
          .asAdmin(await admin())
      )
        .body()
        .members.map((member: any) => member.id)
    const offsetIds = async (page: number) =>
      (
        await db
          .from('members')
          .select('id')
          .orderBy('id')
          .limit(5)
          .offset((page - 1) * 5)
      ).map((row: any) => row.id)
    assert.deepEqual(await pageIds(9), await offsetIds(9))
    // A deletion on an earlier page shifts every later page by one row.
    await db.from('members').where('member_id', 'PAGE-003').delete()
    assert.deepEqual(await pageIds(9), await offsetIds(9))
    const now = DateTime.now().toFormat('yyyy-MM-dd HH:mm:ss')
    await db.table('members').insert({
      member_id: 'PAGE-X',
      insured_full_name: 'Late',
      date_of_birth: '1990-01-01',
      insured_role: 'Principal',
      status: 'Active',
      created_at: now,
      updated_at: now,
    })
    const last = Math.ceil(Number((await db.from('members').count('* as n').first()).n) / 5)
    assert.deepEqual(await pageIds(last), await offsetIds(last))
    assert.deepEqual(await pageIds(last + 1), [])
  })

  test('each row carries its product alias and completed migrations count', async ({
    client,
    assert,
  }) => {
    await db
      .from('products')
      .where('product_name', 'Global Health Gold')
      .update({ product_alias: 'GHG' })
    const response = await client
      .get('/api/admin/members')
      .qs({ search: 'DEMO-1002' })
      .asAdmin(await admin())
    const carlos = response.body().members.find((m: any) => m.member_id === 'DEMO-1002')
    const lucia = response.body().members.find((m: any) => m.member_id === 'DEMO-1002-S')
    assert.equal(carlos.completed_migrations_count, 1)
    assert.equal(lucia.completed_migrations_count, 0)
    assert.equal(carlos.product_alias, 'GHG')
    assert.equal(carlos.date_of_birth, '1975-01-31')
  })

  test('bad list parameters are a 422, never a 500', async ({ client }) => {
    for (const qs of [{ page: 'x' }, { after: -1 }, { before: 0 }, { after: 'abc' }]) {
      const response = await client
        .get('/api/admin/members')
        .qs(qs)
        .asAdmin(await admin())
      response.assertStatus(422)
    }
  })

  test('the stats count principals, dependants, active, with email and products', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/api/admin/members-stats').asAdmin(await admin())
    const count = async (query: (q: any) => any) =>
      Number((await query(db.from('members')).count('* as n').first()).n)
    assert.deepEqual(response.body().stats, {
      total_members: await count((q) => q),
      principals_count: await count((q) => q.where('insured_role', 'Principal')),
      dependents_count: await count((q) => q.whereNot('insured_role', 'Principal')),
      active_members: await count((q) => q.where('status', 'Active')),
      members_with_email: await count((q) => q.whereNotNull('email').whereNot('email', '')),
      unique_products: 3,
    })
  })

  test('create defaults to Active, sets the original email and refuses a taken member ID', async ({
    client,
    assert,
  }) => {
    const created = await client
      .post('/api/admin/members')
      .json(validMember)
      .asAdmin(await admin())
      .withCsrfToken()
    created.assertStatus(201)
    assert.equal(created.body().message, 'Member created successfully')
    const member = await Member.findByOrFail('member_id', 'NEW-1')
    assert.equal(member.status, 'Active')
    assert.equal(member.original_email, 'new@example.test')

    const again = await client
      .post('/api/admin/members')
      .json(validMember)
      .asAdmin(await admin())
      .withCsrfToken()
    again.assertStatus(409)
    assert.equal(again.body().error, 'A member with member ID NEW-1 already exists')
  })

  test('missing required fields give the spec message; other bad values their own', async ({
    client,
    assert,
  }) => {
    for (const field of ['member_id', 'insured_full_name', 'date_of_birth', 'insured_role']) {
      const response = await client
        .post('/api/admin/members')
        .json({ ...validMember, [field]: '' })
        .asAdmin(await admin())
        .withCsrfToken()
      response.assertStatus(422)
      assert.equal(response.body().error, REQUIRED, field)
    }
    const badDate = await client
      .post('/api/admin/members')
      .json({ ...validMember, date_of_birth: '1985-02-30' })
      .asAdmin(await admin())
      .withCsrfToken()
    badDate.assertStatus(422)
    assert.equal(badDate.body().error, 'Please enter a valid date of birth')
    const badEmail = await client
      .post('/api/admin/members')
      .json({ ...validMember, email: 'nope' })
      .asAdmin(await admin())
      .withCsrfToken()
    assert.equal(badEmail.body().error, 'Please enter a valid email address')
    const badPrincipal = await client
      .post('/api/admin/members')
      .json({ ...validMember, insured_role: 'Child', principal_person_id: 'NOBODY' })
      .asAdmin(await admin())
      .withCsrfToken()
    badPrincipal.assertStatus(422)
    assert.deepEqual(badPrincipal.body().errors, [
      { field: 'principal_person_id', message: 'No principal member has the person ID NOBODY' },
    ])
  })

  test('a dependant needs an existing principal: a Spouse without one is refused with the field named, nothing saved', async ({
    client,
    assert,
  }) => {
    const response = await client
      .post('/api/admin/members')
      .json({ ...validMember, insured_role: 'Spouse', product_name: '' })
      .asAdmin(await admin())
      .withCsrfToken()
    response.assertStatus(422)
    const message =
      'A Spouse needs a principal: enter the Principal Person ID of an existing principal member'
    assert.equal(response.body().error, message)
    assert.deepEqual(response.body().errors, [{ field: 'principal_person_id', message }])
    assert.isNull(await Member.findBy('member_id', validMember.member_id))
  })

  test('edit changes the record but never the original email; details show it', async ({
    client,
    assert,
  }) => {
    const anna = await Member.findByOrFail('member_id', 'DEMO-1001')
    const response = await client
      .put(`/api/admin/members/${anna.id}`)
      .json({
        member_id: 'DEMO-1001',
        insured_full_name: 'Anna Schmidt-Berg',
        date_of_birth: '1980-04-15',
        insured_role: 'Principal',
        email: 'anna@new.example',
        status: 'Inactive',
      })
      .asAdmin(await admin())
      .withCsrfToken()
    response.assertStatus(200)
    assert.equal(response.body().message, 'Member updated successfully')
    await anna.refresh()
    assert.equal(anna.insured_full_name, 'Anna Schmidt-Berg')
    assert.equal(anna.status, 'Inactive')
    assert.equal(anna.original_email, 'anna.schmidt@corp.example.com')
    const details = await client.get(`/api/admin/members/${anna.id}`).asAdmin(await admin())
    assert.equal(details.body().member.email, 'anna@new.example')
    const missing = await client.get('/api/admin/members/999999').asAdmin(await admin())
    missing.assertStatus(404)
    const nonsense = await client.get('/api/admin/members/abc').asAdmin(await admin())
    nonsense.assertStatus(404)
  })

  test('delete removes a plain member but refuses one with migrations or dependants', async ({
    client,
    assert,
  }) => {
    const priya = await Member.findByOrFail('member_id', 'DEMO-1003')
    const deleted = await client
      .delete(`/api/admin/members/${priya.id}`)
      .asAdmin(await admin())
      .withCsrfToken()
    deleted.assertStatus(200)
    assert.equal(deleted.body().message, 'Member deleted successfully')
    assert.isNull(await Member.find(priya.id))

    const carlos = await Member.findByOrFail('member_id', 'DEMO-1002')
    const refused = await client
      .delete(`/api/admin/members/${carlos.id}`)
      .asAdmin(await admin())
      .withCsrfToken()
    refused.assertStatus(409)
    const anna = await Member.findByOrFail('member_id', 'DEMO-1001')
    const parent = await client
      .delete(`/api/admin/members/${anna.id}`)
      .asAdmin(await admin())
      .withCsrfToken()
    parent.assertStatus(409)
  })
})

test.group('Admin members: blocks', (group) => {
  isolateEachTest(group)

  test('the seeded block on DEMO-1003 is listed and lifted; any principal can be blocked, with or without a migration', async ({
    client,
    assert,
  }) => {
    const list = async (search: string) =>
      (
        await client
          .get('/api/admin/members')
          .qs({ search })
          .asAdmin(await admin())
      ).body().members[0]
    assert.containsSubset(await list('DEMO-1003'), { member_id: 'DEMO-1003', is_blocked: true })

    const priya = await Member.findByOrFail('member_id', 'DEMO-1003')
    const lifted = await client
      .patch(`/api/admin/members/${priya.id}/block`)
      .json({ action: 'unblock' })
      .asAdmin(await admin())
      .withCsrfToken()
    lifted.assertStatus(200)
    assert.equal(lifted.body().message, 'Successfully unblocked member')
    assert.containsSubset(await list('DEMO-1003'), { is_blocked: false, block_reason: null })

    // A principal without any migration.
    const anna = await Member.findByOrFail('member_id', 'DEMO-1001')
    await db.from('migrations').where('member_id', anna.id).delete()
    const blocked = await client
      .patch(`/api/admin/members/${anna.id}/block`)
      .json({ action: 'block', reason: 'Fraud check' })
      .asAdmin(await admin())
      .withCsrfToken()
    blocked.assertStatus(200)
    assert.containsSubset(await list('DEMO-1001'), {
      is_blocked: true,
      block_reason: 'Fraud check',
    })
    const row = await db
      .from('migration_blocks')
      .where('member_id', anna.id)
      .where('active', true)
      .first()
    assert.include(row, { reason: 'Fraud check', blocked_by: 'admin', migration_id: null })

    const dependant = await Member.query().whereNot('insured_role', 'Principal').firstOrFail()
    const refused = await client
      .patch(`/api/admin/members/${dependant.id}/block`)
      .json({ action: 'block' })
      .asAdmin(await admin())
      .withCsrfToken()
    refused.assertStatus(422)
    const missing = await client
      .patch('/api/admin/members/999999/block')
      .json({ action: 'block' })
      .asAdmin(await admin())
      .withCsrfToken()
    missing.assertStatus(404)
  })
})
