import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { ISSUE_BATCH } from '#modules/auth/index'
import { bulkPause, insertRows } from '#modules/shared/index'
import { settingsService } from '#modules/settings/index'
import type { EmailTemplateType } from '#modules/notifications/index'
import type { Actor } from '#modules/audit/index'
import { sqlDateTime } from './sql_values.js'
import { batchLetter } from './migration_invitation_service.js'
import {
  INVITATION_EMAILS,
  inviteeRows,
  reachablePrincipals,
  sendLinkBatch,
  type InviteeRow,
} from './invitation_batches.js'

/** Why a member gets a reminder: no migration N days after the invitation, or a link about to expire. */
type ReminderReason = 'not_migrated' | 'link_expiring'

const TEMPLATE: Record<ReminderReason, EmailTemplateType> = {
  not_migrated: 'invitation_reminder',
  link_expiring: 'link_expiry_reminder',
}

export interface DueReminder {
  memberId: number
  reason: ReminderReason
}

export interface ReminderRun {
  due: {
    member_id: string
    insured_full_name: string
    email: string | null
    reason: ReminderReason
  }[]
  sent: number
  failed: number
  skipped: number
  errors: string[]
}

async function reminderSettings() {
  return {
    afterDays: await settingsService.getNumber('INVITATION_REMINDER_DAYS', 7),
    maxReminders: await settingsService.getNumber('INVITATION_MAX_REMINDERS', 2),
    expiryDays: await settingsService.getNumber('LINK_EXPIRY_REMINDER_DAYS', 2),
  }
}

/**
 * Who is due at `now`: invited members whose last invitation email (or
 * reminder) was sent at least INVITATION_REMINDER_DAYS ago and who got
 * fewer than INVITATION_MAX_REMINDERS reminders; then members whose usable
 * link expires within LINK_EXPIRY_REMINDER_DAYS (unless already due: the
 * first reminder brings a fresh link anyway).
 */
async function dueReminders(now: DateTime): Promise<DueReminder[]> {
  const { afterDays, maxReminders, expiryDays } = await reminderSettings()
  const due: DueReminder[] = []
  if (afterDays > 0 && maxReminders > 0) {
    const rows = await reachablePrincipals()
      .whereExists((sub) => {
        sub
          .from('email_deliveries as inv')
          .whereColumn('inv.member_id', 'mb.id')
          .where('inv.email_type', 'migration_invitation')
          .where('inv.status', 'sent')
      })
      .whereNotExists((sub) => {
        sub
          .from('email_deliveries as d')
          .whereColumn('d.member_id', 'mb.id')
          .whereIn('d.email_type', INVITATION_EMAILS)
          .where('d.status', 'sent')
          .where('d.created_at', '>', sqlDateTime(now.minus({ days: afterDays })))
      })
      .whereRaw(
        `(select count(*) from invitation_reminders r where r.member_id = mb.id and r.reason = ? and r.status = ?) < ?`,
        ['not_migrated', 'sent', maxReminders]
      )
      .select('mb.id')
      .orderBy('mb.id')
    for (const row of rows) due.push({ memberId: row.id, reason: 'not_migrated' })
  }
  if (expiryDays > 0) {
    const already = new Set(due.map((entry) => entry.memberId))
    const rows = await reachablePrincipals()
      .whereExists((sub) => {
        sub
          .from('migration_tokens as t')
          .whereColumn('t.member_id', 'mb.id')
          .whereNull('t.used_at')
          .whereNull('t.revoked_at')
          .where('t.expires_at', '>', sqlDateTime(now))
          .where('t.expires_at', '<=', sqlDateTime(now.plus({ days: expiryDays })))
      })
      .select('mb.id')
      .orderBy('mb.id')
    for (const row of rows)
      if (!already.has(row.id)) due.push({ memberId: row.id, reason: 'link_expiring' })
  }
  return due
}

/**
 * The claim of sendLinkBatch for reminders: takes the (member, reason, day) slots still free
 * among `memberIds` in one multi-row INSERT (under the batch's member locks, so a simultaneous
 * run waits and then finds them taken); answers the members who got theirs, `slots` their ids.
 */
