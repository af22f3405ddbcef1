import type { Member } from '../api_docs.js'

/** A members row as the query builder returns it (with the list's extra columns). */
export type MemberRow = Record<string, any>

/** Dates may come back as strings or Date objects depending on the driver. */
function dateOnly(value: unknown): string | null {
  if (!value) return null
  if (value instanceof Date) return value.toISOString().slice(0, 10)
  return String(value).slice(0, 10)
}

function timestamp(value: unknown): string | null {
  if (!value) return null
  if (value instanceof Date) return value.toISOString()
  return String(value)
}

/** The Member entity of admin-backoffice.md §3, plus the census links. */
export function memberJson(row: MemberRow): Member {
  return {
    id: Number(row.id),
    member_id: row.member_id,
    person_id: row.person_id ?? null,
    principal_id:
      row.principal_id === null || row.principal_id === undefined ? null : Number(row.principal_id),
    principal_person_id: row.principal_person_id ?? null,
    principal_name: row.principal_name ?? null,
    insured_full_name: row.insured_full_name,
    date_of_birth: dateOnly(row.date_of_birth),
    insured_role: row.insured_role,
    email: row.email ?? null,
    original_email: row.original_email ?? null,
    gender: row.gender ?? null,
    citizenship: row.citizenship ?? null,
    residence_country: row.residence_country ?? null,
    // The shop's language of the member: their emails and PDFs are written in it.
    language: row.language ?? null,
    status: row.status,
    product_name: row.product_name ?? null,
    product_alias: row.product_alias ?? null,
    plan_name: row.plan_name ?? null,
    policy_start_date: dateOnly(row.policy_start_date),
    policy_end_date: dateOnly(row.policy_end_date),
    dhig_person_guid: row.dhig_person_guid ?? null,
    dhig_person_id: row.dhig_person_id ?? null,
    dhig_member_id: row.dhig_member_id ?? null,
    completed_migrations_count: Number(row.completed_migrations_count ?? 0),
    // An administrator's active block: the member cannot migrate until it is lifted.
    is_blocked: Number(row.active_blocks ?? 0) > 0,
    block_reason: row.block_reason ?? null,
    created_at: timestamp(row.created_at),
  }
}
