import type { JobHandler } from '#modules/jobs/index'
import { Member } from '#modules/members/index'
import { Migration } from '#modules/migrations/index'
import { refundList } from '#modules/payments/index'
import {
  activeTemplateOf,
  resolveMemberRecipient,
  sendTemplatedEmail,
} from '#modules/notifications/index'
import { formatAmount, languageOf } from '#modules/shared/index'
import { purchaseLanguage } from '../services/purchase_language.js'
import { migrationEmailVariables } from '../services/email_variables.js'
import { loadMigrationContext } from '../services/migration_context.js'
import { dateFormatter, formatMoney } from '../services/formatting.js'
import { storeFile } from '../services/storage.js'
import { creditNotePath, creditNotePdf, issueCreditNote, refundedOn } from './credit_note.js'

/**
 * Issues the credit note of a refund that reached the member and emails it with its PDF (queued
 * once per refund by payments when the refund is recorded succeeded, made here or at the
 * provider). The note is stored once (its number never changes); the delivery key keeps one email
 * when a worker stopped after the send; a failed send retries the job.
 */
async function sendCreditNote(refundId: number) {
  const refund = await refundList.show(refundId).catch(() => null)
  if (!refund || refund.status !== 'succeeded' || refund.migration_id === null) return null
  const migration = await Migration.findOrFail(refund.migration_id)
  const member = await Member.findOrFail(migration.member_id)
  // In the purchase's language; the version sent decides (English when that language has none).
  const template = await activeTemplateOf(
    'credit_note',
    await purchaseLanguage(migration.id, member.language)
  )
  const language = languageOf(template?.language)
  const note = await issueCreditNote(refund, language)
  const path = await storeFile(
    creditNotePath(note),
    await creditNotePdf(note, refund, migration, language)
  )
  const recipient = await resolveMemberRecipient(member)
  if (!recipient) return null
  const date = await dateFormatter()
  return sendTemplatedEmail({
    type: 'credit_note',
    to: recipient.address,
    recipientSource: recipient.source,
    migrationId: migration.id,
    memberId: member.id,
    language,
    once: true,
    deliveryKey: `credit_note:${refund.id}`,
    attachments: [{ path, filename: note.file_name }],
    variables: {
      ...(await migrationEmailVariables(await loadMigrationContext(migration.id), language)),
      credit_note_number: note.number,
      refund_amount:
        language === 'en'
          ? formatMoney(note.amount_cents, note.currency)
          : formatAmount(note.amount_cents, note.currency, language),
      refunded_on: date(refundedOn(refund, note)),
    },
  })
}

export const creditNoteJob: JobHandler = {
  async run(payload) {
    const outcome = await sendCreditNote(Number(payload.refundId))
    if (outcome?.status === 'failed') throw new Error(outcome.error)
    if (outcome?.status === 'in_progress')
      throw new Error('The credit note is being sent by another worker')
  },
}