function claimSlots(
  reasonOf: Map<number, ReminderReason>,
  day: string,
  slots: Map<number, number>
) {
  return async (trx: TransactionClientContract, memberIds: number[]) => {
    const taken = new Set(
      (
        await trx
          .from('invitation_reminders')
          .whereIn('member_id', memberIds)
          .where('day', day)
          .select('member_id', 'reason')
      ).map((row) => `${row.member_id}:${row.reason}`)
    )
    const free = memberIds.filter((id) => !taken.has(`${id}:${reasonOf.get(id)}`))
    const stamp = sqlDateTime(DateTime.utc())
    await insertRows(
      trx,
      'invitation_reminders',
      ['member_id', 'reason', 'day', 'status', 'created_at'],
      free.map((id) => [id, reasonOf.get(id), day, 'sending', stamp])
    )
    if (free.length > 0)
      for (const row of await trx
        .from('invitation_reminders')
        .whereIn('member_id', free)
        .where('day', day)
        .where('status', 'sending')
        .select('id', 'member_id', 'reason'))
        if (reasonOf.get(Number(row.member_id)) === row.reason)
          slots.set(Number(row.member_id), Number(row.id))
    return free
  }
}

/**
 * Follow-up invitations (docs/operations.md): the scheduled task and
 * `invitations remind` both call run(). Each reminder carries a fresh
 * secure link (the member's older links stop working once it is sent).
 * Set-based as the invitations (sendLinkBatch): batches of ISSUE_BATCH
 * members, each day's slots taken in one INSERT, `onBatch` after each
 * (false stops before the next: the CLI's Ctrl-C).
 */
export const invitationReminders = {
  async run(options: {
    actor: Actor
    now?: DateTime
    dryRun?: boolean
    onBatch?: (progress: { sent: number; done: number; total: number }) => Promise<boolean | void>
  }): Promise<ReminderRun> {
    const now = options.now ?? DateTime.utc()
    const due = await dueReminders(now)
    // Read a batch at a time: one IN list of every due member passed SQLite's limit of bound
    // values (32,766) at 100,000 members.
    const rows = new Map<number, InviteeRow>()
    for (let start = 0; start < due.length; start += ISSUE_BATCH)
      for (const row of await inviteeRows(
        due.slice(start, start + ISSUE_BATCH).map((entry) => entry.memberId)
      ))
        rows.set(row.id, row)
    const result: ReminderRun = { due: [], sent: 0, failed: 0, skipped: 0, errors: [] }
    const present = due.filter((entry) => rows.has(entry.memberId))
    for (const entry of present) {
      const row = rows.get(entry.memberId)!
      result.due.push({
        member_id: row.member_id,
        insured_full_name: row.insured_full_name,
        email: row.email ?? null,
        reason: entry.reason,
      })
    }
    if (options.dryRun) return result

    const letter = await batchLetter()
    const day = now.toUTC().toISODate()!
    for (let start = 0; start < present.length; start += ISSUE_BATCH) {
      const batch = present.slice(start, start + ISSUE_BATCH)
      const reasonOf = new Map(batch.map((entry) => [entry.memberId, entry.reason]))
      const slots = new Map<number, number>()
      const outcome = await sendLinkBatch(
        batch.map((entry) => ({
          row: rows.get(entry.memberId)!,
          type: TEMPLATE[entry.reason],
          action: `reminder.${entry.reason}`,
        })),
        options.actor,
        letter,
        claimSlots(reasonOf, day, slots)
      )
      const slotsOf = (ids: number[]) => ids.map((id) => slots.get(id)!).filter(Boolean)
      const failedIds = outcome.failed.map((failure) => failure.memberId)
      if (outcome.sent.length > 0)
        await db
          .from('invitation_reminders')
          .whereIn('id', slotsOf(outcome.sent))
          .update({ status: 'sent' })
      if (failedIds.length > 0)
        await db
          .from('invitation_reminders')
          .whereIn('id', slotsOf(failedIds))
          .update({ status: 'failed' })
      const label = (id: number) => {
        const row = rows.get(id)!
        return `${row.insured_full_name} (${row.member_id})`
      }
      result.sent += outcome.sent.length
      result.failed += failedIds.length
      result.skipped += batch.length - outcome.sent.length - failedIds.length
      for (const skip of outcome.skipped)
        if (skip.reason === 'no email address')
          result.errors.push(`${label(skip.memberId)}: no email address`)
      for (const failure of outcome.failed)
        result.errors.push(`${label(failure.memberId)}: ${failure.error}`)
      const done = Math.min(start + ISSUE_BATCH, present.length)
      const more = await options.onBatch?.({ sent: result.sent, done, total: present.length })
      if (more === false) break
      if (done < present.length) await bulkPause(db.connection())
    }
    return result
  },
}
