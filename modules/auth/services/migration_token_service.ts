import { createHash, randomBytes } from 'node:crypto'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { Member } from '#modules/members/index'
import { settingsService } from '#modules/settings/index'
import { ApiError } from '#modules/shared/index'
import { recordAudit, type Actor } from '#modules/audit/index'
import MigrationToken from '../models/migration_token.js'
import { throttledAttempt } from './login_throttle.js'
import { assertProductEnabled } from './member_login_service.js'

const INVALID_LINK =
  'This secure link is invalid or has expired. Please sign in with your member ID and date of birth.'
const WRONG_YEAR = 'The birth year does not match our records'
const MAX_WRONG_YEARS = 5

const now = () => DateTime.now().toSQL({ includeOffset: false })
const SQL_DATE_TIME = 'yyyy-MM-dd HH:mm:ss'

/** Members per transaction when links are issued in bulk (issueMany). */
export const ISSUE_BATCH = 1000
const affected = (result: unknown) => Number(Array.isArray(result) ? result[0] : result)

/** Takes one of a live link's tries in a single atomic UPDATE; false when none is left. */
async function takeAttempt(tokenId: number): Promise<boolean> {
  const updated = await MigrationToken.query()
    .where('id', tokenId)
    .whereNull('used_at')
    .whereNull('revoked_at')
    .where('failed_attempts', '<', MAX_WRONG_YEARS)
    .increment('failed_attempts', 1)
  return affected(updated) === 1
}

/** After a wrong year: the link dies once its tries are used up. True when it is dead. */
async function revokeIfExhausted(tokenId: number): Promise<boolean> {
  await MigrationToken.query()
    .where('id', tokenId)
    .whereNull('revoked_at')
    .where('failed_attempts', '>=', MAX_WRONG_YEARS)
    .update({ revoked_at: now() })
  const token = await MigrationToken.find(tokenId)
  return !token || token.failed_attempts >= MAX_WRONG_YEARS
}

export function hashToken(token: string) {
  return createHash('sha256').update(token).digest('hex')
}

export async function tokenExpirationDays(): Promise<number> {
  return settingsService.getNumber('TOKEN_EXPIRATION_DAYS', 14)
}

/**
 * Secure-link tokens (decisions.md §3): 32 random bytes, stored as a
 * SHA-256 hash, single use, bound to one member, expiring after the
 * configured days. A new token revokes the member's older ones.
 */
