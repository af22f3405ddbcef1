import logger from '@adonisjs/core/services/logger'
import { DateTime } from 'luxon'
import type { Member } from '#modules/members/index'
import { settingsService, getBranding, frontendUrl } from '#modules/settings/index'
import {
  resolveMemberRecipient,
  sendTemplatedEmail,
  type EmailTemplateType,
} from '#modules/notifications/index'
import { today } from '#modules/shared/index'
import type { Actor } from '#modules/audit/index'
import { secureLink } from './secure_link.js'
import { issueInvitationLink } from './invitation_link.js'
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

/**
 * Sends the migration_invitation email to unmigrated principals, each with
 * a fresh secure link (which revokes the member's older links once the email
 * is accepted; a refused email leaves the older links working). Members
 * without an email of their own and without a member override are skipped
 * (docs/backoffice.md). Used by the Unmigrated Users screen and the CLI.
 */
export const migrationInvitationService = {
  async send(memberIds: number[], actor: Actor): Promise<InvitationResult> {
    const members = await unmigratedUsersService.eligibleMembers([...new Set(memberIds)])
    const result: InvitationResult = {
      success: true,
      sent: 0,
      failed: 0,
      skipped: 0,
      blocked: 0,
      errors: [],
    }
    const eligible = new Set(members.map((member) => member.id))
    const blocked = new Set(await unmigratedUsersService.blockedMembers([...new Set(memberIds)]))
    for (const id of new Set(memberIds)) {
      if (blocked.has(id)) {
        result.blocked += 1
        result.errors.push(`Member ${id}: blocked from migrating`)
      } else if (!eligible.has(id)) {
        result.skipped += 1
        result.errors.push(`Member ${id}: not an unmigrated principal on an enabled product`)
      }
    }
    const letter = await invitationLetter()
    for (const member of members) {
      const recipient = await recipientOf(member)
      if (!recipient) {
        result.skipped += 1
        result.errors.push(`${member.insured_full_name} (${member.member_id}): no email address`)
        continue
      }
      const outcome = await sendWithFreshLink(member, recipient, letter, {
        type: 'migration_invitation',
        actor,
        action: 'invitation.send',
      })
      if (outcome === null) result.sent += 1
      else {
        result.failed += 1
        result.errors.push(`${member.insured_full_name} (${member.member_id}): ${outcome}`)
      }
    }
    result.success = result.failed === 0
    return result
  },
}

/**
 * The notifications module's priority (member override, global override,
 * member email), except that a member with no address of its own and no
 * override of its own is skipped rather than sent to the global address.
 */
export async function recipientOf(member: Member): Promise<string | null> {
  const recipient = await resolveMemberRecipient(member)
  if (!recipient || (!member.email && recipient.source === 'global_override')) return null
  return recipient.address
}

/** What every invitation of one run shares: the date format and the brand. */
export async function invitationLetter() {
  return { format: await dateDisplay(), branding: await getBranding() }
}
type InvitationLetter = Awaited<ReturnType<typeof invitationLetter>>

/**
 * Issues a link and sends one invitation (or reminder) with it; null on
 * success, else the error text. A failed send withdraws the new link and
 * restores the older ones. The link's issue and its audit entry commit together.
 */
export async function sendWithFreshLink(
  member: Member,
  to: string,
  { format, branding }: InvitationLetter,
  email: { type: EmailTemplateType; actor: Actor; action: string }
) {
  let link: Awaited<ReturnType<typeof issueInvitationLink>> | null = null
  try {
    link = await issueInvitationLink(member, { actor: email.actor, action: email.action })
    const { token, expiresAt } = link
    // Why `to`: recorded on the delivery for the member detail's invitation list.
    const resolved = await resolveMemberRecipient(member)
    const outcome = await sendTemplatedEmail({
      type: email.type,
      to,
      memberId: member.id,
      recipientSource: resolved?.address === to ? resolved.source : undefined,
      variables: {
        member_name: member.insured_full_name,
        member_id: member.member_id,
        member_email: member.email ?? '',
        product_name: member.product_name ?? '',
        plan_name: member.plan_name ?? '',
        policy_start_date: format(member.policy_start_date),
        policy_end_date: format(member.policy_end_date),
        secure_link: await secureLink(token),
        link_expires_on: format(expiresAt),
        current_date: format(today()),
        // The brand in the member's language (a German brand name when one is set).
        brand_name: (await getBranding(member.language)).brandName,
        support_email: branding.supportEmail,
        frontend_url: await frontendUrl(),
      },
    })
    if (outcome.status !== 'failed') return null
    await link.withdraw()
    return outcome.error
  } catch (error) {
    logger.warn({ err: error, memberId: member.id }, 'migration invitation failed')
    await link
      ?.withdraw()
      .catch((withdrawError) =>
        logger.error(
          { err: withdrawError, memberId: member.id },
          'could not restore the secure links after a failed invitation'
        )
      )
    return error instanceof Error ? error.message : String(error)
  }
}
