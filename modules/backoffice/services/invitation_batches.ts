import logger from '@adonisjs/core/services/logger'
import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import {
  migrationTokenService,
  tokenExpirationDays,
  withdrawIssuedToken,
} from '#modules/auth/index'
import {
  batchTemplates,
  recordBatchEmails,
  resolveMemberRecipients,
  sendRecorded,
  type EmailTemplateType,
  type RecordedEmail,
} from '#modules/notifications/index'
import {
  forUpdate,
  languageOf,
  lockingTransaction,
  today,
  type Language,
} from '#modules/shared/index'
import type { Actor } from '#modules/audit/index'
import { isoDay, sqlDateTime } from './sql_values.js'
import { unmigratedPrincipals } from './unmigrated_scope.js'

/** The emails that count as contacting the member about the invitation (one pending at a time). */
export const INVITATION_EMAILS = [
  'migration_invitation',
  'invitation_reminder',
  'link_expiry_reminder',
]

/** Emails handed to the mail server at the same time within a batch. */
const SEND_CONCURRENCY = 4

/** An invitation's member, as plain columns (1,000 models a batch cost more than the emails). */
export interface InviteeRow {
  id: number
  member_id: string
  insured_full_name: string
  email: string | null
  product_name: string | null
  plan_name: string | null
  policy_start_date: unknown
  policy_end_date: unknown
  language: string | null
}

/** Unmigrated principals (mb) without an active block: who may be invited or reminded. */
export function reachablePrincipals() {
  return unmigratedPrincipals().whereNotExists((sub) => {
    sub
      .from('migration_blocks as blk')
      .whereColumn('blk.member_id', 'mb.id')
      .where('blk.active', true)
  })
}

/** The reachable principals among `ids`, with what their emails show. */
export function inviteeRows(ids: number[]): Promise<InviteeRow[]> {
  return reachablePrincipals()
    .whereIn('mb.id', ids)
    .orderBy('mb.id')
    .select(
      'mb.id',
      'mb.member_id',
      'mb.insured_full_name',
      'mb.email',
      'mb.product_name',
      'mb.plan_name',
      'mb.policy_start_date',
      'mb.policy_end_date',
      'mb.language'
    )
}

/** What every email of one run shares: the date format, the brand, the links' address. */
export interface Letter {
  format: (value: DateTime | null) => string
  branding: { brandName: string; supportEmail: string }
  /** The brand name in each language (getBranding(language): a German one when it is set). */
  brandNames: Record<Language, string>
  linkOf: (token: string) => string
  frontendUrl: string
  /**
   * The last email_deliveries id when the run began: a member emailed after it (by a
   * simultaneous run) is not emailed again by this one.
   */
  lastDeliveryBefore: number
}

/** One member of a batch and the email they get (its template and the audit action of its link). */
export interface BatchEntry {
  row: InviteeRow
  type: EmailTemplateType
  action: string
}

export interface BatchOutcome {
  sent: number[]
  failed: { memberId: number; error: string }[]
  /** No address of their own (nor a member override), or an email to them is being sent. */
  skipped: { memberId: number; reason: string }[]
}

const day = (value: unknown) => {
  const text = isoDay(value)
  return text ? DateTime.fromISO(text) : null
}

/**
 * One batch of invitations or reminders, set-based (docs/backoffice.md "Invitations in batches"):
 * one transaction locks the batch's members, leaves out those with an invitation email still
 * being sent or sent since the run began (a simultaneous run has them), lets `claim` keep only who may get one (reminders
 * take their day's slot there), issues their links (older links revoked by one UPDATE, the new
 * ones in one INSERT, one audit entry per action with its count) and records their emails in one
 * multi-row INSERT. After the commit each email is sent; a refused one withdraws its link and
 * gives the member back the links it revoked.
 */
