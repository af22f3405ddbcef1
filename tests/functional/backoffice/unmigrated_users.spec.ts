import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { isolateEachTest } from '#tests/helpers/database'
import { insertMigration } from '#tests/helpers/backoffice_data'
import { startSmtpCapture } from '#tests/helpers/smtp_capture'
import { AdminUser } from '#modules/admins/index'
import { Member } from '#modules/members/index'
import { EmailOverride } from '#modules/notifications/index'
import { hashToken } from '#modules/auth/index'
import { migrationInvitationService } from '#modules/backoffice/index'
import { listeningAddress } from '#modules/settings/index'

const admin = () => AdminUser.findByOrFail('username', 'admin')
const memberIds = (body: any) => body.users.map((user: any) => user.member_id)
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!
const usableTokens = (memberId: number) =>
  db
    .from('migration_tokens')
    .where('member_id', memberId)
    .whereNull('revoked_at')
    .whereNull('used_at')

test.group('Unmigrated users and secure links', (group) => {
  isolateEachTest(group)
  // The demo seed blocks DEMO-1003; these tests are about unblocked members (blocks: the group below).
  group.each.setup(async () => {
    await db.from('migration_blocks').where('active', true).update({ active: false })
  })

  test('every call needs an admin session', async ({ client }) => {
    for (const url of ['/api/admin/unmigrated-users', '/api/admin/token-config']) {
      const response = await client.get(url)
      response.assertStatus(401)
      response.assertBodyContains({ success: false, error: 'Admin authentication required' })
    }
    for (const url of [
      '/api/admin/generate-migration-token',
      '/api/admin/generate-bulk-migration-tokens',
      '/api/admin/send-migration-invitations',
    ]) {
      ;(
        await client
          .post(url)
          .json({ memberId: 1, memberIds: [1] })
          .withCsrfToken()
      ).assertStatus(401)
    }
  })

  test('principals only, without a finished or running migration, not on disabled products', async ({
    client,
    assert,
  }) => {
    const as = await admin()
    // Demo: DEMO-1002 completed, DEMO-1004 on the disabled Legacy Basic product.
    const before = await client.get('/api/admin/unmigrated-users').asAdmin(as)
    before.assertStatus(200)
    assert.deepEqual(memberIds(before.body()), ['DEMO-1001', 'DEMO-1005', 'DEMO-1003'])
    assert.equal(before.body().total, 3)
    assert.containsSubset(before.body().users[0], {
      member_id: 'DEMO-1001',
      insured_full_name: 'Anna Schmidt',
      email: 'anna.schmidt@corp.example.com',
      date_of_birth: '1980-04-15',
      product_name: 'Global Health Gold',
      plan_name: 'Gold',
      policy_start_date: '2026-01-01',
      policy_end_date: '2026-12-31',
      token: null,
      has_valid_token: false,
    })
    await insertMigration('DEMO-1001', { status: 'processing' })
    await insertMigration('DEMO-1005', { status: 'failed' })
    const after = await client.get('/api/admin/unmigrated-users').asAdmin(as)
    assert.deepEqual(memberIds(after.body()), ['DEMO-1005', 'DEMO-1003'])
  })

  test('search by name, member ID or email, and the limit', async ({ client, assert }) => {
    const as = await admin()
    assert.deepEqual(
      memberIds(
        (await client.get('/api/admin/unmigrated-users').qs({ search: 'priya' }).asAdmin(as)).body()
      ),
      ['DEMO-1003']
    )
    assert.deepEqual(
      memberIds(
        (
          await client.get('/api/admin/unmigrated-users').qs({ search: 'DEMO-1005' }).asAdmin(as)
        ).body()
      ),
      ['DEMO-1005']
    )
    assert.deepEqual(
      memberIds(
        (
          await client.get('/api/admin/unmigrated-users').qs({ search: 'corp.example' }).asAdmin(as)
        ).body()
      ),
      ['DEMO-1001']
    )
    const limited = (
      await client.get('/api/admin/unmigrated-users').qs({ limit: 1 }).asAdmin(as)
    ).body()
    assert.lengthOf(limited.users, 1)
    assert.equal(limited.total, 3)
    ;(
      await client.get('/api/admin/unmigrated-users').qs({ limit: 10001 }).asAdmin(as)
    ).assertStatus(422)
    ;(
      await client.get('/api/admin/unmigrated-users').qs({ limit: 'lots' }).asAdmin(as)
    ).assertStatus(422)
  })

  test('token config gives the expiry days (default 14)', async ({ client }) => {
    const response = await client.get('/api/admin/token-config').asAdmin(await admin())
    response.assertBody({ success: true, expirationDays: 14 })
  })

  test('a generated token is stored as a hash only, revokes the older one and signs the member in once', async ({
    client,
    assert,
  }) => {
    const as = await admin()
    const anna = await Member.findByOrFail('member_id', 'DEMO-1001')
    const first = (
      await client
        .post('/api/admin/generate-migration-token')
        .json({ memberId: anna.id })
        .asAdmin(as)
        .withCsrfToken()
    ).body()
    const second = await client
      .post('/api/admin/generate-migration-token')
      .json({ memberId: anna.id })
      .asAdmin(as)
      .withCsrfToken()
    second.assertStatus(200)
    const { token, secureLink } = second.body()
    assert.equal(secureLink, `${listeningAddress()}/shop/login?token=${token}`)
    const rows = await db.from('migration_tokens').where('member_id', anna.id).orderBy('id')
    assert.lengthOf(rows, 2)
    assert.deepEqual(
      rows.map((row) => row.token_hash),
      [hashToken(first.token), hashToken(token)]
    )
    assert.isNotNull(rows[0].revoked_at)
    assert.isNull(rows[1].revoked_at)
    assert.notInclude(JSON.stringify(rows), token)

    const listed = (
      await client.get('/api/admin/unmigrated-users').qs({ search: 'DEMO-1001' }).asAdmin(as)
    ).body().users[0]
    assert.isTrue(listed.has_valid_token)
    assert.isNull(listed.token)
    ;(
      await client
        .post('/api/auth/validate-token')
        .json({ token: first.token, birthYear: 1980 })
        .withCsrfToken()
    ).assertStatus(401)
    const login = await client
      .post('/api/auth/validate-token')
      .json({ token, birthYear: 1980 })
      .withCsrfToken()
    login.assertStatus(200)
    login.assertBodyContains({ success: true, member: { name: 'Anna Schmidt' } })
  })

  test('tokens are refused for migrated, disabled-product, dependant or unknown members', async ({
    client,
  }) => {
    const as = await admin()
    for (const memberId of ['DEMO-1002', 'DEMO-1004', 'DEMO-1001-S']) {
      const member = await Member.findByOrFail('member_id', memberId)
      const response = await client
        .post('/api/admin/generate-migration-token')
        .json({ memberId: member.id })
        .asAdmin(as)
        .withCsrfToken()
      response.assertStatus(409)
    }
    const unknown = await client
      .post('/api/admin/generate-migration-token')
      .json({ memberId: 999999 })
      .asAdmin(as)
      .withCsrfToken()
    unknown.assertStatus(404)
    unknown.assertBodyContains({ success: false, error: 'Member not found' })
    ;(
      await client
        .post('/api/admin/generate-migration-token')
        .json({ memberId: 'DEMO-1001' })
        .asAdmin(as)
        .withCsrfToken()
    ).assertStatus(422)
    ;(
      await client.post('/api/admin/generate-migration-token').json({}).asAdmin(as).withCsrfToken()
    ).assertStatus(422)
  })

  test('bulk generation covers every unmigrated principal without a valid token', async ({
    client,
    assert,
  }) => {
    const as = await admin()
    const anna = await Member.findByOrFail('member_id', 'DEMO-1001')
    await client
      .post('/api/admin/generate-migration-token')
      .json({ memberId: anna.id })
      .asAdmin(as)
      .withCsrfToken()
    const response = await client
      .post('/api/admin/generate-bulk-migration-tokens')
      .asAdmin(as)
      .withCsrfToken()
    response.assertStatus(200)
    assert.equal(response.body().count, 2)
    assert.equal(response.body().expirationDays, 14)
    const emma = await Member.findByOrFail('member_id', 'DEMO-1005')
    const priya = await Member.findByOrFail('member_id', 'DEMO-1003')
    assert.sameMembers(
      response.body().links.map((link: any) => link.memberId),
      [emma.id, priya.id]
    )
    assert.lengthOf(await usableTokens(anna.id), 1)
    const again = await client
      .post('/api/admin/generate-bulk-migration-tokens')
      .asAdmin(as)
      .withCsrfToken()
    assert.equal(again.body().count, 0)
  })

  test('invitations reach a local SMTP server with a working link; members without email are skipped', async ({
    client,
    assert,
    cleanup,
  }) => {
    const smtp = await startSmtpCapture()
    cleanup(() => smtp.stop())
    const as = await admin()
    const anna = await Member.findByOrFail('member_id', 'DEMO-1001')
    const emma = await Member.findByOrFail('member_id', 'DEMO-1005')
    const response = await client
      .post('/api/admin/send-migration-invitations')
      .json({ memberIds: [anna.id, emma.id] })
      .asAdmin(as)
      .withCsrfToken()
    response.assertStatus(200)
    assert.containsSubset(response.body(), { success: true, sent: 1, failed: 0, skipped: 1 })
    assert.deepEqual(response.body().errors, ['Emma Johansson (DEMO-1005): no email address'])

    assert.lengthOf(smtp.received, 1)
    const message = smtp.received[0]
    assert.equal(
      message.to && 'value' in message.to ? message.to.value[0].address : '',
      'anna.schmidt@corp.example.com'
    )
    assert.equal(message.subject, 'Move your coverage online, Anna Schmidt')
    const html = String(message.html)
    assert.include(html, 'Global Health Gold')
    assert.include(html, '31.12.2026')
    const link = new RegExp(`href="(${listeningAddress()}/shop/login\\?token=[^"]+)"`).exec(
      html
    )![1]
    const login = await client
      .post('/api/auth/validate-token')
      .json({ token: tokenOf(link.replace(/&amp;/g, '&')), birthYear: 1980 })
      .withCsrfToken()
    login.assertStatus(200)
    const delivery = await db
      .from('email_deliveries')
      .where('member_id', anna.id)
      .where('email_type', 'migration_invitation')
      .first()
    assert.equal(delivery.status, 'sent')
  })

  test('a member override receives the invitation, and the service is callable without HTTP', async ({
    assert,
    cleanup,
  }) => {
    const smtp = await startSmtpCapture()
    cleanup(() => smtp.stop())
    const priya = await Member.findByOrFail('member_id', 'DEMO-1003')
    const emma = await Member.findByOrFail('member_id', 'DEMO-1005')
    await EmailOverride.create({
      member_id: emma.id,
      override_email: 'emma.private@example.org',
      created_by: 'admin',
    })
    const result = await migrationInvitationService.send([priya.id, emma.id], 'test')
    assert.deepEqual(result, {
      success: true,
      sent: 2,
      failed: 0,
      skipped: 0,
      blocked: 0,
      errors: [],
    })
    assert.sameMembers(
      smtp.received.map((mail) => (mail.to && 'value' in mail.to ? mail.to.value[0].address : '')),
      ['priya.n@example.com', 'emma.private@example.org']
    )
  })

  test("a refused invitation withdraws its link and keeps the member's earlier link working", async ({
    client,
    assert,
    cleanup,
  }) => {
    const smtp = await startSmtpCapture({ refuse: ['anna.schmidt@corp.example.com'] })
    cleanup(() => smtp.stop())
    const as = await admin()
    const anna = await Member.findByOrFail('member_id', 'DEMO-1001')
    const priya = await Member.findByOrFail('member_id', 'DEMO-1003')
    const earlier = (
      await client
        .post('/api/admin/generate-migration-token')
        .json({ memberId: anna.id })
        .asAdmin(as)
        .withCsrfToken()
    ).body().token

    const response = await client
      .post('/api/admin/send-migration-invitations')
      .json({ memberIds: [anna.id, priya.id] })
      .asAdmin(as)
      .withCsrfToken()
    response.assertStatus(200)
    assert.containsSubset(response.body(), { success: false, sent: 1, failed: 1, skipped: 0 })
    assert.lengthOf(response.body().errors, 1)
    assert.match(response.body().errors[0], /^Anna Schmidt \(DEMO-1001\): .*550/)
    assert.deepEqual(
      smtp.received.map((mail) => (mail.to && 'value' in mail.to ? mail.to.value[0].address : '')),
      ['priya.n@example.com']
    )

    // The withdrawn invitation link is revoked, the earlier one is usable again.
    const rows = await db.from('migration_tokens').where('member_id', anna.id).orderBy('id')
    assert.lengthOf(rows, 2)
    assert.equal(rows[0].token_hash, hashToken(earlier))
    assert.isNull(rows[0].revoked_at)
    assert.isNotNull(rows[1].revoked_at)
    const delivery = await db
      .from('email_deliveries')
      .where('member_id', anna.id)
      .where('email_type', 'migration_invitation')
      .first()
    assert.equal(delivery.status, 'failed')
    const login = await client
      .post('/api/auth/validate-token')
      .json({ token: earlier, birthYear: 1980 })
      .withCsrfToken()
    login.assertStatus(200)
    login.assertBodyContains({ success: true, member: { name: 'Anna Schmidt' } })
  })

  test("an accepted invitation revokes the member's earlier link", async ({
    client,
    assert,
    cleanup,
  }) => {
    const smtp = await startSmtpCapture()
    cleanup(() => smtp.stop())
    const as = await admin()
    const anna = await Member.findByOrFail('member_id', 'DEMO-1001')
    const earlier = (
      await client
        .post('/api/admin/generate-migration-token')
        .json({ memberId: anna.id })
        .asAdmin(as)
        .withCsrfToken()
    ).body().token
    const result = await migrationInvitationService.send([anna.id], 'test')
    assert.deepEqual(result, {
      success: true,
      sent: 1,
      failed: 0,
      skipped: 0,
      blocked: 0,
      errors: [],
    })
    assert.lengthOf(await usableTokens(anna.id), 1)
    ;(
      await client
        .post('/api/auth/validate-token')
        .json({ token: earlier, birthYear: 1980 })
        .withCsrfToken()
    ).assertStatus(401)
  })

  test('an empty selection is refused with the screen message', async ({ client, assert }) => {
    const response = await client
      .post('/api/admin/send-migration-invitations')
      .json({ memberIds: [] })
      .asAdmin(await admin())
      .withCsrfToken()
    response.assertStatus(422)
    assert.equal(response.body().error, 'Please select at least one user')
  })
})

