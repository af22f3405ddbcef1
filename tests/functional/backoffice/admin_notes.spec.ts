import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { AdminUser } from '#modules/admins/index'
import { Member } from '#modules/members/index'
import { isolateEachTest } from '#tests/helpers/database'
import { demoAdmin } from '#tests/helpers/admin_session'
import { createPaidMigration } from '#tests/helpers/migration_fixtures'

const supportAdmin = (username: string) =>
  AdminUser.create({
    username,
    email: `${username}@example.test`,
    password: 'support-pass-55',
    role: 'support',
  })

/** Notes on members and migrations (issue 40 §3): written, shown, audited, changed only by their author or an Owner. */
test.group('Administrators’ notes', (group) => {
  isolateEachTest(group)

  test('a Support administrator writes a note on a member and on a migration; it is listed newest first, audited, and another Support administrator can neither edit nor delete it, an Owner can', async ({
    client,
    assert,
  }) => {
    const { migration } = await createPaidMigration()
    const anna = await Member.findByOrFail('member_id', 'DEMO-1001')
    const author = await supportAdmin('notes_author')
    const other = await supportAdmin('notes_other')
    const write = (entityType: string, entityId: number, body: string) =>
      client
        .post('/api/admin/notes')
        .json({ entityType, entityId, body })
        .asAdmin(author)
        .withCsrfToken()

    const first = await write('member', anna.id, 'Called: wants to move in March.')
    first.assertStatus(201)
    assert.containsSubset(first.body().note, {
      entityType: 'member',
      entityId: anna.id,
      body: 'Called: wants to move in March.',
      author: 'notes_author',
      editable: true,
    })
    ;(await write('member', anna.id, '  Sent the link again.  ')).assertStatus(201)
    ;(await write('migration', migration.id, 'Refund asked by phone.')).assertStatus(201)

    const listed = await client
      .get('/api/admin/notes')
      .qs({ entityType: 'member', entityId: anna.id })
      .asAdmin(other)
    listed.assertStatus(200)
    assert.deepEqual(
      listed.body().notes.map((note: any) => [note.body, note.author, note.editable]),
      [
        ['Sent the link again.', 'notes_author', false],
        ['Called: wants to move in March.', 'notes_author', false],
      ]
    )
    const audited = await db
      .from('audit_entries')
      .where('action', 'note.created')
      .where('entity_type', 'member')
      .where('entity_id', String(anna.id))
    assert.lengthOf(audited, 2)
    assert.equal(audited[0].actor, 'notes_author')

    const id = first.body().note.id
    const refusedEdit = await client
      .put(`/api/admin/notes/${id}`)
      .json({ body: 'Changed by someone else' })
      .asAdmin(other)
      .withCsrfToken()
    refusedEdit.assertStatus(403)
    assert.equal(refusedEdit.body().error, 'Only the author of a note or an Owner can change it')
    ;(await client.delete(`/api/admin/notes/${id}`).asAdmin(other).withCsrfToken()).assertStatus(
      403
    )
    const edited = await client
      .put(`/api/admin/notes/${id}`)
      .json({ body: 'Called: wants to move in April.' })
      .asAdmin(author)
      .withCsrfToken()
    edited.assertStatus(200)
    assert.equal(edited.body().note.body, 'Called: wants to move in April.')
    const removed = await client
      .delete(`/api/admin/notes/${id}`)
      .asAdmin(await demoAdmin())
      .withCsrfToken()
    assert.deepEqual(removed.body(), { success: true, message: 'Note deleted' })
    assert.deepEqual(
      (
        await db
          .from('audit_entries')
          .whereIn('action', ['note.updated', 'note.deleted'])
          .orderBy('id')
      ).map((row) => [row.action, row.actor]),
      [
        ['note.updated', 'notes_author'],
        ['note.deleted', 'admin'],
      ]
    )
    const migrationNotes = await client
      .get('/api/admin/notes')
      .qs({ entityType: 'migration', entityId: migration.id })
      .asAdmin(other)
    assert.deepEqual(
      migrationNotes.body().notes.map((note: any) => note.body),
      ['Refund asked by phone.']
    )
  }).timeout(60_000)

  test("bad input answers 422, unknown entities and notes 404; Finance reads a migration's notes, not a member's", async ({
    client,
    assert,
  }) => {
    const admin = await demoAdmin()
    const post = (body: Record<string, unknown>) =>
      client.post('/api/admin/notes').json(body).asAdmin(admin).withCsrfToken()
    ;(await post({ entityType: 'member', entityId: 1, body: '   ' })).assertStatus(422)
    ;(await post({ entityType: 'invoice', entityId: 1, body: 'x' })).assertStatus(422)
    ;(await post({ entityType: 'member', entityId: 1, body: 'x'.repeat(5001) })).assertStatus(422)
    const missing = await post({ entityType: 'migration', entityId: 999999, body: 'x' })
    missing.assertStatus(404)
    assert.equal(missing.body().error, 'Migration not found')
    ;(
      await client.put('/api/admin/notes/999999').json({ body: 'x' }).asAdmin(admin).withCsrfToken()
    ).assertStatus(404)

    const finance = await AdminUser.create({
      username: 'notes_finance',
      email: 'notes_finance@example.test',
      password: 'finance-pass-55',
      role: 'finance',
    })
    const anna = await Member.findByOrFail('member_id', 'DEMO-1001')
    const refused = await client
      .get('/api/admin/notes')
      .qs({ entityType: 'member', entityId: anna.id })
      .asAdmin(finance)
    refused.assertStatus(403)
    assert.equal(refused.body().error, 'Your role (Finance) cannot see members')
    const { migration } = await createPaidMigration()
    const allowed = await client
      .get('/api/admin/notes')
      .qs({ entityType: 'migration', entityId: migration.id })
      .asAdmin(finance)
    assert.deepEqual([allowed.status(), allowed.body().notes], [200, []])
  }).timeout(60_000)
})
