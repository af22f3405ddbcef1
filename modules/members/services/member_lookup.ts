import db from '@adonisjs/lucid/services/db'
import { textKey } from '#modules/shared/index'
import Member from '../models/member.js'

/**
 * The principal whose Member ID is `memberId` compared by textKey (case, accents and
 * surrounding spaces ignored): "demo-1001" is DEMO-1001 on both databases. The rule is the
 * comparison in code; the query only narrows the candidates (MariaDB's collation with the
 * unique index, SQLite through the `fold` function config/database.ts registers).
 */
export async function findPrincipalByMemberId(memberId: string): Promise<Member | null> {
  const key = textKey(memberId)
  if (!key) return null
  const query = Member.query().where('insured_role', 'Principal')
  if (db.connection().dialect.name.includes('sqlite'))
    query.whereRaw('fold(trim(member_id)) = ?', [key])
  else query.where('member_id', memberId.trim())
  const candidates = await query.limit(5)
  return candidates.find((member) => textKey(member.member_id) === key) ?? null
}