test.group('Unmigrated users: blocked members', (group) => {
  isolateEachTest(group)

  test('the seeded block on DEMO-1003 is listed; the member gets no link and no invitation, and is counted', async ({
    client,
    assert,
    cleanup,
  }) => {
    const smtp = await startSmtpCapture()
    cleanup(() => smtp.stop())
    const as = await admin()
    const priya = await Member.findByOrFail('member_id', 'DEMO-1003')
    const anna = await Member.findByOrFail('member_id', 'DEMO-1001')
    const list = (await client.get('/api/admin/unmigrated-users').asAdmin(as)).body().users
    assert.deepEqual(
      list.map((user: any) => [user.member_id, user.is_blocked]),
      [
        ['DEMO-1001', false],
        ['DEMO-1005', false],
        ['DEMO-1003', true],
      ]
    )

    const single = await client
      .post('/api/admin/generate-migration-token')
      .json({ memberId: priya.id })
      .asAdmin(as)
      .withCsrfToken()
    single.assertStatus(409)
    assert.equal(
      single.body().error,
      'This member is blocked from migrating: lift the block in Members first'
    )
    const bulk = await client
      .post('/api/admin/generate-bulk-migration-tokens')
      .asAdmin(as)
      .withCsrfToken()
    assert.containsSubset(bulk.body(), { count: 2, blocked: 1 })
    assert.lengthOf(await usableTokens(priya.id), 0)

    const sent = await client
      .post('/api/admin/send-migration-invitations')
      .json({ memberIds: [anna.id, priya.id] })
      .asAdmin(as)
      .withCsrfToken()
    assert.containsSubset(sent.body(), {
      success: true,
      sent: 1,
      failed: 0,
      skipped: 0,
      blocked: 1,
    })
    assert.deepEqual(
      smtp.received.map((mail) => (mail.to && 'value' in mail.to ? mail.to.value[0].address : '')),
      ['anna.schmidt@corp.example.com']
    )
  })
})

