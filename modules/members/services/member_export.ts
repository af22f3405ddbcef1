import db from '@adonisjs/lucid/services/db'
import type { ExportColumn, ExportSource } from '#modules/shared/index'
import type { Member } from '../api_docs.js'
import type { MEMBER_SORTS } from '../validators.js'
import { applyFilters, membersWithFigures, type MemberFilters } from './member_admin_service.js'
import { memberJson } from './member_json.js'

/**
 * The Members list as an export (docs/backoffice.md "Exports of every list"): the list's own
 * filters (applyFilters) and its order — id, or the column header it is sorted by, ties by id.
 */
export function memberExportSource(
  filters: Pick<MemberFilters, 'search' | 'role'>,
  sort: (typeof MEMBER_SORTS)[number] = 'id',
  direction: 'asc' | 'desc' = 'asc'
): ExportSource<Member> {
  return {
    async ids() {
      const rows = await applyFilters(db.from('members'), filters)
        .orderBy(`members.${sort}`, direction)
        .orderBy('members.id', direction)
        .select('members.id')
      return rows.map((row) => Number(row.id))
    },
    async rows(ids) {
      return (await membersWithFigures().whereIn('members.id', ids)).map(memberJson)
    },
    idOf: (member) => member.id,
  }
}

/** The list's columns first (Member ID … Migrations), then the census fields an operator looks up. */
export const MEMBER_EXPORT_COLUMNS: ExportColumn<Member>[] = [
  { header: 'Member ID', value: (m) => m.member_id },
  { header: 'Name', value: (m) => m.insured_full_name },
  { header: 'Role', value: (m) => m.insured_role },
  { header: 'Email', value: (m) => m.email },
  { header: 'Product', value: (m) => m.product_alias || m.product_name },
  { header: 'Status', value: (m) => m.status },
  { header: 'Migrations', value: (m) => m.completed_migrations_count },
  { header: 'Date of Birth', value: (m) => m.date_of_birth },
  { header: 'Person ID', value: (m) => m.person_id },
  { header: 'Principal Person ID', value: (m) => m.principal_person_id },
  { header: 'Plan', value: (m) => m.plan_name },
  { header: 'Policy Start', value: (m) => m.policy_start_date },
  { header: 'Policy End', value: (m) => m.policy_end_date },
  { header: 'Blocked', value: (m) => (m.is_blocked ? 'yes' : 'no') },
  { header: 'Block Reason', value: (m) => m.block_reason },
  { header: 'Created At', value: (m) => m.created_at },
]
