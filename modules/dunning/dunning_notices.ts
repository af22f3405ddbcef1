import { DateTime } from 'luxon'
import logger from '@adonisjs/core/services/logger'
import { Member } from '#modules/members/index'
import { Installment, Migration } from '#modules/migrations/index'
import { Payment } from '#modules/payments/index'
import { migrationTokenService } from '#modules/auth/index'
import {
  EmailDelivery,
  resolveMemberRecipient,
  sendTemplatedEmail,
} from '#modules/notifications/index'
import { frontendUrl, getBranding } from '#modules/settings/index'
import { formatAmount, toCents, today } from '#modules/shared/index'
import { dateFormatter } from '#modules/documents/index'
import { dunningCases, type DunningCase } from './dunning_cases.js'

/** The audit trail's name for the links the dunning issues. */
const DUNNING_ACTOR = 'system:dunning'

export type NoticeOutcome = 'sent' | 'already_sent' | 'busy' | 'paid' | 'ended' | { failed: string }

/** The delivery key of a case's n-th notice: one email per notice, whoever sends it. */
const noticeKey = (paymentId: number, notice: number) => `dunning:${paymentId}:${notice}`

/**
 * The Pay-now link: a secure-link token (single use, hashed, expiring; a GET
 * or HEAD of the page never uses it: only the birth-year POST does) that
 * opens the member area's payment after sign-in (`next=pay`).
 */
async function payNowLink(member: Member) {
  const { token, expiresAt } = await migrationTokenService.issue(member, {
    actor: DUNNING_ACTOR,
    action: 'dunning.pay_now_link',
  })
  return {
    url: `${await frontendUrl()}/shop/login?token=${encodeURIComponent(token)}&next=pay`,
    expiresAt,
  }
}

/**
 * Sends notice `notice` of a case (1: payment_failed, 2…: payment_reminder)
 * unless the payment was paid meanwhile. The case's conditional claim keeps
 * one sender per notice; the delivery's dedupe key keeps one email even if
 * a sender stopped between the send and the case's update.
 */
export async function sendDunningNotice(
  dunning: DunningCase,
  notice: number,
  now: DateTime
): Promise<NoticeOutcome> {
  const payment = await Payment.find(dunning.payment_id)
  if (!payment || payment.paid) return 'paid'
  if (dunning.ended) return 'ended'
  if (!(await dunningCases.claim(dunning.id, notice))) return 'busy'
  const key = noticeKey(dunning.payment_id, notice)
  const earlier = await EmailDelivery.findBy('dedupe_key', key)
  if (earlier && ['sent', 'unknown'].includes(earlier.status)) {
    // Sent before a stop: no new link (it would revoke the one in that email).
    await dunningCases.sent(dunning.id, notice, now)
    return 'already_sent'
  }
  try {
    const outcome = await send(dunning, payment, notice, key)
    if (outcome === 'sent' || outcome === 'already_sent')
      await dunningCases.sent(dunning.id, notice, now)
    else await dunningCases.release(dunning.id, notice)
    return outcome
  } catch (error) {
    await dunningCases.release(dunning.id, notice)
    throw error
  }
}

/**
 * The failed payment's place in the plan: its number among the migration's payment rows in plan
 * order (refunded rows are not installments, as the schedule counts them) and that installment's
 * due date from the stored schedule.
 */
async function installmentOf(migration: Migration, payment: Payment) {
  const rows = await Payment.query()
    .where('migration_id', migration.id)
    .whereNot('status', 'refunded')
    .orderBy('created')
    .orderBy('id')
  const index = rows.findIndex((row) => row.id === payment.id)
  const number = index >= 0 ? index + 1 : rows.length
  const planned = await Installment.query()
    .where('migration_id', migration.id)
    .where('payment_number', number)
    .first()
  return { number, dueDate: planned?.due_date ?? null }
}

async function send(
  dunning: DunningCase,
  payment: Payment,
  notice: number,
  key: string
): Promise<NoticeOutcome> {
  const member = await Member.findOrFail(dunning.member_id)
  const migration = await Migration.findOrFail(dunning.migration_id)
  const recipient = await resolveMemberRecipient(member)
  if (!recipient) return { failed: `Member ${member.member_id} has no email address` }
  const date = await dateFormatter()
  const installment = await installmentOf(migration, payment)
  const link = await payNowLink(member)
  const outcome = await sendTemplatedEmail({
    type: notice === 1 ? 'payment_failed' : 'payment_reminder',
    to: recipient.address,
    recipientSource: recipient.source,
    migrationId: migration.id,
    memberId: member.id,
    once: true,
    deliveryKey: key,
    variables: {
      member_name: member.insured_full_name,
      member_id: member.member_id,
      migration_reference: migration.migration_reference,
      currency: payment.currency,
      // The amount in the member's language, like the template version sent.
      amount_due: formatAmount(toCents(payment.amount), payment.currency, member.language),
      failed_on: date(dunning.failed_at),
      installment_number: String(installment.number),
      installment_count: String(migration.number_of_payments),
      due_date: date(installment.dueDate ?? dunning.failed_at),
      reminder_number: String(notice - 1),
      pay_now_link: link.url,
      link_expires_on: date(link.expiresAt),
      support_email: (await getBranding()).supportEmail,
      current_date: date(today()),
      frontend_url: await frontendUrl(),
    },
  })
  if (outcome.status === 'failed') {
    logger.warn({ paymentId: payment.id, notice, error: outcome.error }, 'dunning email failed')
    return { failed: outcome.error }
  }
  if (outcome.status === 'in_progress') return 'busy'
  return outcome.status === 'already_sent' ? 'already_sent' : 'sent'
}
