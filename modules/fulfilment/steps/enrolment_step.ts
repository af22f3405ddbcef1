import type { MigratedMember, MigrationContext } from '../services/migration_context.js'
import { isoDate } from '#modules/shared/index'
import ApiConfiguration from '../models/api_configuration.js'
import ApiLog from '../models/api_log.js'
import { enrolmentIds, postEnrolment } from '../services/enrolment_client.js'
import { outcomeOf } from './step_statuses.js'

/** Stored payloads are capped to fit a TEXT column on MariaDB. */
const MAX_PAYLOAD = 60_000

/**
 * Enrols every migrated member with every enabled API configuration (one
 * call each, logged). On a re-run (crash, resumed job) a member already
 * enrolled successfully with a configuration is not called again, unless
 * `force` (an admin retry) asks for every call.
 */
export async function runEnrolment(context: MigrationContext, options: { force?: boolean } = {}) {
  const configs = await ApiConfiguration.query().where('enabled', true).orderBy('id')
  if (configs.length === 0) return { status: 'skipped', count: 0, errors: [] as string[] }

  let attempted = 0
  let succeeded = 0
  const errors: string[] = []
  for (const config of configs) {
    for (const entry of context.members) {
      if (!options.force && (await alreadyEnrolled(context, config, entry))) {
        attempted++
        succeeded++
        continue
      }
      attempted++
      const error = await enrolOne(context, config, entry)
      if (error) errors.push(`${config.name} / ${entry.member.member_id}: ${error}`)
      else succeeded++
    }
  }
  return { status: outcomeOf(succeeded, attempted, 'completed'), count: succeeded, errors }
}

async function alreadyEnrolled(context: MigrationContext, config: ApiConfiguration, entry: MigratedMember) {
  const log = await ApiLog.query()
    .where('migration_id', context.migration.id)
    .where('api_configuration_id', config.id)
    .where('member_id', entry.member.id)
    .where('success', true)
    .first()
  return !!log
}

/** One call: logs it, stores the returned ids; answers the error text or null. */
async function enrolOne(context: MigrationContext, config: ApiConfiguration, entry: MigratedMember): Promise<string | null> {
  const request = enrolmentRequest(context, entry)
  const answer = await postEnrolment(config, request)
  await ApiLog.create({
    migration_id: context.migration.id,
    api_configuration_id: config.id,
    api_name: config.name,
    member_id: entry.member.id,
    member_name: entry.member.insured_full_name,
    member_id_str: entry.member.member_id,
    endpoint: config.endpoint_url,
    success: answer.ok,
    response_status: answer.status,
    error_message: answer.error?.slice(0, 1000) ?? null,
    request_payload: JSON.stringify(request).slice(0, MAX_PAYLOAD),
    response_payload: answer.body?.slice(0, MAX_PAYLOAD) ?? null,
  })
  if (!answer.ok) return answer.error
  const ids = enrolmentIds(answer.body)
  if (ids.personId || ids.memberId) {
    const values = { dhig_person_id: ids.personId ?? entry.selection.dhig_person_id, dhig_member_id: ids.memberId ?? entry.selection.dhig_member_id }
    await entry.selection.merge(values).save()
    await entry.member.merge(values).save()
  }
  return null
}

/** The request body (documented in docs/enrolment.md). */
export function enrolmentRequest(context: MigrationContext, entry: MigratedMember) {
  const { migration, product, principal } = context
  const member = entry.member
  return {
    migrationReference: migration.migration_reference,
    planId: product?.plan_id ?? null,
    productName: member.product_name ?? migration.product_name,
    productAlias: product?.product_alias ?? null,
    planName: member.plan_name ?? migration.plan_name,
    coverage: {
      startDate: isoDate(migration.start_date),
      endDate: isoDate(migration.end_date),
      durationDays: migration.duration_days,
      durationType: migration.duration_type,
      paymentFrequency: migration.payment_frequency,
    },
    member: {
      memberId: member.member_id,
      personId: member.person_id,
      personGuid: member.dhig_person_guid,
      fullName: member.insured_full_name,
      dateOfBirth: isoDate(member.date_of_birth),
      role: member.insured_role,
      gender: member.gender,
      citizenship: member.citizenship,
      residenceCountry: member.residence_country,
      email: member.email,
      principalMemberId: principal.member_id,
      principalPersonId: principal.person_id,
    },
    premium: {
      currency: migration.currency,
      annualPremium: entry.selection.annual_premium,
      calculatedPremium: entry.selection.calculated_premium,
    },
  }
}
