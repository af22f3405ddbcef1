import { randomUUID } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import MigrationMember from '../models/migration_member.js'

/**
 * The random enrolment key of a migrated member: stored the first time (a
 * conditional UPDATE ... WHERE enrolment_key IS NULL, so two racing runs keep
 * the same one), then read back.
 */
export async function enrolmentKeyOf(migrationMemberId: number): Promise<string> {
  await MigrationMember.query()
    .where('id', migrationMemberId)
    .whereNull('enrolment_key')
    .update({ enrolment_key: randomUUID() })
  const row = await db
    .from('migration_members')
    .where('id', migrationMemberId)
    .select('enrolment_key')
    .firstOrFail()
  return row.enrolment_key
}

/**
 * Keeps the first ids the insurer gave for a migrated member: one UPDATE that
 * fills only empty columns, so a later answer never overwrites them; the
 * model is then refreshed with what is stored.
 */
export async function markMemberEnrolled(
  selection: MigrationMember,
  ids: { personId: string | null; memberId: string | null }
) {
  await MigrationMember.query()
    .where('id', selection.id)
    .update({
      dhig_person_id: db.knexRawQuery('COALESCE(dhig_person_id, ?)', [ids.personId]),
      dhig_member_id: db.knexRawQuery('COALESCE(dhig_member_id, ?)', [ids.memberId]),
    })
  await selection.refresh()
}
