import { userInfo } from 'node:os'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { readCache, type ExportColumn, type ExportSource } from '#modules/shared/index'
import { maskSecrets } from './masking.js'

/** Who made a change: an admin's username, or `cli:<os user>` for the CLI. */
export type Actor = string

export interface AuditInput {
  actor: Actor
  action: string
  entityType: string
  entityId?: string | number | null
  before?: Record<string, unknown> | null
  after?: Record<string, unknown> | null
}

export interface AuditEntry {
  id: number
  at: string | null
  actor: string
  action: string
  entityType: string
  entityId: string | null
  before: Record<string, unknown> | null
  after: Record<string, unknown> | null
}

export interface AuditFilters {
  entityType?: string
  entityId?: string
  actor?: string
  action?: string
  from?: string
  to?: string
  page?: number
  limit?: number
  /** A key of AUDIT_SORTS; default `at`, newest first. */
  sort?: AuditSort
  direction?: 'asc' | 'desc'
}

/** The audit log's sortable columns → their column, each with its index (migrations 0065, 0361). */
export const AUDIT_SORTS = {
  at: 'at',
  actor: 'actor',
  action: 'action',
  entityType: 'entity_type',
} as const
export type AuditSort = keyof typeof AUDIT_SORTS

const SQL_DATE_TIME = 'yyyy-MM-dd HH:mm:ss'
const AUDIT_PAGE_SIZE = 50
/** As the other back-office lists (members): a few seconds, and any write of this process drops it. */
const AUDIT_PAGE_CACHE_MS = 3000

/** The operator running the CLI. */
export function cliActor(): Actor {
  let name = process.env.USER || 'unknown'
  try {
    name = userInfo().username || name
  } catch {
    // No passwd entry for this uid (containers): the environment's USER stays.
  }
  return `cli:${name}`
}

/**
 * Of two snapshots, only the fields that differ (a create keeps all of
 * `after`, a delete all of `before`).
 */
function changedFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null
) {
  if (!before || !after) return { before, after }
  const keys = new Set([...Object.keys(before), ...Object.keys(after)])
  const changedBefore: Record<string, unknown> = {}
  const changedAfter: Record<string, unknown> = {}
  for (const key of keys) {
    if (JSON.stringify(before[key] ?? null) === JSON.stringify(after[key] ?? null)) continue
    changedBefore[key] = before[key] ?? null
    changedAfter[key] = after[key] ?? null
  }
  return { before: changedBefore, after: changedAfter }
}

const asJson = (value: unknown) =>
  value === null || value === undefined ? null : JSON.stringify(value)

/**
 * Records one audit entry with the caller's transaction, so the entry and
 * the change commit (or roll back) together. Passwords are dropped and
 * secrets masked before anything is stored.
 */
export async function recordAudit(trx: TransactionClientContract, input: AuditInput) {
  // Compared before masking, so a replaced secret still shows as changed (masked on both sides).
  const changed = changedFields(input.before ?? null, input.after ?? null)
  const masked = { before: maskSecrets(changed.before), after: maskSecrets(changed.after) }
  await trx.table('audit_entries').insert({
    at: DateTime.utc().toFormat(SQL_DATE_TIME),
    actor: input.actor.slice(0, 120),
    action: input.action,
    entity_type: input.entityType,
    entity_id:
      input.entityId === null || input.entityId === undefined ? null : String(input.entityId),
    before: asJson(masked.before),
    after: asJson(masked.after),
  })
}

function parseJson(value: unknown) {
  if (value === null || value === undefined) return null
  if (typeof value !== 'string') return value as Record<string, unknown>
  try {
    return JSON.parse(value)
  } catch {
    return null
  }
}

function isoAt(value: unknown): string | null {
  if (value instanceof Date) return DateTime.fromJSDate(value).toUTC().toISO()
  const parsed = DateTime.fromFormat(String(value), SQL_DATE_TIME, { zone: 'utc' })
  return parsed.isValid ? parsed.toISO() : null
}

function entryJson(row: Record<string, any>): AuditEntry {
  return {
    id: Number(row.id),
    at: isoAt(row.at),
    actor: row.actor,
    action: row.action,
    entityType: row.entity_type,
    entityId: row.entity_id ?? null,
    before: parseJson(row.before),
    after: parseJson(row.after),
  }
}

/** Who made a change, as a member reads it: themselves, the system, or staff (an administrator or operator, unnamed). */
function actorKind(actor: string): 'member' | 'system' | 'administrator' {
  if (actor.startsWith('member:')) return 'member'
  if (actor === 'system' || actor.startsWith('system:')) return 'system'
  return 'administrator'
}

/**
 * The audit entries about a family (its members and migrations), for "Download my data": when,
 * what was done and by whom (kind), with the values recorded before and after.
 */
