import logger from '@adonisjs/core/services/logger'
import { Member } from '#modules/members/index'
import { renewalQuote, type Migration } from '#modules/migrations/index'
import { resolveMemberRecipient, sendTemplatedEmail } from '#modules/notifications/index'
import { frontendUrl, getBranding } from '#modules/settings/index'
import { formatAmount, languageOf, today } from '#modules/shared/index'
import { DateTime } from 'luxon'
import { dateFormatter } from '#modules/documents/index'

/** The delivery key of a migration's renewal invitation: one email per migration, whoever sends it (unique email_deliveries.dedupe_key). */
const invitationKey = (migrationId: number) => `renewal-invitation:${migrationId}`

export type InvitationOutcome = 'sent' | 'already_sent' | 'busy' | { failed: string }

/**
 * The renewal invitation of one migration: in the member's language (the template version and
 * the amount), with the price the member area's card shows (renewalQuote: today's products and
 * rates, a term starting on the end date). Sent once: the keyed delivery's unique key lets one
 * of any number of simultaneous senders send it; the others answer already_sent or busy.
 */
export async function sendRenewalInvitation(migration: Migration): Promise<InvitationOutcome> {
  const member = await Member.findOrFail(migration.member_id)
  const recipient = await resolveMemberRecipient(member)
  if (!recipient) return { failed: `Member ${member.member_id} has no email address` }
  const { quote } = await renewalQuote(member, migration)
  const date = await dateFormatter()
  const outcome = await sendTemplatedEmail({
    type: 'renewal_invitation',
    to: recipient.address,
    recipientSource: recipient.source,
    migrationId: migration.id,
    memberId: member.id,
    once: true,
    deliveryKey: invitationKey(migration.id),
    variables: {
      member_name: member.insured_full_name,
      member_id: member.member_id,
      migration_reference: migration.migration_reference,
      end_date: date(migration.end_date),
      currency: quote.currency.code,
      renewal_amount: formatAmount(
        quote.totalAmount,
        quote.currency.code,
        languageOf(member.language)
      ),
      renewal_start_date: date(DateTime.fromISO(quote.startDate)),
      renewal_end_date: date(DateTime.fromISO(quote.endDate)),
      renewal_link: `${await frontendUrl()}/shop/login`,
      support_email: (await getBranding()).supportEmail,
      current_date: date(today()),
      frontend_url: await frontendUrl(),
    },
  })
  if (outcome.status === 'failed') {
    logger.warn({ migrationId: migration.id, error: outcome.error }, 'renewal invitation failed')
    return { failed: outcome.error }
  }
  if (outcome.status === 'in_progress') return 'busy'
  return outcome.status === 'sent' ? 'sent' : 'already_sent'
}
