import db from '@adonisjs/lucid/services/db'
import { endAllSessions } from './account_sessions.js'

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null)

/**
 * A family's sign-ins, for "Download my data": the signed-in devices of `user_sessions` (a row
 * per sign-in until its logout or expiry) and the secure sign-in links issued to them.
 */
export async function memberSignInsOf(memberIds: number[]) {
  const [devices, links] = await Promise.all([
    db
      .from('user_sessions')
      .where('guard', 'member')
      .whereIn('account_id', memberIds)
      .orderBy('created_at')
      .select('account_id', 'ip', 'user_agent', 'created_at', 'last_seen_at'),
    db
      .from('migration_tokens')
      .whereIn('member_id', memberIds)
      .orderBy('id')
      .select('member_id', 'created_at', 'expires_at', 'used_at', 'revoked_at'),
  ])
  return {
    sign_ins: devices.map((row) => ({
      member_id: Number(row.account_id),
      ip: row.ip,
      user_agent: row.user_agent,
      signed_in_at: iso(row.created_at),
      last_seen_at: iso(row.last_seen_at),
    })),
    secure_links: links.map((row) => ({
      member_id: Number(row.member_id),
      issued_at: iso(row.created_at),
      expires_at: iso(row.expires_at),
      used_at: iso(row.used_at),
      revoked_at: iso(row.revoked_at),
    })),
  }
}

/** Erasure (docs/privacy.md): every session of the family ends and its device rows go. */
export async function endFamilySessions(memberIds: number[]) {
  for (const memberId of memberIds) await endAllSessions('member', memberId)
}
