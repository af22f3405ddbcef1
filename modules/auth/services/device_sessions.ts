import { randomBytes } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import type { HttpContext } from '@adonisjs/core/http'
import { deviceLabel } from './device_label.js'

export type DeviceGuard = 'admin' | 'member'

/** last_seen_at is written at most this often per device: one read per request, few writes. */
const LAST_SEEN_EVERY_MS = 60 * 1000

export interface DeviceSession {
  id: string
  device: string
  ip: string
  signed_in_at: string
  last_seen_at: string
  current: boolean
}

const iso = (value: Date | string) => new Date(value).toISOString()

/**
 * Records a new signed-in device (one row of `user_sessions`) and returns its id, which the
 * session keeps (session_guards.ts).
 */
export async function openDeviceSession(
  ctx: HttpContext,
  guard: DeviceGuard,
  accountId: number,
  sessionVersion: number
) {
  const id = randomBytes(24).toString('hex')
  const now = new Date()
  await db.table('user_sessions').insert({
    id,
    guard,
    account_id: accountId,
    session_version: sessionVersion,
    ip: ctx.request.ip().slice(0, 64),
    user_agent: (ctx.request.header('user-agent') ?? '').slice(0, 512),
    created_at: now,
    last_seen_at: now,
  })
  return id
}

/**
 * True while the device's row exists for this account; moves its last_seen_at on (at most once
 * a minute). A row deleted by a logout or "Sign out this one" ends this device only.
 */
export async function deviceSessionIsOpen(id: unknown, guard: DeviceGuard, accountId: number) {
  if (typeof id !== 'string') return false
  const row = await db
    .from('user_sessions')
    .where({ id, guard, account_id: accountId })
    .select('last_seen_at')
    .first()
  if (!row) return false
  const now = new Date()
  if (now.getTime() - new Date(row.last_seen_at).getTime() >= LAST_SEEN_EVERY_MS) {
    await db.from('user_sessions').where('id', id).update({ last_seen_at: now })
  }
  return true
}

/** Ends one device of an account; false when the id is not one of its open devices. */
export async function closeDeviceSession(id: string, guard: DeviceGuard, accountId: number) {
  return (
    Number(await db.from('user_sessions').where({ id, guard, account_id: accountId }).delete()) > 0
  )
}

/** Forgets every device row of an account (its sessions are ended by session_version: account_sessions.ts). */
export async function closeAllDeviceSessions(guard: DeviceGuard, accountId: number) {
  await db.from('user_sessions').where({ guard, account_id: accountId }).delete()
}

/**
 * The account's active devices, newest activity first: rows of its current session_version
 * seen within the idle limit (older ones were ended all at once or timed out).
 */
export async function listDeviceSessions(
  guard: DeviceGuard,
  accountId: number,
  sessionVersion: number,
  idleLimitMs: number,
  currentId: unknown
): Promise<DeviceSession[]> {
  const rows = await db
    .from('user_sessions')
    .where({ guard, account_id: accountId, session_version: sessionVersion })
    .where('last_seen_at', '>', new Date(Date.now() - idleLimitMs))
    .orderBy('last_seen_at', 'desc')
    .orderBy('id', 'asc')
    .select('id', 'ip', 'user_agent', 'created_at', 'last_seen_at')
  return rows.map((row) => ({
    id: row.id,
    device: deviceLabel(row.user_agent),
    ip: row.ip,
    signed_in_at: iso(row.created_at),
    last_seen_at: iso(row.last_seen_at),
    current: row.id === currentId,
  }))
}

/** Deletes rows not seen for `olderThanMs` (the session sweeper's second table). */
export async function sweepDeviceSessions(olderThanMs: number) {
  return Number(
    await db
      .from('user_sessions')
      .where('last_seen_at', '<', new Date(Date.now() - olderThanMs))
      .delete()
  )
}
