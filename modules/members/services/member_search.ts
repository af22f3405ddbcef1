import { Type, type Static } from '@sinclair/typebox'
import db from '@adonisjs/lucid/services/db'
import { Nullable } from '#modules/api_contract/index'
import { startsWith } from '#modules/shared/index'

/** A member found by the app bar's search: what its result line shows and opens. */
export const MemberSearchHit = Type.Object(
  {
    id: Type.Number(),
    member_id: Type.String(),
    insured_full_name: Type.String(),
    email: Nullable(Type.String()),
    insured_role: Type.String(),
    matched: Type.Union([Type.Literal('member_id'), Type.Literal('name'), Type.Literal('email')], {
      description: 'Which field starts with the search text',
    }),
  },
  { $id: 'MemberSearchHit' }
)
export type MemberSearchHit = Static<typeof MemberSearchHit>

const FIELDS = [
  ['member_id', 'member_id'],
  ['name', 'insured_full_name'],
  ['email', 'email'],
] as const

/**
 * Members whose member ID, name or email starts with `text` (case and accents ignored), at most
 * `limit`: each field one read of its own index in its order (no OR over three indexes, which a
 * planner may answer with a scan), member ID matches first, then names, then emails.
 */
export async function searchMembers(text: string, limit: number): Promise<MemberSearchHit[]> {
  const found = new Map<number, MemberSearchHit>()
  for (const [matched, column] of FIELDS) {
    if (found.size >= limit) break
    const query = db
      .from('members')
      .select('id', 'member_id', 'insured_full_name', 'email', 'insured_role')
      .limit(limit)
    startsWith(query, column, text)
    for (const row of await query) {
      if (found.size >= limit || found.has(Number(row.id))) continue
      found.set(Number(row.id), {
        id: Number(row.id),
        member_id: row.member_id,
        insured_full_name: row.insured_full_name,
        email: row.email ?? null,
        insured_role: row.insured_role,
        matched,
      })
    }
  }
  return [...found.values()]
}
