import { Member } from '#modules/members/index'
import { Migration } from '#modules/migrations/index'
import { PaymentDispute, PaymentRefund, type CoverageCancellation } from '#modules/payments/index'
import {
  resolveMemberRecipient,
  sendTemplatedEmail,
  type SendOutcome,
} from '#modules/notifications/index'
import { frontendUrl, getBranding, settingsService } from '#modules/settings/index'
import { formatAmount, today } from '#modules/shared/index'
import { dateFormatter, formatMoney, purchaseLanguage } from '#modules/documents/index'
import { cancellationDocument, cancellationReason } from './cancellation_document.js'

/** A send that must be tried again later (the job throws, the queue retries). */
function retryUnlessDone(outcome: SendOutcome | null) {
  if (outcome?.status === 'failed') throw new Error(outcome.error)
  if (outcome?.status === 'in_progress')
    throw new Error('The email is being sent by another worker')
}

/** The member's cancellation (or stop of future payments) confirmation with its PDF attached, sent once per migration (`once`: the delivery's dedupe key). */
export async function sendCancellationConfirmation(cancellation: CoverageCancellation) {
  const migration = await Migration.findOrFail(cancellation.migration_id)
  const member = await Member.findOrFail(migration.member_id)
  // Made (once) even without an email address: the member area lists it.
  const attachment = await cancellationDocument(cancellation)
  const recipient = await resolveMemberRecipient(member)
  if (!recipient) return
  const date = await dateFormatter()
  const language = await purchaseLanguage(migration.id, member.language)
  retryUnlessDone(
    await sendTemplatedEmail({
      // A stop of future payments is told in its own words: the cover goes on until the last paid day.
      type:
        cancellation.requested_by_kind === 'member_stop'
          ? 'payments_stopped'
          : 'coverage_cancelled',
      to: recipient.address,
      recipientSource: recipient.source,
      migrationId: migration.id,
      memberId: member.id,
      once: true,
      language,
      attachments: [attachment],
      variables: {
        member_name: member.insured_full_name,
        member_id: member.member_id,
        migration_reference: migration.migration_reference,
        currency: cancellation.currency,
        covered_until: date(cancellation.effective_on),
        // The amount in the member's language, like the template version sent.
        refund_amount: formatAmount(cancellation.refund_cents, cancellation.currency, language),
        cancellation_reason: cancellationReason(cancellation, language),
        support_email: (await getBranding()).supportEmail,
        current_date: date(today()),
        frontend_url: await frontendUrl(),
      },
    })
  )
}

/** The admin alert of a refund or dispute seen at the provider (payload of `fulfilment.money_alert`). */
export async function sendMoneyAlert(payload: {
  migrationId: number
  kind: string
  rowId: number
}) {
  const admin = await settingsService.get('ADMIN_NOTIFICATION_EMAIL')
  const migration = await Migration.find(payload.migrationId)
  if (!admin || !migration) return
  retryUnlessDone(
    await sendTemplatedEmail({
      type: 'money_alert',
      to: admin,
      recipientSource: 'admin_setting',
      migrationId: migration.id,
      once: true,
      deliveryKey: `money-alert:${payload.kind}:${payload.rowId}`,
      variables: {
        member_name: migration.insured_full_name,
        member_id: migration.member_id_str,
        migration_reference: migration.migration_reference,
        money_event: await describe(payload),
        current_date: (await dateFormatter())(today()),
        frontend_url: await frontendUrl(),
      },
    })
  )
}

async function describe(payload: { kind: string; rowId: number }) {
  if (payload.kind === 'refund') {
    const refund = await PaymentRefund.findOrFail(payload.rowId)
    return `Refund of ${formatMoney(refund.amount_cents, refund.currency)} made at the payment provider`
  }
  const dispute = await PaymentDispute.findOrFail(payload.rowId)
  const amount = formatMoney(dispute.amount_cents, dispute.currency)
  return payload.kind === 'dispute'
    ? `Card dispute of ${amount} opened (${dispute.reason ?? 'no reason given'})`
    : `Card dispute of ${amount} ${dispute.status.replaceAll('_', ' ')}`
}