export const migrationTokenService = {
  /** With `audit`, an administrator's or operator's issue: its entry commits with the token (never the token itself). */
  async issue(
    member: Member,
    audit?: { actor: Actor; action: string }
  ): Promise<{ token: string; expiresAt: DateTime }> {
    const token = randomBytes(32).toString('base64url')
    const expiresAt = DateTime.now().plus({ days: await tokenExpirationDays() })
    await db.transaction(async (trx) => {
      await MigrationToken.query({ client: trx })
        .where('member_id', member.id)
        .whereNull('used_at')
        .whereNull('revoked_at')
        .update({ revoked_at: now() })
      await MigrationToken.create(
        {
          member_id: member.id,
          token_hash: hashToken(token),
          expires_at: expiresAt,
          failed_attempts: 0,
        },
        { client: trx }
      )
      if (audit)
        await recordAudit(trx, {
          ...audit,
          entityType: 'member',
          entityId: member.id,
          after: { link_expires_at: expiresAt.toUTC().toISO() },
        })
    })
    return { token, expiresAt }
  },

  /**
   * Links for many members at once, set-based in one transaction: the members'
   * usable older links revoked by one UPDATE, the new rows in one multi-row INSERT, and one
   * audit entry for the batch with its count and members (never the tokens). Callers pass
   * batches of about ISSUE_BATCH members (one transaction each) and pause between them.
   * With `client`, in the caller's transaction (an invitation batch records its emails with
   * them); `extra` is added to the audit entry's after. `oneMemberEntry`: a batch of one member is
   * recorded on that member (as issue() does), so its history shows it. `expirationDays`, read by
   * the caller before its transaction: on SQLite's one connection a read outside it would wait.
   */
  async issueMany(
    memberIds: number[],
    audit: {
      actor: Actor
      action: string
      extra?: Record<string, unknown>
      oneMemberEntry?: boolean
    },
    client?: TransactionClientContract,
    expirationDays?: number
  ): Promise<{ memberId: number; token: string; expiresAt: DateTime }[]> {
    const ids = [...new Set(memberIds)]
    if (ids.length === 0) return []
    const days = expirationDays ?? (await tokenExpirationDays())
    const expiresAt = DateTime.now().plus({ days })
    const issued = ids.map((memberId) => ({
      memberId,
      token: randomBytes(32).toString('base64url'),
      expiresAt,
    }))
    // The shape every reader of these columns parses and compares (UTC 'yyyy-MM-dd HH:mm:ss', as
    // the list's usable-link subquery does): milliseconds made the list show no expiry.
    const stamp = DateTime.now().toUTC().toFormat(SQL_DATE_TIME)
    const expires = expiresAt.toUTC().toFormat(SQL_DATE_TIME)
    const write = async (trx: TransactionClientContract) => {
      await trx
        .from('migration_tokens')
        .whereIn('member_id', ids)
        .whereNull('used_at')
        .whereNull('revoked_at')
        .update({ revoked_at: stamp })
      // One multi-row INSERT (knex's multiInsert writes a compound SELECT on SQLite, which
      // refuses more than 500 rows): 5 placeholders a row, far under either database's limit.
      await trx.rawQuery(
        `insert into migration_tokens (member_id, token_hash, expires_at, failed_attempts, created_at) values ${issued.map(() => '(?, ?, ?, 0, ?)').join(', ')}`,
        issued.flatMap((link) => [link.memberId, hashToken(link.token), expires, stamp])
      )
      await recordAudit(trx, {
        actor: audit.actor,
        action: audit.action,
        ...(audit.oneMemberEntry && ids.length === 1
          ? { entityType: 'member', entityId: ids[0] }
          : { entityType: 'members', entityId: null }),
        after: {
          count: ids.length,
          member_ids: ids,
          link_expires_at: expiresAt.toUTC().toISO(),
          ...audit.extra,
        },
      })
    }
    if (client) await write(client)
    else await db.transaction(write)
    return issued
  },

  /** Signs a member in with a token and birth year; the token is used up on success. */
  async redeem(token: string, birthYear: number, ip: string): Promise<Member> {
    const record = await MigrationToken.findBy('token_hash', hashToken(token))
    const member = record?.isUsable ? await Member.find(record.member_id) : null
    // decisions.md §3: failures count per member ID (shared with the ID + date
    // sign-in) and per IP; a link that names nobody counts against the IP only.
    if (!record || !member)
      return throttledAttempt(null, ip, () => Promise.reject(new ApiError(INVALID_LINK, 401)))

    return throttledAttempt(`member_${member.member_id}`, ip, async () => {
      // Count the attempt before judging it: one conditional UPDATE takes one of
      // the link's 5 tries, so simultaneous guesses cannot all read "0 used".
      if (!(await takeAttempt(record.id))) throw new ApiError(INVALID_LINK, 401)
      if (member.date_of_birth.year !== birthYear) {
        const revoked = await revokeIfExhausted(record.id)
        throw new ApiError(revoked ? INVALID_LINK : WRONG_YEAR, 401)
      }
      await assertProductEnabled(member)
      // Single use: only the request that flips used_at wins.
      const updated = await MigrationToken.query()
        .where('id', record.id)
        .whereNull('used_at')
        .update({ used_at: now() })
      if (affected(updated) !== 1) throw new ApiError(INVALID_LINK, 401)
      return member
    })
  },
}
