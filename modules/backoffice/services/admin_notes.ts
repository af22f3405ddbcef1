import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { recordAudit } from '#modules/audit/index'
import { adminCan, deniedMessage, type AdminRole } from '#modules/admins/index'
import { ApiError } from '#modules/shared/index'

export const NOTE_ENTITIES = ['member', 'migration'] as const
export type NoteEntity = (typeof NOTE_ENTITIES)[number]

/** Longest note: a few paragraphs of a call with the member, not a document. */
export const NOTE_MAX_LENGTH = 5000

interface Author {
  id: number
  username: string
  role: AdminRole | null
}

interface NoteRow {
  id: number
  entity_type: NoteEntity
  entity_id: number
  body: string
  author_id: number | null
  author_name: string
  created_at: string | Date
  updated_at: string | Date
}

const iso = (value: string | Date) => DateTime.fromJSDate(new Date(value)).toUTC().toISO()!

function present(row: NoteRow, viewer: Author) {
  return {
    id: Number(row.id),
    entityType: row.entity_type,
    entityId: Number(row.entity_id),
    body: row.body,
    author: row.author_name,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    /** The author or an Owner may edit or delete it (the screen shows the buttons from this). */
    editable: canChange(row, viewer),
  }
}

function canChange(row: NoteRow, admin: Author) {
  return (admin.role ?? 'owner') === 'owner' || row.author_id === admin.id
}

/** Notes of a member need the members' ability (Finance does not read members); a migration's, the route's. */
async function assertCanRead(admin: Author, entityType: NoteEntity) {
  if (
    entityType === 'member' &&
    !(await adminCan({ id: admin.id, role: admin.role ?? 'owner' }, 'members.view'))
  )
    throw new ApiError(deniedMessage(admin, 'members.view'), 403)
}

async function assertEntityExists(entityType: NoteEntity, entityId: number) {
  const table = entityType === 'member' ? 'members' : 'migrations'
  if (!(await db.from(table).where('id', entityId).first()))
    throw new ApiError(entityType === 'member' ? 'Member not found' : 'Migration not found', 404)
}

async function lockedNote(trx: TransactionClientContract, id: number, admin: Author) {
  const row: NoteRow | null = await trx.from('admin_notes').where('id', id).forUpdate().first()
  if (!row) throw new ApiError('Note not found', 404)
  await assertCanRead(admin, row.entity_type)
  if (!canChange(row, admin))
    throw new ApiError('Only the author of a note or an Owner can change it', 403)
  return row
}

/** Administrators' notes on members and migrations, each write audited (docs/backoffice.md, "Notes"). */
export const adminNotes = {
  async list(entityType: NoteEntity, entityId: number, admin: Author) {
    await assertCanRead(admin, entityType)
    const rows: NoteRow[] = await db
      .from('admin_notes')
      .where('entity_type', entityType)
      .where('entity_id', entityId)
      .orderBy('id', 'desc')
    return rows.map((row) => present(row, admin))
  },

  async create(input: { entityType: NoteEntity; entityId: number; body: string }, admin: Author) {
    await assertCanRead(admin, input.entityType)
    await assertEntityExists(input.entityType, input.entityId)
    const now = DateTime.utc().toJSDate()
    const id = await db.transaction(async (trx) => {
      const [created] = await trx.table('admin_notes').insert({
        entity_type: input.entityType,
        entity_id: input.entityId,
        body: input.body,
        author_id: admin.id,
        author_name: admin.username,
        created_at: now,
        updated_at: now,
      })
      const noteId = Number(created)
      await recordAudit(trx, {
        actor: admin.username,
        action: 'note.created',
        entityType: input.entityType,
        entityId: input.entityId,
        after: { note_id: noteId, body: input.body },
      })
      return noteId
    })
    return present(await db.from('admin_notes').where('id', id).firstOrFail(), admin)
  },

  async update(id: number, body: string, admin: Author) {
    await db.transaction(async (trx) => {
      const row = await lockedNote(trx, id, admin)
      await trx
        .from('admin_notes')
        .where('id', id)
        .update({ body, updated_at: DateTime.utc().toJSDate() })
      await recordAudit(trx, {
        actor: admin.username,
        action: 'note.updated',
        entityType: row.entity_type,
        entityId: row.entity_id,
        before: { note_id: id, body: row.body },
        after: { note_id: id, body },
      })
    })
    return present(await db.from('admin_notes').where('id', id).firstOrFail(), admin)
  },

  async remove(id: number, admin: Author) {
    await db.transaction(async (trx) => {
      const row = await lockedNote(trx, id, admin)
      await trx.from('admin_notes').where('id', id).delete()
      await recordAudit(trx, {
        actor: admin.username,
        action: 'note.deleted',
        entityType: row.entity_type,
        entityId: row.entity_id,
        before: { note_id: id, body: row.body },
      })
    })
  },

  /** An erasure: the notes of the family's members and of their migrations go with them. */
  async erase(trx: TransactionClientContract, memberIds: number[], migrationIds: number[]) {
    await trx
      .from('admin_notes')
      .where((query) => {
        query.where('entity_type', 'member').whereIn('entity_id', memberIds)
      })
      .orWhere((query) => {
        query.where('entity_type', 'migration').whereIn('entity_id', migrationIds)
      })
      .delete()
  },
}
