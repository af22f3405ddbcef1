import db from '@adonisjs/lucid/services/db'
import { familyDataOf, type Member } from '#modules/members/index'
import { migrationDataOf } from '#modules/migrations/index'
import { paymentDataOf } from '#modules/payments/index'
import { documentListOf } from '#modules/documents/index'
import { insurerCallsOf } from '#modules/fulfilment/index'
import { emailOverridesOf, emailsSentTo } from '#modules/notifications/index'
import { memberSignInsOf } from '#modules/auth/index'
import { auditEntriesAbout, recordAudit } from '#modules/audit/index'
import { languageOf, type Language } from '#modules/shared/index'

export type MemberDataExport = Awaited<ReturnType<typeof memberDataOf>>

/**
 * Everything held about a principal and their family ("Download my data", docs/privacy.md),
 * each part from the module that owns it, through its index.ts.
 */
export async function memberDataOf(principal: Member) {
  const family = await familyDataOf(principal)
  const memberIds = family.members.map((member) => member.id)
  const migrations = await migrationDataOf(principal.id)
  const migrationIds = migrations.map((migration) => migration.id)
  const [money, documents, emails, overrides, insurerCalls, signIns, history] = await Promise.all([
    paymentDataOf(migrationIds),
    documentListOf(migrationIds),
    emailsSentTo(memberIds, migrationIds),
    emailOverridesOf(memberIds),
    insurerCallsOf(memberIds, migrationIds),
    memberSignInsOf(memberIds),
    auditEntriesAbout(memberIds, migrationIds),
  ])
  return {
    generated_at: new Date().toISOString(),
    members: family.members,
    migration_blocks: family.migration_blocks,
    migrations,
    payments: money.payments,
    refunds: money.refunds,
    cancellations: money.cancellations,
    documents,
    emails,
    email_overrides: overrides,
    insurer_calls: insurerCalls,
    sign_ins: signIns.sign_ins,
    secure_links: signIns.secure_links,
    history,
  }
}

/** The member's language for the PDF: the one stored for them (English until known). */
export function exportLanguage(principal: Member): Language {
  return languageOf(principal.language)
}

/** Writes the request to the audit trail (docs/privacy.md): who, when, which format. */
export async function auditDataExport(principal: Member, format: 'json' | 'pdf') {
  await db.transaction(async (trx) => {
    await recordAudit(trx, {
      actor: `member:${principal.member_id}`,
      action: 'member.data_exported',
      entityType: 'member',
      entityId: principal.id,
      after: { format },
    })
  })
}