export async function auditEntriesAbout(memberIds: number[], migrationIds: number[]) {
  const rows = await db
    .from('audit_entries')
    .where((query) => {
      query.where((members) =>
        members.where('entity_type', 'member').whereIn('entity_id', memberIds.map(String))
      )
      if (migrationIds.length > 0)
        query.orWhere((migrations) =>
          migrations
            .where('entity_type', 'migration')
            .whereIn('entity_id', migrationIds.map(String))
        )
    })
    .orderBy('id')
  return rows.map((row) => {
    const entry = entryJson(row)
    return {
      at: entry.at,
      action: entry.action,
      by: actorKind(entry.actor),
      entity_type: entry.entityType,
      entity_id: entry.entityId,
      before: entry.before,
      after: entry.after,
    }
  })
}

/** `from` is the first day included, `to` the last (whole UTC days). */
function filtered(filters: AuditFilters) {
  const query = db.from('audit_entries')
  if (filters.entityType) query.where('entity_type', filters.entityType)
  if (filters.entityId) query.where('entity_id', filters.entityId)
  if (filters.actor) query.where('actor', filters.actor)
  if (filters.action) query.where('action', filters.action)
  if (filters.from) query.where('at', '>=', `${filters.from} 00:00:00`)
  if (filters.to)
    query.where(
      'at',
      '<',
      DateTime.fromISO(filters.to, { zone: 'utc' }).plus({ days: 1 }).toFormat(SQL_DATE_TIME)
    )
  return query
}

const json = (value: Record<string, unknown> | null) => (value ? JSON.stringify(value) : null)

/** The audit log's export columns: the entry as the list answers it, changes as JSON text. */
export const AUDIT_EXPORT_COLUMNS: ExportColumn<AuditEntry>[] = [
  { header: 'id', value: (entry) => entry.id },
  { header: 'at', value: (entry) => entry.at },
  { header: 'actor', value: (entry) => entry.actor },
  { header: 'action', value: (entry) => entry.action },
  { header: 'entityType', value: (entry) => entry.entityType },
  { header: 'entityId', value: (entry) => entry.entityId },
  { header: 'before', value: (entry) => json(entry.before) },
  { header: 'after', value: (entry) => json(entry.after) },
]

/** The audit trail, read-only: there is deliberately no update or delete here. */
/** The list's order: the column header's sort (ascending unless told), else newest first. */
function auditOrder(filters: AuditFilters) {
  const column = AUDIT_SORTS[filters.sort ?? 'at']
  const direction = filters.direction ?? (filters.sort ? 'asc' : 'desc')
  return { column, direction }
}

export const auditLog = {
  /**
   * One page of the trail. Shared by the admins asking for the same page (readCache: for
   * AUDIT_PAGE_CACHE_MS, dropped by any write of this process), so 50 admins on page 1 cost one
   * query and one serialisation (the controller sends it with sendSharedJson).
   */
  list(filters: AuditFilters): Promise<{ entries: AuditEntry[]; total: number }> {
    const limit = filters.limit ?? AUDIT_PAGE_SIZE
    const page = filters.page ?? 1
    const { entityType, entityId, actor, action, from, to } = filters
    const { column, direction } = auditOrder(filters)
    const key = JSON.stringify([
      'audit:page',
      entityType,
      entityId,
      actor,
      action,
      from,
      to,
      page,
      limit,
      column,
      direction,
    ])
    return readCache.get(key, AUDIT_PAGE_CACHE_MS, async () => {
      const [totalRow, rows] = await Promise.all([
        filtered(filters).count('* as total').first(),
        filtered(filters)
          .orderBy(column, direction)
          .orderBy('id', direction)
          .limit(limit)
          .offset((page - 1) * limit),
      ])
      return { entries: rows.map(entryJson), total: Number(totalRow?.total ?? 0) }
    })
  },

  /** Every entry of the list's filters, in the list's order (newest first by default): the list as an export. */
  exportSource(filters: AuditFilters): ExportSource<AuditEntry> {
    const { column, direction } = auditOrder(filters)
    return {
      ids: async () =>
        (
          await filtered(filters).orderBy(column, direction).orderBy('id', direction).select('id')
        ).map((row) => Number(row.id)),
      rows: async (ids) => (await db.from('audit_entries').whereIn('id', ids)).map(entryJson),
      idOf: (entry) => entry.id,
    }
  },

  /** Entries since a day (oldest first), in batches by id, so a large export stays flat in memory. */
  async *since(
    from: string | undefined,
    batchSize = 500
  ): AsyncGenerator<{ entries: AuditEntry[]; total: number }> {
    const total = Number((await filtered({ from }).count('* as total').first())?.total ?? 0)
    let lastId = 0
    for (;;) {
      const rows = await filtered({ from })
        .where('id', '>', lastId)
        .orderBy('id', 'asc')
        .limit(batchSize)
      if (rows.length === 0) return
      lastId = Number(rows[rows.length - 1].id)
      yield { entries: rows.map(entryJson), total }
    }
  },
}
