import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { scrubbedColumns } from '#modules/shared/index'
import EmailDelivery from '../models/email_delivery.js'
import EmailOverride from '../models/email_override.js'

/** The recipient an erased delivery keeps (a reserved domain: nothing is ever sent there). */
const ERASED_RECIPIENT = 'erased@invalid'

function deliveriesOfFamily(
  memberIds: number[],
  migrationIds: number[],
  trx?: TransactionClientContract
) {
  return EmailDelivery.query({ client: trx }).where((query) => {
    query.whereIn('member_id', memberIds)
    if (migrationIds.length > 0) query.orWhereIn('migration_id', migrationIds)
  })
}

/** The emails sent (or queued) to a family, for "Download my data". */
export async function emailsSentTo(memberIds: number[], migrationIds: number[]) {
  const deliveries = await deliveriesOfFamily(memberIds, migrationIds).orderBy('id')
  return deliveries.map((delivery) => ({
    migration_id: delivery.migration_id,
    type: delivery.email_type,
    recipient: delivery.recipient,
    subject: delivery.subject,
    status: delivery.status,
    created_at: delivery.created_at?.toISO() ?? null,
  }))
}

/** The addresses an administrator set for the family's emails (email_overrides), for "Download my data". */
export async function emailOverridesOf(memberIds: number[]) {
  if (memberIds.length === 0) return []
  const overrides = await EmailOverride.query().whereIn('member_id', memberIds).orderBy('id')
  return overrides.map((override) => ({
    member_id: override.member_id,
    email: override.override_email,
    notes: override.notes,
    created_at: override.created_at?.toISO() ?? null,
  }))
}

/**
 * Erasure (docs/privacy.md): the delivery records stay (which email went out when), with the
 * recipient replaced and the personal texts removed from subject, error and attachment list; the
 * family's email overrides are deleted.
 */
export async function eraseNotificationData(
  trx: TransactionClientContract,
  memberIds: number[],
  migrationIds: number[],
  texts: string[]
) {
  await deliveriesOfFamily(memberIds, migrationIds, trx).update({
    recipient: ERASED_RECIPIENT,
    ...scrubbedColumns(['subject', 'error_message', 'attachments'], texts),
  })
  await EmailOverride.query({ client: trx }).whereIn('member_id', memberIds).delete()
}