test.group('Unmigrated users: Generate Links acts on what is listed or selected', (group) => {
  isolateEachTest(group)

  const stamp = () => new Date().toISOString().slice(0, 19).replace('T', ' ')
  async function addPrincipal(memberId: string, name: string) {
    const [id] = await db.table('members').insert({
      member_id: memberId,
      insured_full_name: name,
      date_of_birth: '1980-01-01',
      insured_role: 'Principal',
      created_at: stamp(),
      updated_at: stamp(),
    })
    return Number(id)
  }
  const issuedSince = async (lastTokenId: number) =>
    (await db.from('migration_tokens').where('id', '>', lastTokenId).select('member_id')).map(
      (row) => Number(row.member_id)
    )

  test('with a search, links only for the members the search lists', async ({ client, assert }) => {
    const nunez = [
      await addPrincipal('NZ-1', 'Carlos Nunez'),
      await addPrincipal('NZ-2', 'Marta Núñez'),
    ]
    await addPrincipal('OT-1', 'Other Person')
    const lastTokenId = Number((await db.from('migration_tokens').max('id as id').first())?.id ?? 0)
    const as = await admin()
    const listed = (
      await client.get('/api/admin/unmigrated-users').qs({ search: 'nunez' }).asAdmin(as)
    ).body()
    assert.sameMembers(memberIds(listed), ['NZ-1', 'NZ-2'])

    const response = await client
      .post('/api/admin/generate-bulk-migration-tokens')
      .json({ search: 'nunez' })
      .asAdmin(as)
      .withCsrfToken()
    response.assertStatus(200)
    assert.equal(response.body().count, 2)
    assert.sameMembers(
      response.body().links.map((link: any) => link.memberId),
      nunez
    )
    assert.sameMembers(
      await issuedSince(lastTokenId),
      nunez,
      'no other member got a link, nor lost one'
    )
  })

  test('with a selection, links only for the selected members; an empty selection issues none', async ({
    client,
    assert,
  }) => {
    const as = await admin()
    const emma = await Member.findByOrFail('member_id', 'DEMO-1005')
    const lastTokenId = Number((await db.from('migration_tokens').max('id as id').first())?.id ?? 0)
    const selected = await client
      .post('/api/admin/generate-bulk-migration-tokens')
      .json({ memberIds: [emma.id], search: 'anything' })
      .asAdmin(as)
      .withCsrfToken()
    assert.containsSubset(selected.body(), { success: true, count: 1 })
    assert.deepEqual(await issuedSince(lastTokenId), [emma.id])
    const none = await client
      .post('/api/admin/generate-bulk-migration-tokens')
      .json({ memberIds: [] })
      .asAdmin(as)
      .withCsrfToken()
    assert.containsSubset(none.body(), { success: true, count: 0 })
    ;(
      await client
        .post('/api/admin/generate-bulk-migration-tokens')
        .json({ search: { toString: 'x' } })
        .asAdmin(as)
        .withCsrfToken()
    ).assertStatus(422)
  })
})
