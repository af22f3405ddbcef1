import { DateTime } from 'luxon'
import { jobQueue, JOB_TYPES, retryDelaySeconds } from '#modules/jobs/index'
import { recordEnrolment } from '#modules/members/index'
import { enrolmentKeyOf, markMemberEnrolled } from '#modules/migrations/index'
import { isoDate } from '#modules/shared/index'
import type { MigratedMember, MigrationContext } from '#modules/documents/index'
import ApiConfiguration from '../models/api_configuration.js'
import ApiLog from '../models/api_log.js'
import { enrolmentIds, postEnrolment } from '../services/enrolment_client.js'
import { outcomeOf } from './step_statuses.js'

/** Stored payloads are capped to fit a TEXT column on MariaDB. */
const MAX_PAYLOAD = 60_000

/** What an API log row says until the answer of its call is recorded (a crash mid-call leaves it so). */
const NO_ANSWER = 'No answer recorded (interrupted)'

/**
 * Enrols every migrated member with every enabled API configuration (one
 * call each, logged). Idempotent per member: on any re-run (resumed job,
 * admin "Retry API calls") a member already enrolled successfully with a
 * configuration is not called again; the others are called with the same
 * Idempotency-Key as their earlier attempts (docs/enrolment.md).
 */
export async function runEnrolment(context: MigrationContext) {
  const configs = await ApiConfiguration.query().where('enabled', true).orderBy('id')
  if (configs.length === 0) return { status: 'skipped', count: 0, errors: [] as string[] }

  let attempted = 0
  let succeeded = 0
  const errors: string[] = []
  for (const config of configs) {
    for (const entry of context.members) {
      attempted++
      if (await alreadyEnrolled(context, config, entry)) {
        succeeded++
        continue
      }
      const error = await enrolOne(context, config, entry)
      if (error) errors.push(`${config.name} / ${entry.member.member_id}: ${error}`)
      else succeeded++
    }
  }
  return { status: outcomeOf(succeeded, attempted, 'completed'), count: succeeded, errors }
}

/** Retries of one failed call after the step's own attempt (then it is in dead letter, docs/operations.md). */
const ENROLMENT_CALL_RETRIES = 4

/** The one retry job of a call: a migration's enrolment of one member with one configuration. */
export function enrolmentCallKey(migrationId: number, configId: number, memberId: number) {
  return `enrolment:${migrationId}:${configId}:${memberId}`
}

/** The step's outcome as the api_logs now stand, without calling anyone (completed, partial or failed). */
export async function enrolmentOutcome(context: MigrationContext) {
  const configs = await ApiConfiguration.query().where('enabled', true)
  let attempted = 0
  let succeeded = 0
  for (const config of configs) {
    for (const entry of context.members) {
      attempted++
      if (await alreadyEnrolled(context, config, entry)) succeeded++
    }
  }
  return configs.length === 0 ? 'skipped' : outcomeOf(succeeded, attempted, 'completed')
}

function callsOf(context: MigrationContext, config: ApiConfiguration, entry: MigratedMember) {
  return ApiLog.query()
    .where('migration_id', context.migration.id)
    .where('api_configuration_id', config.id)
    .where('member_id', entry.member.id)
    .where('call_type', 'enrolment')
}

async function alreadyEnrolled(
  context: MigrationContext,
  config: ApiConfiguration,
  entry: MigratedMember
) {
  return !!(await callsOf(context, config, entry).where('success', true).first())
}

/**
 * The Idempotency-Key of a member's enrolment with a configuration: a random
 * key stored on the migrated member the first time (a conditional UPDATE, so
 * two racing runs keep the same one), then the configuration id.
 */
async function idempotencyKey(entry: MigratedMember, config: ApiConfiguration) {
  return `${await enrolmentKeyOf(entry.selection.id)}:${config.id}`
}

/**
 * One call. Its log row is written before the call (attempt number, key) and
 * completed with the answer; the returned ids are stored; answers the error
 * text or null.
 */
async function enrolOne(
  context: MigrationContext,
  config: ApiConfiguration,
  entry: MigratedMember
): Promise<string | null> {
  const request = enrolmentRequest(context, entry)
  const key = await idempotencyKey(entry, config)
  const earlier = await callsOf(context, config, entry).count('* as total')
  const log = await ApiLog.create({
    migration_id: context.migration.id,
    api_configuration_id: config.id,
    api_name: config.name,
    member_id: entry.member.id,
    member_name: entry.member.insured_full_name,
    member_id_str: entry.member.member_id,
    endpoint: config.endpoint_url,
    success: false,
    response_status: null,
    error_message: NO_ANSWER,
    request_payload: JSON.stringify(request).slice(0, MAX_PAYLOAD),
    response_payload: null,
    attempt: Number(earlier[0].$extras.total) + 1,
    idempotency_key: key,
    call_type: 'enrolment',
    skipped: false,
  })
  const answer = await postEnrolment(config, request, key)
  const callKey = enrolmentCallKey(context.migration.id, config.id, entry.member.id)
  await log
    .merge({
      success: answer.ok,
      response_status: answer.status,
      error_message: answer.error?.slice(0, 1000) ?? null,
      response_payload: answer.body?.slice(0, MAX_PAYLOAD) ?? null,
    })
    .save()
  if (!answer.ok) {
    // Retried by its own job with a growing delay; once those run out it is in dead letter (Replay).
    const payload = {
      migrationId: context.migration.id,
      configId: config.id,
      memberId: entry.member.id,
    }
    await jobQueue.enqueueOnce(JOB_TYPES.enrolmentCall, payload, callKey, {
      runAt: DateTime.local().plus({ seconds: retryDelaySeconds(1) }),
      maxAttempts: ENROLMENT_CALL_RETRIES,
    })
    return answer.error
  }
  await storeInsurerIds(entry, enrolmentIds(answer.body))
  // Enrolled (by the step, a retry or a replay): its retry job, if any, has nothing left to do.
  await jobQueue.settleByKey(callKey)
  return null
}

/**
 * One call again (its retry job, a replay): the member with one configuration, unless already
 * enrolled. Answers the error text or null; the job throws on an error so the queue retries it.
 */
export async function enrolOneAgain(
  context: MigrationContext,
  configId: number,
  memberId: number
): Promise<string | null> {
  const config = await ApiConfiguration.find(configId)
  const entry = context.members.find((candidate) => candidate.member.id === memberId)
  if (!config || !config.enabled || !entry) return null // nothing to call any more
  if (await alreadyEnrolled(context, config, entry)) return null
  return enrolOne(context, config, entry)
}

/**
 * Keeps the first ids the insurer gave for this migrated member: one UPDATE
 * that fills only empty columns, so a later answer never overwrites them.
 * The member row then mirrors what the migration holds.
 */
async function storeInsurerIds(
  entry: MigratedMember,
  ids: { personId: string | null; memberId: string | null }
) {
  if (!ids.personId && !ids.memberId) return
  await markMemberEnrolled(entry.selection, ids)
  await recordEnrolment(entry.member, {
    dhig_person_id: entry.selection.dhig_person_id,
    dhig_member_id: entry.selection.dhig_member_id,
  })
}

/** The request body (documented in docs/enrolment.md). */
function enrolmentRequest(context: MigrationContext, entry: MigratedMember) {
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
