import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { settingsService, getBranding, frontendUrl } from '#modules/settings/index'
import { bulkPause } from '#modules/shared/index'
import { ISSUE_BATCH } from '#modules/auth/index'
import type { Actor } from '#modules/audit/index'
import { secureLinks } from './secure_link.js'
import { inviteeRows, sendLinkBatch, type Letter } from './invitation_batches.js'
import { unmigratedUsersService } from './unmigrated_users_service.js'

export interface InvitationResult {
  success: boolean
  sent: number
  failed: number
  skipped: number
  /** Blocked members among the selection: never invited. */
  blocked: number
  errors: string[]
}

/** DATE_FORMAT (DD.MM.YYYY, MM/DD/YYYY, …) applied to a calendar date. */
async function dateDisplay() {
  const pattern = await settingsService.get('DATE_FORMAT', 'DD.MM.YYYY')
  return (value: DateTime | null) =>
    value
      ? pattern
          .replace('YYYY', value.toFormat('yyyy'))
          .replace('MM', value.toFormat('MM'))
          .replace('DD', value.toFormat('dd'))
      : ''
}

/** One batch of sendInBatches: its counts so far and the progress. */
export interface InvitationProgress {
  result: InvitationResult
  done: number
  total: number
}

/**
 * Sends the migration_invitation email to unmigrated principals, each with
 * a fresh secure link (which revokes the member's older links; a refused email
 * gives them back). Members without an email of their own and without a member
 * override are skipped (docs/backoffice.md). Set-based: batches of ISSUE_BATCH
 * members (sendLinkBatch). The Unmigrated Users screen, the CLI and the
 * reminders use this one path.
 */
export const migrationInvitationService = {
  async send(memberIds: number[], actor: Actor): Promise<InvitationResult> {
    const progress = await this.sendInBatches(memberIds, actor, async () => {})
    return progress
  },

  /**
   * send() in batches of ISSUE_BATCH members, `onBatch` awaited after each with the totals so
   * far; answering false stops before the next batch (each batch's emails are sent and
   * recorded when it is called: the CLI's Ctrl-C stops there).
   */
  async sendInBatches(
    memberIds: number[],
    actor: Actor,
    onBatch: (progress: InvitationProgress) => Promise<boolean | void>,
    /** Members per batch (and transaction); smaller only where a test needs several batches cheaply. */
    batchSize = ISSUE_BATCH
  ): Promise<InvitationResult> {
    const ids = [...new Set(memberIds)]
    const result: InvitationResult = {
      success: true,
      sent: 0,
      failed: 0,
      skipped: 0,
      blocked: 0,
      errors: [],
    }
    const letter = await batchLetter()
    for (let start = 0; start < ids.length; start += batchSize) {
      const batch = ids.slice(start, start + batchSize)
      const rows = await inviteeRows(batch)
      await countRefusals(batch, new Set(rows.map((row) => row.id)), result)
      const labelOf = new Map(
        rows.map((row) => [row.id, `${row.insured_full_name} (${row.member_id})`])
      )
      const outcome = await sendLinkBatch(
        rows.map((row) => ({ row, type: 'migration_invitation', action: 'invitation.send' })),
        actor,
        letter
      )
      result.sent += outcome.sent.length
      result.failed += outcome.failed.length
      result.skipped += outcome.skipped.length
      for (const { memberId, reason } of outcome.skipped)
        result.errors.push(`${labelOf.get(memberId)}: ${reason}`)
      for (const { memberId, error } of outcome.failed)
        result.errors.push(`${labelOf.get(memberId)}: ${error}`)
      result.success = result.failed === 0
      const done = Math.min(start + batchSize, ids.length)
      if ((await onBatch({ result, done, total: ids.length })) === false) break
      if (done < ids.length) await bulkPause(db.connection())
    }
    return result
  },
}

/** Blocked members and ids that are not unmigrated principals: counted, never invited. */
async function countRefusals(batch: number[], reachable: Set<number>, result: InvitationResult) {
  const others = batch.filter((id) => !reachable.has(id))
  if (others.length === 0) return
  const blocked = new Set(await unmigratedUsersService.blockedMembers(others))
  for (const id of others) {
    if (blocked.has(id)) {
      result.blocked += 1
      result.errors.push(`Member ${id}: blocked from migrating`)
    } else {
      result.skipped += 1
      result.errors.push(`Member ${id}: not an unmigrated principal on an enabled product`)
    }
  }
}

/** What every email of a batched run shares (invitation_batches.ts Letter). */
export async function batchLetter(): Promise<Letter> {
  const last = await db.from('email_deliveries').max('id as id').first()
  const { format, branding } = await invitationLetter()
  return {
    format,
    branding,
    brandNames: {
      en: (await getBranding('en')).brandName,
      de: (await getBranding('de')).brandName,
      fr: (await getBranding('fr')).brandName,
    },
    linkOf: await secureLinks(),
    frontendUrl: await frontendUrl(),
    lastDeliveryBefore: Number(last?.id ?? 0),
  }
}

/** What every invitation of one run shares: the date format and the brand. */
async function invitationLetter() {
  return { format: await dateDisplay(), branding: await getBranding() }
}
