import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { Member } from '#modules/members/index'
import { ISSUE_BATCH, migrationTokenService, tokenExpirationDays } from '#modules/auth/index'
import { ApiError, bulkPause, matchAny, readCache } from '#modules/shared/index'
import type { Actor } from '#modules/audit/index'
import { count, isoDateTime, isoDay, sqlDateTime } from './sql_values.js'
import { unmigratedPrincipals } from './unmigrated_scope.js'
import { secureLink, secureLinks } from './secure_link.js'

/** Most rows one list answer carries (admin-backoffice.md §9). */
const UNMIGRATED_LIST_LIMIT = 10_000
/** Admins on the same search share one answer this long, unless a write comes first (readCache). */
const LIST_CACHE_MS = 3000

const NOT_ELIGIBLE =
  'Secure links are only issued to principal members who have not migrated and whose product is enabled'

function filtered(search?: string) {
  const query = unmigratedPrincipals()
  const text = search?.trim()
  if (text) {
    query.where((inner) =>
      matchAny(inner, ['mb.insured_full_name', 'mb.member_id', 'mb.email'], text)
    )
  }
  return query
}

/** An administrator's active block on the member (mb): a blocked member is never invited nor given a link. */
function activeBlock() {
  return db
    .from('migration_blocks as b')
    .select(db.raw('1'))
    .whereColumn('b.member_id', 'mb.id')
    .where('b.active', true)
}

/** 1 when the member (mb) has an active block, as a select column. */
const blockedColumn = () =>
  db.raw(
    '(select count(*) from migration_blocks b where b.member_id = mb.id and b.active = ?) as is_blocked',
    [true]
  )

const BLOCKED = 'This member is blocked from migrating: lift the block in Members first'

/** A member's still usable tokens, as a correlated subquery: `max` of one of their columns. */
function usableToken(column: 'expires_at' | 'created_at', as: string) {
  return db
    .from('migration_tokens as t')
    .max(`t.${column}`)
    .whereColumn('t.member_id', 'mb.id')
    .whereNull('t.used_at')
    .whereNull('t.revoked_at')
    .where('t.expires_at', '>', sqlDateTime(DateTime.now()))
    .as(as)
}

/** When the member was last invited (latest invitation email), as a correlated subquery. */
function invitedAt() {
  return db
    .from('email_deliveries as inv')
    .max('inv.created_at')
    .whereColumn('inv.member_id', 'mb.id')
    .where('inv.email_type', 'migration_invitation')
    .as('invited_at')
}

/** Follow-up reminders sent (both reasons). */
function remindersSent() {
  return db
    .from('invitation_reminders as r')
    .count('*')
    .whereColumn('r.member_id', 'mb.id')
    .where('r.status', 'sent')
    .as('reminders_sent')
}

/** Status of the latest invitation or reminder email. */
function lastDeliveryStatus() {
  return db
    .from('email_deliveries as ld')
    .select('ld.status')
    .whereColumn('ld.member_id', 'mb.id')
    .whereIn('ld.email_type', [
      'migration_invitation',
      'invitation_reminder',
      'link_expiry_reminder',
    ])
    .orderBy('ld.id', 'desc')
    .limit(1)
    .as('last_delivery_status')
}

export interface IssuedLink {
  memberId: number
  token: string
  secureLink: string
  expiresAt: string
}

async function issueLink(member: Member, actor: Actor): Promise<IssuedLink> {
  const { token, expiresAt } = await migrationTokenService.issue(member, {
    actor,
    action: 'token.generate',
  })
  return {
    memberId: member.id,
    token,
    secureLink: await secureLink(token),
    expiresAt: expiresAt.toUTC().toISO()!, // a valid DateTime (now plus days) always has one
  }
}

/** A link issued in bulk, with what the CLI's CSV shows of its member. */
interface MemberLink extends IssuedLink {
  member_id: string
  insured_full_name: string
  email: string | null
}

/** One batch of issueLinksInBatches: its links, the members refused (with why), and the progress. */
interface LinkBatch {
  links: MemberLink[]
  refused: { memberId: number; member_id: string | null; reason: string }[]
  done: number
  total: number
}

/** Why a member of the batch gets no link: blocked (409), not eligible (409) or unknown (404). */
async function refusals(ids: number[], issued: Set<number>, blocked: Set<number>) {
  const missing = ids.filter((id) => !issued.has(id))
  if (missing.length === 0) return []
  const known = new Map(
    (await db.from('members').whereIn('id', missing).select('id', 'member_id')).map((row) => [
      Number(row.id),
      String(row.member_id),
    ])
  )
  return missing.map((memberId) => ({
    memberId,
    member_id: known.get(memberId) ?? null,
    reason: blocked.has(memberId)
      ? BLOCKED
      : known.has(memberId)
        ? NOT_ELIGIBLE
        : 'Member not found',
  }))
}

