import db from '@adonisjs/lucid/services/db'
import { ApiError, fromCents, readCache, toCents, matchAny } from '#modules/shared/index'
import { deliveriesOf } from '#modules/notifications/index'
import { count, isoDay } from './sql_values.js'
import type { MIGRATION_SORTS, MIGRATION_TERMS } from '../validators.js'
import { termFilterOf, type TermWindow } from './term_filter.js'
import {
  MIGRATION_COLUMNS,
  installmentSchedules,
  migrationsWithSubscription,
  presentMigration,
} from './migration_rows.js'

/** Most rows one list answer carries; the newest come first (docs/backoffice.md). */
const MIGRATION_LIST_LIMIT = 500
/** Admins watching the same list share one answer this long, unless a write comes first (readCache). */
const LIST_CACHE_MS = 3000

type MigrationSort = (typeof MIGRATION_SORTS)[number]

export interface MigrationFilters {
  search?: string
  status?: string
  term?: (typeof MIGRATION_TERMS)[number]
  /** The first and last day of creation (UTC), YYYY-MM-DD. */
  from?: string
  to?: string
  limit?: number
  sort?: MigrationSort
  direction?: 'asc' | 'desc'
}

/**
 * The column behind each sortable list column, each with an index that starts with it (migrations
 * 0013, 0050, 0310), so the first 500 rows of any order are read from the index. Amounts sort by
 * their USD value: the list mixes currencies.
 */
export const SORT_COLUMNS: Record<MigrationSort, string> = {
  created_at: 'm.created_at',
  migration_reference: 'm.migration_reference',
  insured_full_name: 'm.insured_full_name',
  total_amount: 'm.total_amount_usd',
  duration_days: 'm.duration_days',
  status: 'm.status',
}

/** The day after `day` (YYYY-MM-DD), 00:00:00: the end of a range that includes `day`. */
function dayAfter(day: string) {
  const next = new Date(`${day}T00:00:00Z`)
  if (Number.isNaN(next.getTime())) throw new ApiError('Enter the date as YYYY-MM-DD', 422)
  next.setUTCDate(next.getUTCDate() + 1)
  return `${next.toISOString().slice(0, 10)} 00:00:00`
}

/** migrations m matching the list's filters: status, term, creation days, and a search over name, member ID and reference. */
export function matching(filters: MigrationFilters, window: TermWindow | null) {
  const query = db.from('migrations as m')
  if (filters.status) query.where('m.status', filters.status)
  // Read on the created_at index (0310) like the list's default order.
  if (filters.from) query.where('m.created_at', '>=', `${filters.from} 00:00:00`)
  if (filters.to) query.where('m.created_at', '<', dayAfter(filters.to))
  if (window) window.apply(query)
  const search = filters.search?.trim()
  if (search) {
    query.where((inner) =>
      matchAny(inner, ['m.insured_full_name', 'm.member_id_str', 'm.migration_reference'], search)
    )
  }
  return query
}

/** Read side of migrations for the back-office list and detail screens. */
export const migrationAdminService = {
  /** The list answer, shared by the admins asking for the same filters (listMigrations). */
  list(filters: MigrationFilters) {
    const key = JSON.stringify([
      'backoffice:migrations',
      filters.search?.trim() ?? '',
      filters.status ?? '',
      filters.term ?? '',
      filters.from ?? '',
      filters.to ?? '',
      filters.limit ?? null,
      filters.sort ?? 'created_at',
      filters.direction ?? 'desc',
    ])
    return readCache.get(key, LIST_CACHE_MS, () => listMigrations(filters))
  },

  /** One migration with its migrated members, installment plan, block state and email deliveries. */
  async find(id: number) {
    const row = await migrationsWithSubscription()
      .where('m.id', id)
      .select(MIGRATION_COLUMNS)
      .first()
    if (!row) throw new ApiError('Migration not found', 404)
    const [members, schedules, block, emailDeliveries] = await Promise.all([
      db
        .from('migration_members')
        .where('migration_id', id)
        .orderBy('id')
        .select(
          'id',
          'member_id',
          'insured_full_name',
          'insured_role',
          'member_id_str',
          'date_of_birth',
          'dhig_person_id',
          'dhig_member_id',
          'final_premium',
          'premium_currency',
          'calculated_premium'
        ),
      installmentSchedules([id]),
      db.from('migration_blocks').where('member_id', row.member_id).where('active', true).first(),
      deliveriesOf(id),
    ])
    return {
      ...presentMigration(row),
      is_blocked: Boolean(block),
      installment_schedule: schedules.get(id) ?? [],
      email_deliveries: emailDeliveries,
      selectedMembers: members.map((member) => ({
        id: member.id,
        member_db_id: member.member_id,
        insured_full_name: member.insured_full_name,
        insured_role: member.insured_role,
        member_id: member.member_id_str,
        date_of_birth: isoDay(member.date_of_birth),
        dhig_person_id: member.dhig_person_id ?? null,
        dhig_member_id: member.dhig_member_id ?? null,
        final_premium:
          member.final_premium === null ? null : fromCents(toCents(member.final_premium)),
        premium_currency: member.premium_currency ?? null,
        calculated_premium: fromCents(toCents(member.calculated_premium)),
      })),
    }
  },
}

/**
 * Newest first unless another sort is asked (then by that column, ties by id), filtered. The page's ids come from the list index alone
 * (it holds every filtered column), then only those rows are read: a
 * rare search no longer reads the whole table in date order. The total
 * counts a status's entries of (status, name, member ID, reference), or
 * the list index without a status.
 */
async function listMigrations(filters: MigrationFilters) {
  const limit = Math.min(filters.limit ?? MIGRATION_LIST_LIMIT, MIGRATION_LIST_LIMIT)
  const column = SORT_COLUMNS[filters.sort ?? 'created_at']
  const direction = filters.direction ?? 'desc'
  const window = filters.term ? await termFilterOf(filters.term) : null
  const page = matching(filters, window)
    .select('m.id')
    .orderBy(column, direction)
    .orderBy('m.id', direction)
    .limit(limit)
  const [rows, totals] = await Promise.all([
    migrationsWithSubscription(page)
      .select(MIGRATION_COLUMNS)
      .orderBy(column, direction)
      .orderBy('m.id', direction),
    matching(filters, window).count('* as total'),
  ])
  return { migrations: rows.map(presentMigration), total: count(totals[0]?.total) }
}
