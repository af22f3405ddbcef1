import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import {
  dateForms,
  forUpdate,
  isoDate,
  personalTexts,
  scrubbedColumns,
} from '#modules/shared/index'
import Member from '../models/member.js'
import MigrationBlock from '../models/migration_block.js'

/** The name an erased member keeps (docs/privacy.md). */
const ERASED_NAME = 'Erased member'
/** members.date_of_birth is required (it signs the member in): an erased member's is this day. */
const ERASED_BIRTH_DATE = '1900-01-01'

/** The principal and the dependants linked to them, principal first. */
async function familyRows(principal: Member, trx?: TransactionClientContract) {
  const relatives = await Member.query({ client: trx })
    .where('principal_id', principal.id)
    .orderBy('id')
  return [principal, ...relatives]
}

/** What members holds about a family, for "Download my data" (shop's member_data_export.ts). */
export async function familyDataOf(principal: Member) {
  const family = await familyRows(principal)
  const blocks = await MigrationBlock.query()
    .whereIn(
      'member_id',
      family.map((member) => member.id)
    )
    .orderBy('id')
  return {
    members: family.map((member) => ({
      id: member.id,
      member_id: member.member_id,
      person_id: member.person_id,
      insured_full_name: member.insured_full_name,
      date_of_birth: isoDate(member.date_of_birth),
      insured_role: member.insured_role,
      principal_name: member.principal_name,
      email: member.email,
      personal_email: member.personal_email,
      original_email: member.original_email,
      gender: member.gender,
      citizenship: member.citizenship,
      residence_country: member.residence_country,
      status: member.status,
      language: member.language,
      product_name: member.product_name,
      plan_name: member.plan_name,
      sum_insured: member.sum_insured,
      final_premium: member.final_premium,
      premium_currency: member.premium_currency,
      policy_start_date: isoDate(member.policy_start_date),
      policy_end_date: isoDate(member.policy_end_date),
      insurer_person_id: member.dhig_person_id,
      insurer_member_id: member.dhig_member_id,
    })),
    migration_blocks: blocks.map((block) => ({
      member_id: block.member_id,
      reason: block.reason,
      active: Boolean(block.active),
      created_at: block.created_at?.toISO() ?? null,
    })),
  }
}

/**
 * The family's ids and the personal texts an erasure removes everywhere: names, emails and
 * dates of birth (in the forms dateForms lists). Read under the principal's row lock.
 */
export async function familyPersonalValues(principal: Member, trx: TransactionClientContract) {
  const family = await familyRows(principal, trx)
  const texts = personalTexts(
    family.flatMap((member) => [
      member.insured_full_name,
      member.principal_name,
      member.email,
      member.personal_email,
      member.original_email,
      ...dateForms(isoDate(member.date_of_birth) ?? ''),
    ])
  )
  return { memberIds: family.map((member) => member.id), texts }
}

/**
 * Locks the principal's row and tells whether it was erased already: the decision of an erasure,
 * made one request at a time (the first one erases; the others find erased_at set).
 */
export async function lockForErasure(memberId: number, trx: TransactionClientContract) {
  return forUpdate(Member.query({ client: trx }).where('id', memberId), trx).first()
}

/**
 * Anonymises the family's members rows (docs/privacy.md): name, emails, birth date, gender,
 * citizenship and residence replaced or emptied; the person IDs and the insurer's ids stay (they
 * key the accounting records that are kept). Block reasons lose the personal texts.
 */
export async function eraseFamilyMembers(
  trx: TransactionClientContract,
  memberIds: number[],
  texts: string[]
) {
  const now = DateTime.utc()
  await Member.query({ client: trx })
    .whereIn('id', memberIds)
    .update({
      insured_full_name: ERASED_NAME,
      principal_name: null,
      email: null,
      personal_email: null,
      original_email: null,
      date_of_birth: ERASED_BIRTH_DATE,
      gender: null,
      citizenship: null,
      residence_country: null,
      erased_at: now.toSQL({ includeOffset: false }),
      updated_at: now.toSQL({ includeOffset: false }),
    })
  await MigrationBlock.query({ client: trx })
    .whereIn('member_id', memberIds)
    .update(scrubbedColumns(['reason'], texts))
}
