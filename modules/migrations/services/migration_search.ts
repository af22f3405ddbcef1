import { Type, type Static } from '@sinclair/typebox'
import db from '@adonisjs/lucid/services/db'
import { startsWith } from '#modules/shared/index'

/** A migration found by the app bar's search: its reference, member and status. */
export const MigrationSearchHit = Type.Object(
  {
    id: Type.Number(),
    migration_reference: Type.String(),
    insured_full_name: Type.String(),
    member_id_str: Type.String(),
    status: Type.String(),
  },
  { $id: 'MigrationSearchHit' }
)
export type MigrationSearchHit = Static<typeof MigrationSearchHit>

/**
 * Migrations whose reference starts with `text` (references are upper case: MIG-7KQ4-M2XP, so
 * the text is compared upper-cased), in reference order, from the unique index on the reference.
 */
export async function searchMigrations(text: string, limit: number): Promise<MigrationSearchHit[]> {
  const prefix = text.trim().toUpperCase()
  const query = db
    .from('migrations')
    .select('id', 'migration_reference', 'insured_full_name', 'member_id_str', 'status')
    .limit(limit)
  startsWith(query, 'migration_reference', prefix, true)
  const rows = await query
  return rows.map((row) => ({
    id: Number(row.id),
    migration_reference: row.migration_reference,
    insured_full_name: row.insured_full_name,
    member_id_str: row.member_id_str,
    status: row.status,
  }))
}
