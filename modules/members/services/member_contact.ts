import db from '@adonisjs/lucid/services/db'
import { recordAudit } from '#modules/audit/index'
import type Member from '../models/member.js'

/**
 * The address the member gave becomes personal_email and the email in use;
 * original_email (the census's) never changes. The same before and after migration (the member
 * area offers it too), and audited as the member's own change.
 */
export async function updateContact(member: Member, contact: { email: string }) {
  const before = { email: member.email, personal_email: member.personal_email }
  await db.transaction(async (trx) => {
    member.useTransaction(trx)
    member.merge({ personal_email: contact.email, email: contact.email })
    await member.save()
    await recordAudit(trx, {
      actor: `member:${member.member_id}`,
      action: 'member.email_changed',
      entityType: 'member',
      entityId: member.id,
      before,
      after: { email: contact.email, personal_email: contact.email },
    })
  })
}