export async function sendLinkBatch(
  entries: BatchEntry[],
  actor: Actor,
  letter: Letter,
  claim?: (trx: TransactionClientContract, memberIds: number[]) => Promise<number[]>
): Promise<BatchOutcome> {
  const outcome: BatchOutcome = { sent: [], failed: [], skipped: [] }
  const recipients = await resolveMemberRecipients(entries.map((entry) => entry.row))
  const reachable = entries.filter(({ row }) => {
    const recipient = recipients.get(row.id)
    // An invitation must reach a member, not a test inbox: the global override alone is not enough.
    const noAddress = !recipient || (!row.email && recipient.source === 'global_override')
    if (noAddress) outcome.skipped.push({ memberId: row.id, reason: 'no email address' })
    return !noAddress
  })
  if (reachable.length === 0) return outcome
  const ids = reachable.map((entry) => entry.row.id)
  const templates = await batchTemplates(
    reachable.map((entry) => entry.type),
    reachable.map((entry) => languageOf(entry.row.language))
  )
  const expirationDays = await tokenExpirationDays()

  const { recorded, refused, previous, tokens } = await lockingTransaction(async (trx) => {
    await forUpdate(trx.from('members').whereIn('id', ids).select('id'), trx)
    const busy = new Set(
      (
        await trx
          .from('email_deliveries')
          .whereIn('member_id', ids)
          .whereIn('email_type', INVITATION_EMAILS)
          .where((pending) =>
            pending
              .whereIn('status', ['queued', 'sending'])
              .orWhere('id', '>', letter.lastDeliveryBefore)
          )
          .select('member_id')
      ).map((row) => Number(row.member_id))
    )
    for (const id of busy)
      outcome.skipped.push({ memberId: id, reason: 'invited by a simultaneous run' })
    let targets = ids.filter((id) => !busy.has(id))
    if (claim && targets.length > 0) targets = await claim(trx, targets)
    const chosen = new Set(targets)
    const older = await trx
      .from('migration_tokens')
      .whereIn('member_id', targets)
      .whereNull('used_at')
      .whereNull('revoked_at')
      .where('expires_at', '>', sqlDateTime(DateTime.now()))
      .select('id', 'member_id')
    const byAction = new Map<string, BatchEntry[]>()
    for (const entry of reachable.filter((candidate) => chosen.has(candidate.row.id)))
      byAction.set(entry.action, [...(byAction.get(entry.action) ?? []), entry])
    const emails = []
    const issuedTokens = new Map<number, string>()
    for (const [action, group] of byAction) {
      const issued = await migrationTokenService.issueMany(
        group.map((entry) => entry.row.id),
        { actor, action, oneMemberEntry: true, extra: { emails: group[0].type } },
        trx,
        expirationDays
      )
      const entryOf = new Map(group.map((entry) => [entry.row.id, entry]))
      for (const link of issued) {
        const { row, type } = entryOf.get(link.memberId)!
        const recipient = recipients.get(row.id)!
        issuedTokens.set(row.id, link.token)
        emails.push({
          type,
          to: recipient.address,
          memberId: row.id,
          recipientSource: recipient.source,
          language: languageOf(row.language),
          variables: variablesOf(row, letter, link.token, link.expiresAt),
        })
      }
    }
    return {
      ...(await recordBatchEmails(trx, emails, templates)),
      previous: older,
      tokens: issuedTokens,
    }
  })

  const previousOf = (memberId: number) =>
    previous
      .filter((token) => Number(token.member_id) === memberId)
      .map((token) => Number(token.id))
  const withdraw = (memberId: number) =>
    withdrawIssuedToken(tokens.get(memberId)!, previousOf(memberId)).catch((error) =>
      logger.error(
        { err: error, memberId },
        'could not restore the secure links after a failed invitation'
      )
    )
  for (const { memberId, error } of refused) {
    await withdraw(memberId)
    outcome.failed.push({ memberId, error })
  }
  const sendOne = async (email: RecordedEmail) => {
    const result = await sendRecorded(email).catch((error) => ({
      status: 'failed' as const,
      error: error instanceof Error ? error.message : String(error),
    }))
    if (result.status !== 'failed') return outcome.sent.push(email.memberId)
    await withdraw(email.memberId)
    outcome.failed.push({ memberId: email.memberId, error: result.error })
  }
  for (let start = 0; start < recorded.length; start += SEND_CONCURRENCY)
    await Promise.all(recorded.slice(start, start + SEND_CONCURRENCY).map(sendOne))
  return outcome
}

function variablesOf(row: InviteeRow, letter: Letter, token: string, expiresAt: DateTime) {
  const { format, branding } = letter
  return {
    member_name: row.insured_full_name,
    member_id: row.member_id,
    member_email: row.email ?? '',
    product_name: row.product_name ?? '',
    plan_name: row.plan_name ?? '',
    policy_start_date: format(day(row.policy_start_date)),
    policy_end_date: format(day(row.policy_end_date)),
    secure_link: letter.linkOf(token),
    link_expires_on: format(expiresAt),
    current_date: format(today()),
    brand_name: letter.brandNames[languageOf(row.language)] ?? branding.brandName,
    support_email: branding.supportEmail,
    frontend_url: letter.frontendUrl,
  }
}