/**
 * Links for the eligible members among `ids` (one batch: one transaction, issueMany), with the
 * refusals of the others.
 */
async function issueBatch(ids: number[], actor: Actor, linkOf: (token: string) => string) {
  // Plain rows, not models: 1,000 Member models a batch cost more than issuing their links.
  const members = await unmigratedPrincipals()
    .whereIn('mb.id', ids)
    .whereNotExists(activeBlock())
    .select('mb.id', 'mb.member_id', 'mb.insured_full_name', 'mb.email')
  const byId = new Map(members.map((member) => [Number(member.id), member]))
  // Why the others get none: asked only when there are others (not for --all's batches).
  const blocked = byId.size < ids.length ? await unmigratedUsersService.blockedMembers(ids) : []
  const issued = await migrationTokenService.issueMany([...byId.keys()], {
    actor,
    action: 'token.generate',
  })
  const links: MemberLink[] = issued.map(({ memberId, token, expiresAt }) => {
    const member = byId.get(memberId)!
    return {
      memberId,
      token,
      secureLink: linkOf(token),
      expiresAt: expiresAt.toUTC().toISO()!, // a valid DateTime (now plus days) always has one
      member_id: member.member_id,
      insured_full_name: member.insured_full_name,
      email: member.email ?? null,
    }
  })
  // In the order asked for (the CLI writes its CSV so).
  const order = new Map(ids.map((id, index) => [id, index]))
  links.sort((a, b) => order.get(a.memberId)! - order.get(b.memberId)!)
  return {
    links,
    refused: await refusals(ids, new Set(byId.keys()), new Set(blocked)),
  }
}

/** The Unmigrated Users list: principals who have not migrated, by name, with their links' and invitations' state. */
async function unmigratedList(search: string | undefined, limit: number) {
  const [rows, totals] = await Promise.all([
    filtered(search)
      .select(
        'mb.id',
        'mb.member_id',
        'mb.insured_full_name',
        'mb.email',
        'mb.date_of_birth',
        'mb.product_name',
        'mb.plan_name',
        'mb.policy_start_date',
        'mb.policy_end_date',
        usableToken('expires_at', 'token_expires_at'),
        usableToken('created_at', 'token_issued_at')
      )
      .select(invitedAt(), remindersSent(), lastDeliveryStatus())
      .select(blockedColumn())
      .orderBy('mb.insured_full_name')
      .orderBy('mb.id')
      .limit(limit),
    filtered(search).count('* as total'),
  ])
  return {
    users: rows.map((row) => ({
      id: row.id,
      member_id: row.member_id,
      insured_full_name: row.insured_full_name,
      email: row.email ?? null,
      date_of_birth: isoDay(row.date_of_birth),
      product_name: row.product_name ?? null,
      plan_name: row.plan_name ?? null,
      policy_start_date: isoDay(row.policy_start_date),
      policy_end_date: isoDay(row.policy_end_date),
      token: null,
      has_valid_token: Boolean(row.token_expires_at),
      token_expires_at: isoDateTime(row.token_expires_at),
      invited_at: isoDateTime(row.invited_at),
      reminders_sent: count(row.reminders_sent),
      last_delivery_status: row.last_delivery_status ?? null,
      // When the usable link was issued (and possibly emailed): copying replaces it.
      token_issued_at: isoDateTime(row.token_issued_at),
      is_blocked: Boolean(Number(row.is_blocked)),
    })),
    total: count(totals[0]?.total),
  }
}

/**
 * Principals who have not migrated (admin-backoffice.md, Unmigrated Users)
 * and their secure links. Only token hashes are stored, so a link can be
 * shown only in the answer that generated it (docs/backoffice.md).
 */
