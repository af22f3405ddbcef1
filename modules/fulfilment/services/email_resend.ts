import { ApiError, forUpdate, lockingTransaction } from '#modules/shared/index'
import { recordAudit, type Actor } from '#modules/audit/index'
import { jobQueue, JOB_TYPES, type JobHandler } from '#modules/jobs/index'
import { Member } from '#modules/members/index'
import { settingsService } from '#modules/settings/index'
import {
  EmailDelivery,
  failQueuedDelivery,
  presentDelivery,
  queueResendDelivery,
  resolveMemberRecipient,
  sendTemplatedEmail,
  type EmailTemplateType,
  type RecipientSource,
} from '#modules/notifications/index'
import { documentAttachments } from '../steps/documents_step.js'
import { documentsNotice } from '../steps/emails_step.js'
import { migrationEmailVariables, loadMigrationContext } from '#modules/documents/index'

/** The emails of a migration an administrator can resend (invitations carry a link: they are sent again from Unmigrated Users). */
const RESENDABLE: string[] = ['migration_confirmation', 'admin_notification', 'cancellation_alert']
/** Emails to the administrators; the others go to the migration's principal. */
const TO_ADMINS: string[] = ['admin_notification', 'cancellation_alert']

/** Whether Resend may send this delivery again (a migration's confirmation or admin email). */
export const isResendable = (delivery: { email_type: string; migration_id: number | null }) =>
  delivery.migration_id !== null && RESENDABLE.includes(delivery.email_type)

const alreadyResent = (id: number) =>
  `This email was already resent (delivery #${id}). Resend that one instead.`

/** Who receives the email now (the override or address may have been corrected since), and why. */
async function currentRecipient(
  delivery: EmailDelivery
): Promise<{ address: string; source: RecipientSource }> {
  if (TO_ADMINS.includes(delivery.email_type)) {
    const address = await settingsService.get('ADMIN_NOTIFICATION_EMAIL')
    if (!address)
      throw new ApiError(
        'ADMIN_NOTIFICATION_EMAIL is not set: there is nobody to resend this email to',
        409
      )
    return { address: String(address), source: 'admin_setting' }
  }
  const member = delivery.member_id ? await Member.find(delivery.member_id) : null
  const recipient = member ? await resolveMemberRecipient(member) : null
  if (!recipient)
    throw new ApiError(
      'The member has no email address and no override: there is nobody to resend this email to',
      409
    )
  return recipient
}

/**
 * An administrator's Resend of one delivery: a new delivery row (queued, `resend_of` = the
 * original) and the job that sends it, committed with the audit entry. `resend_of` is unique,
 * and the original row is locked first: of simultaneous Resends one creates the row, the
 * others answer 409. The send itself is the job's (durable: a crash leaves the row to the next
 * attempt, never a status that did not happen).
 */
export async function resendDelivery(deliveryId: number, actor: Actor) {
  const original = await EmailDelivery.find(deliveryId)
  if (!original) throw new ApiError('Email delivery not found', 404)
  if (!original.migration_id || !isResendable(original)) {
    throw new ApiError(
      'Only the confirmation, admin notification and cancellation alert emails of a migration can be resent',
      409
    )
  }
  const recipient = await currentRecipient(original)
  try {
    return await lockingTransaction(async (trx) => {
      const locked = await forUpdate(
        EmailDelivery.query({ client: trx }).where('id', original.id),
        trx
      ).firstOrFail()
      const earlier = await EmailDelivery.query({ client: trx })
        .where('resend_of', locked.id)
        .first()
      if (earlier) throw new ApiError(alreadyResent(earlier.id), 409)
      if (locked.status === 'queued' || locked.status === 'sending')
        throw new ApiError(
          'This email is being sent right now. Wait for its outcome before resending it.',
          409
        )

      const resend = await queueResendDelivery(locked, recipient, trx)
      await jobQueue.enqueue(
        JOB_TYPES.resendEmail,
        { migrationId: locked.migration_id, deliveryId: resend.id },
        { trx }
      )
      await recordAudit(trx, {
        actor,
        action: 'migration.resend_email',
        entityType: 'migration',
        entityId: locked.migration_id,
        after: {
          delivery_id: locked.id,
          new_delivery_id: resend.id,
          email_type: locked.email_type,
          recipient: recipient.address,
          recipient_source: recipient.source,
        },
      })
      return presentDelivery(resend)
    })
  } catch (error: any) {
    // A Resend that slipped past the lock meets the unique resend_of.
    if (/ER_DUP_ENTRY|SQLITE_CONSTRAINT/.test(String(error?.code))) {
      const earlier = await EmailDelivery.query().where('resend_of', original.id).first()
      throw new ApiError(alreadyResent(earlier?.id ?? 0), 409)
    }
    throw error
  }
}

/**
 * Sends a queued Resend row through the durable delivery records (its own key), rendered
 * now with the migration's current variables and documents. A row another sender holds makes
 * the job retry later; a refusal leaves it `failed` (the administrator may resend it).
 */
export const resendEmailJob: JobHandler = {
  async run(payload) {
    const row = await EmailDelivery.find(Number(payload.deliveryId))
    if (!row || !row.dedupe_key || !row.migration_id) return
    const context = await loadMigrationContext(row.migration_id)
    const variables = await migrationEmailVariables(context)
    const attachments =
      row.email_type === 'migration_confirmation' ? await documentAttachments(row.migration_id) : []
    const outcome = await sendTemplatedEmail({
      type: row.email_type as EmailTemplateType,
      to: row.recipient,
      variables:
        row.email_type === 'migration_confirmation'
          ? { ...variables, documents_notice: documentsNotice(attachments.length) }
          : variables,
      attachments,
      migrationId: row.migration_id,
      memberId: row.member_id,
      once: true,
      deliveryKey: row.dedupe_key,
      recipientSource: (row.recipient_source ?? undefined) as RecipientSource | undefined,
    })
    if (outcome.status === 'in_progress')
      throw new Error(`The email to ${outcome.recipient} is being sent by another worker`)
    // Refused before a row was taken (no active template): the row says so instead of staying queued.
    if (outcome.status === 'failed') await failQueuedDelivery(row.id, outcome.error)
  },
  async onGaveUp(payload, error) {
    await failQueuedDelivery(
      Number(payload.deliveryId),
      error instanceof Error ? error.message : String(error)
    )
  },
}
