import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { isoDate, scrubbedColumns } from '#modules/shared/index'
import Migration from '../models/migration.js'
import MigrationMember from '../models/migration_member.js'
import Installment from '../models/installment.js'
import MigrationConsent from '../models/migration_consent.js'

/** The name an erased migration keeps (members' ERASED_NAME, repeated: migrations does not read it). */
const ERASED_NAME = 'Erased member'

/** The migrations of a family's principal (migrations.member_id is the principal's id). */
export async function migrationIdsOf(principalId: number, trx?: TransactionClientContract) {
  const rows = await Migration.query({ client: trx }).where('member_id', principalId).select('id')
  return rows.map((row) => row.id)
}

/** What migrations holds about a principal, for "Download my data": each migration with its members, installments and consents. */
export async function migrationDataOf(principalId: number) {
  const migrations = await Migration.query().where('member_id', principalId).orderBy('id')
  const ids = migrations.map((migration) => migration.id)
  const [members, installments, consents] = await Promise.all([
    MigrationMember.query().whereIn('migration_id', ids).orderBy('id'),
    Installment.query().whereIn('migration_id', ids).orderBy('payment_number'),
    MigrationConsent.query().whereIn('migration_id', ids).orderBy('id'),
  ])
  const of = <Row extends { migration_id: number }>(rows: Row[], id: number) =>
    rows.filter((row) => row.migration_id === id)
  return migrations.map((migration) => ({
    id: migration.id,
    reference: migration.migration_reference,
    insured_full_name: migration.insured_full_name,
    member_id: migration.member_id_str,
    email: migration.email,
    date_of_birth: isoDate(migration.date_of_birth),
    product_name: migration.product_name,
    plan_name: migration.plan_name,
    currency: migration.currency,
    total_amount: migration.total_amount,
    payment_frequency: migration.payment_frequency,
    number_of_payments: migration.number_of_payments,
    start_date: isoDate(migration.start_date),
    end_date: isoDate(migration.end_date),
    status: migration.status,
    payment_status: migration.payment_status,
    failure_reason: migration.failure_reason,
    created_at: migration.created_at?.toISO() ?? null,
    completed_at: migration.completed_at?.toISO() ?? null,
    members: of(members, migration.id).map((member) => ({
      insured_full_name: member.insured_full_name,
      insured_role: member.insured_role,
      member_id: member.member_id_str,
      date_of_birth: isoDate(member.date_of_birth),
      final_premium: member.final_premium,
      premium_currency: member.premium_currency,
    })),
    installments: of(installments, migration.id).map((installment) => ({
      number: installment.payment_number,
      amount: installment.amount,
      due_date: isoDate(installment.due_date),
    })),
    consents: of(consents, migration.id).map((consent) => ({
      text_version: consent.text_version,
      language: consent.language,
      accepted_at: consent.accepted_at?.toUTC().toISO() ?? null,
      text: consent.accepted_text,
      ip: consent.ip,
    })),
  }))
}

/**
 * Anonymises the family's migrations (docs/privacy.md): the amounts, dates, references and
 * statuses stay for accounting; names become ERASED_NAME, email and birth dates are emptied, and
 * the personal texts are replaced in the failure reason, the stored checkout answer and the
 * consents' accepted texts (the consent rows stay: they prove what was agreed).
 */
export async function eraseMigrations(
  trx: TransactionClientContract,
  migrationIds: number[],
  texts: string[]
) {
  if (migrationIds.length === 0) return
  await Migration.query({ client: trx })
    .whereIn('id', migrationIds)
    .update({
      insured_full_name: ERASED_NAME,
      email: null,
      date_of_birth: null,
      ...scrubbedColumns(['failure_reason', 'checkout_answer'], texts),
    })
  await MigrationMember.query({ client: trx })
    .whereIn('migration_id', migrationIds)
    .update({ insured_full_name: ERASED_NAME, date_of_birth: null })
  await MigrationConsent.query({ client: trx })
    .whereIn('migration_id', migrationIds)
    .update(scrubbedColumns(['accepted_text'], texts))
}