export const unmigratedUsersService = {
  /**
   * Up to 10,000 rows with five figures each: admins asking for the same search share one answer
   * for a few seconds (readCache; any write of this process, such as issuing a link, drops it).
   */
  list(filters: { search?: string; limit?: number }) {
    const limit = Math.min(filters.limit ?? UNMIGRATED_LIST_LIMIT, UNMIGRATED_LIST_LIMIT)
    const key = JSON.stringify(['backoffice:unmigrated', filters.search?.trim() ?? '', limit])
    return readCache.get(key, LIST_CACHE_MS, () => unmigratedList(filters.search, limit))
  },

  /**
   * The eligible members among some ids (principal, not migrated, product enabled), in id order.
   * Read ISSUE_BATCH ids at a time: one IN list of 100,000 (`invitations send --all-pending
   * --dry-run`) passed SQLite's limit of 32,766 bound values.
   */
  async eligibleMembers(memberIds: number[]): Promise<Member[]> {
    const ids = [...new Set(memberIds)].sort((a, b) => a - b)
    const members: Member[] = []
    for (let start = 0; start < ids.length; start += ISSUE_BATCH) {
      const rows = await unmigratedPrincipals()
        .whereIn('mb.id', ids.slice(start, start + ISSUE_BATCH))
        .whereNotExists(activeBlock())
        .select('mb.id')
      if (rows.length === 0) continue
      members.push(
        ...(await Member.query()
          .whereIn(
            'id',
            rows.map((row) => row.id)
          )
          .orderBy('id'))
      )
    }
    return members
  },

  /** The ids of every member who may get a link or an invitation (eligibleMembers' rule), in one query. */
  async eligibleIds(): Promise<number[]> {
    const rows = await unmigratedPrincipals()
      .whereNotExists(activeBlock())
      .orderBy('mb.id')
      .select('mb.id')
    return rows.map((row) => Number(row.id))
  },

  /** The unmigrated principals among some ids who are blocked (and so skipped). */
  async blockedMembers(memberIds: number[]): Promise<number[]> {
    if (memberIds.length === 0) return []
    const rows = await unmigratedPrincipals()
      .whereIn('mb.id', memberIds)
      .whereExists(activeBlock())
      .select('mb.id')
    return rows.map((row) => Number(row.id))
  },

  /** A fresh secure link for one member; older links of that member stop working. */
  async generateToken(memberId: number, actor: Actor): Promise<IssuedLink> {
    const [member] = await this.eligibleMembers([memberId])
    if (!member) {
      if ((await this.blockedMembers([memberId])).length) throw new ApiError(BLOCKED, 409)
      const exists = await Member.find(memberId)
      throw new ApiError(exists ? NOT_ELIGIBLE : 'Member not found', exists ? 409 : 404)
    }
    return issueLink(member, actor)
  },

  /**
   * Links for exactly what the screen acts on (docs/backoffice.md): the selected members
   * (`memberIds`), else the members the list shows for `search` (its order and 10,000 limit);
   * of those, only who has no usable link yet and is not blocked.
   */
  async generateBulkTokens(
    actor: Actor,
    scope: { search?: string; memberIds?: number[] } = {}
  ): Promise<{ count: number; blocked: number; expirationDays: number; links: IssuedLink[] }> {
    const query = scope.memberIds
      ? unmigratedPrincipals().whereIn('mb.id', scope.memberIds)
      : filtered(scope.search)
          .orderBy('mb.insured_full_name')
          .orderBy('mb.id')
          .limit(UNMIGRATED_LIST_LIMIT)
    const rows = await query
      .select('mb.id', usableToken('expires_at', 'token_expires_at'))
      .select(blockedColumn())
    const blocked = rows.filter((row) => !row.token_expires_at && Number(row.is_blocked)).length
    const ids = rows
      .filter((row) => !row.token_expires_at && !Number(row.is_blocked))
      .map((row) => row.id)
    const links: IssuedLink[] = []
    await this.issueLinksInBatches(ids, actor, async (batch) => {
      for (const { memberId, token, secureLink: link, expiresAt } of batch.links)
        links.push({ memberId, token, secureLink: link, expiresAt })
    })
    return { count: links.length, blocked, expirationDays: await tokenExpirationDays(), links }
  },

  /**
   * Links for many members, set-based: batches of ISSUE_BATCH members, each one
   * transaction (older links revoked by one UPDATE, the new ones in one INSERT, one audit entry
   * with the batch's count and members), then `onBatch` (awaited: the CLI writes and syncs its
   * file there), then a pause so the server's own writes get in (bulkPause). `onBatch` answering
   * false stops before the next batch: every link issued has been handed to it.
   * Members not eligible (blocked, migrated, product disabled, unknown) are in `refused`.
   */
  async issueLinksInBatches(
    memberIds: number[],
    actor: Actor,
    onBatch: (batch: LinkBatch) => Promise<boolean | void>
  ): Promise<{ issued: number; refused: number }> {
    const linkOf = await secureLinks()
    const totals = { issued: 0, refused: 0 }
    for (let start = 0; start < memberIds.length; start += ISSUE_BATCH) {
      const ids = memberIds.slice(start, start + ISSUE_BATCH)
      const { links, refused } = await issueBatch(ids, actor, linkOf)
      totals.issued += links.length
      totals.refused += refused.length
      const more = await onBatch({
        links,
        refused,
        done: Math.min(start + ISSUE_BATCH, memberIds.length),
        total: memberIds.length,
      })
      if (more === false) break
      if (start + ISSUE_BATCH < memberIds.length) await bulkPause(db.connection())
    }
    return totals
  },
}
