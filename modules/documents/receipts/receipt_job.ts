import type { JobHandler } from '#modules/jobs/index'
import { Member } from '#modules/members/index'
import { Migration } from '#modules/migrations/index'
import {
  activeTemplateOf,
  resolveMemberRecipient,
  sendTemplatedEmail,
} from '#modules/notifications/index'
import { languageOf } from '#modules/shared/index'
import { purchaseLanguage } from '../services/purchase_language.js'
import { migrationEmailVariables } from '../services/email_variables.js'
import { loadMigrationContext } from '../services/migration_context.js'
import { storeFile } from '../services/storage.js'
import { receiptOf, receiptPdf } from './receipt.js'

/** The delivery key of an installment's receipt: one email per paid installment, whoever sends it. */
const receiptKey = (paymentId: number) => `receipt:${paymentId}`

/**
 * Sends the receipt email of a paid installment with its PDF attached (queued once per payment
 * row by payments when the row is recorded paid). The delivery key keeps one email even when a
 * worker stopped after the send; a failed send retries the job; a payment refunded meanwhile
 * gets none.
 */
async function sendReceipt(migrationId: number, paymentId: number) {
  const migration = await Migration.findOrFail(migrationId)
  const member = await Member.findOrFail(migration.member_id)
  // In the principal's language, the version sent decides (English when that language has none).
  const template = await activeTemplateOf(
    'payment_receipt',
    await purchaseLanguage(migrationId, member.language)
  )
  const language = languageOf(template?.language)
  const facts = await receiptOf(migrationId, paymentId, language)
  if (!facts) return null
  const recipient = await resolveMemberRecipient(member)
  if (!recipient) return null
  const path = await storeFile(
    `receipts/${migrationId}/${facts.fileName}`,
    await receiptPdf(facts, language)
  )
  return sendTemplatedEmail({
    type: 'payment_receipt',
    to: recipient.address,
    recipientSource: recipient.source,
    migrationId,
    memberId: member.id,
    language,
    once: true,
    deliveryKey: receiptKey(paymentId),
    attachments: [{ path, filename: facts.fileName }],
    variables: {
      ...(await migrationEmailVariables(await loadMigrationContext(migrationId), language)),
      installment_number: facts.installment.split(' ')[0],
      amount_paid: facts.amount,
      paid_on: facts.paidOn,
      card: facts.card,
    },
  })
}

export const paymentReceiptJob: JobHandler = {
  async run(payload) {
    const outcome = await sendReceipt(Number(payload.migrationId), Number(payload.paymentId))
    if (outcome?.status === 'failed') throw new Error(outcome.error)
    if (outcome?.status === 'in_progress')
      throw new Error('The receipt is being sent by another worker')
  },
}
