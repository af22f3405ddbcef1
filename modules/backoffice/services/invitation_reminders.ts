import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { Member } from '#modules/members/index'
import { settingsService } from '#modules/settings/index'
import type { EmailTemplateType } from '#modules/notifications/index'
import type { Actor } from '#modules/audit/index'
import { unmigratedPrincipals } from './unmigrated_scope.js'
import { sqlDateTime } from './sql_values.js'
import { invitationLetter, recipientOf, sendWithFreshLink } from './migration_invitation_service.js'

/** Why a member gets a reminder: no migration N days after the invitation, or a link about to expire. */
type ReminderReason = 'not_migrated' | 'link_expiring'

const TEMPLATE: Record<ReminderReason, EmailTemplateType> = {
  not_migrated: 'invitation_reminder',
  link_expiring: 'link_expiry_reminder',
}
/** The emails that count as contacting the member about the invitation. */
const INVITATION_EMAILS = ['migration_invitation', 'invitation_reminder', 'link_expiry_reminder']

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

/** Principals who may still migrate, are not blocked, and whose product is enabled. */
function reachable() {
  return unmigratedPrincipals().whereNotExists((sub) => {
    sub
      .from('migration_blocks as blk')
      .whereColumn('blk.member_id', 'mb.id')
      .where('blk.active', true)
  })
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
    const rows = await reachable()
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
    const rows = await reachable()
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

const isDuplicate = (error: any) =>
  error?.code === 'ER_DUP_ENTRY' || String(error?.code ?? '').startsWith('SQLITE_CONSTRAINT')

/**
 * Takes the (member, reason, day) slot; false when a run (this one, an
 * earlier one today, or a simultaneous one elsewhere) already has it.
 */
async function claimSlot(reminder: DueReminder, day: string): Promise<number | null> {
  try {
    const [id] = await db.table('invitation_reminders').insert({
      member_id: reminder.memberId,
      reason: reminder.reason,
      day,
      status: 'sending',
      created_at: sqlDateTime(DateTime.utc()),
    })
    return Number(id)
  } catch (error) {
    if (isDuplicate(error)) return null
    throw error
  }
}

/**
 * Follow-up invitations (docs/operations.md): the scheduled task and
 * `invitations remind` both call run(). Each reminder carries a fresh
 * secure link (the member's older links stop working once it is accepted).
 */
export const invitationReminders = {
  async run(options: { actor: Actor; now?: DateTime; dryRun?: boolean }): Promise<ReminderRun> {
    const now = options.now ?? DateTime.utc()
    const due = await dueReminders(now)
    const members = new Map(
      (
        await Member.query().whereIn(
          'id',
          due.map((entry) => entry.memberId)
        )
      ).map((member) => [member.id, member])
    )
    const result: ReminderRun = { due: [], sent: 0, failed: 0, skipped: 0, errors: [] }
    for (const entry of due) {
      const member = members.get(entry.memberId)!
      result.due.push({
        member_id: member.member_id,
        insured_full_name: member.insured_full_name,
        email: member.email ?? null,
        reason: entry.reason,
      })
    }
    if (options.dryRun) return result

    const letter = await invitationLetter()
    const day = now.toUTC().toISODate()!
    for (const entry of due) {
      const member = members.get(entry.memberId)!
      const label = `${member.insured_full_name} (${member.member_id})`
      const recipient = await recipientOf(member)
      if (!recipient) {
        result.skipped += 1
        result.errors.push(`${label}: no email address`)
        continue
      }
      const slot = await claimSlot(entry, day)
      if (slot === null) {
        result.skipped += 1
        continue
      }
      const error = await sendWithFreshLink(member, recipient, letter, {
        type: TEMPLATE[entry.reason],
        actor: options.actor,
        action: `reminder.${entry.reason}`,
      })
      await db
        .from('invitation_reminders')
        .where('id', slot)
        .update({ status: error === null ? 'sent' : 'failed' })
      if (error === null) result.sent += 1
      else {
        result.failed += 1
        result.errors.push(`${label}: ${error}`)
      }
    }
    return result
  },
}
