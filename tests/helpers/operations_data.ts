/*
| Data of the back-office's audit trail and operations screens, shared by their behaviour tests
| (audit_history, outbox_and_resend .spec.ts) and their matrix (matrix_content.spec.ts).
*/
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { insertMigration } from '#tests/helpers/backoffice_data'
import { recordAudit } from '#modules/audit/index'
import { ExchangeRate } from '#modules/catalog/index'
import { Member } from '#modules/members/index'
import { ApiConfiguration, ApiLog } from '#modules/fulfilment/index'
import { EmailDelivery } from '#modules/notifications/index'

const SQL = 'yyyy-MM-dd HH:mm:ss'
/** The enrolment key of troubledMigration's member: its calls' Idempotency-Key is `${KEY}:${config id}`. */
export const KEY = '6b0f3c1e-0000-4000-8000-000000000001'

/** Three audit entries of different actors, actions and entities (the API config's auth_config masked on screen). */
export async function seedAuditEntries(currencyId = 2) {
  await db.transaction(async (trx) => {
    await recordAudit(trx, {
      actor: 'admin',
      action: 'product.update',
      entityType: 'product',
      entityId: 1,
      before: { disabled: false },
      after: { disabled: true },
    })
    await recordAudit(trx, {
      actor: 'cli:ops',
      action: 'api_config.update',
      entityType: 'api_config',
      entityId: 7,
      before: { auth_config: 'old', name: 'DHIG' },
      after: { auth_config: 'new', name: 'DHIG v2' },
    })
    await recordAudit(trx, {
      actor: 'admin',
      action: 'currency.update',
      entityType: 'currency',
      entityId: currencyId,
      before: { surcharge_percentage: 2 },
      after: { surcharge_percentage: 3 },
    })
  })
}

/** A EUR migration of Emma (GBP premium) priced at EUR 0.92 + 2 % and GBP 0.79; EUR is 0.95 today. */
export async function migrationWithMovedRate() {
  const emma = await Member.findByOrFail('member_id', 'DEMO-1005')
  const id = await insertMigration('DEMO-1005', {
    currency: 'EUR',
    exchange_rate: 0.92,
    surcharge_percentage: 2,
    total_amount: 1595.07,
    created_at: '2026-11-20 09:30:00',
  })
  await db.table('migration_members').insert({
    migration_id: id,
    member_id: emma.id,
    insured_full_name: emma.insured_full_name,
    insured_role: emma.insured_role,
    member_id_str: emma.member_id,
    final_premium: 1700,
    premium_currency: 'GBP',
    annual_premium: 2024.87,
    calculated_premium: 2024.87,
    premium_rate: 0.79,
  })
  await ExchangeRate.query().where('currency_code', 'EUR').update({ rate: 0.95 })
  return id
}

/**
 * A finished migration of DEMO-1001 whose confirmation was refused and whose insurer call is in
 * dead letter (five failed attempts, its retry job `failed`).
 */
export async function troubledMigration(insurerUrl: string) {
  const member = await Member.findByOrFail('member_id', 'DEMO-1001')
  const id = await insertMigration('DEMO-1001', {
    status: 'completed_with_warnings',
    payment_status: 'succeeded',
    document_status: 'skipped',
    email_status: 'partial',
    api_status: 'failed',
  })
  const reference = (await db.from('migrations').where('id', id).first()).migration_reference
  await EmailDelivery.createMany([
    {
      migration_id: id,
      member_id: member.id,
      email_type: 'migration_confirmation',
      recipient: member.email!,
      recipient_source: 'member_email',
      subject: 'Confirmed',
      status: 'failed',
      attempts: 1,
      error_message: `Mailbox ${member.email} unavailable`,
      attachments: '[]',
      dedupe_key: `migration_confirmation:${id}:${member.id}`,
    },
    {
      migration_id: id,
      email_type: 'admin_notification',
      recipient: 'ops@example.com',
      recipient_source: 'admin_setting',
      subject: 'Completed',
      status: 'sent',
      attempts: 1,
      attachments: '[]',
      dedupe_key: `admin_notification:${id}:-`,
    },
  ])
  const config = await ApiConfiguration.create({
    name: 'DHIG',
    endpoint_url: insurerUrl,
    auth_type: 'none',
    auth_config: null,
    timeout_ms: 3000,
    enabled: true,
  })
  await db.table('migration_members').insert({
    migration_id: id,
    member_id: member.id,
    insured_full_name: member.insured_full_name,
    insured_role: member.insured_role,
    member_id_str: member.member_id,
    date_of_birth: member.date_of_birth.toISODate(),
    annual_premium: 1200,
    calculated_premium: 1200,
    enrolment_key: KEY.slice(0, 36),
  })
  for (let attempt = 1; attempt <= 5; attempt++) {
    await ApiLog.create({
      migration_id: id,
      api_configuration_id: config.id,
      api_name: 'DHIG',
      member_id: member.id,
      member_name: member.insured_full_name,
      member_id_str: member.member_id,
      endpoint: insurerUrl,
      success: false,
      response_status: 500,
      error_message: 'HTTP 500',
      request_payload: '{}',
      response_payload: null,
      attempt,
      idempotency_key: `${KEY}:${config.id}`,
    })
  }
  const now = DateTime.local().toFormat(SQL)
  const [jobId] = await db.table('jobs').insert({
    type: 'fulfilment.enrolment_call',
    payload: JSON.stringify({ migrationId: id, configId: config.id, memberId: member.id }),
    status: 'failed',
    attempts: 4,
    max_attempts: 4,
    run_at: now,
    last_error: 'HTTP 500',
    migration_id: id,
    dedupe_key: `enrolment:${id}:${config.id}:${member.id}`,
    created_at: now,
    updated_at: now,
  })
  return { id, reference, member, config, jobId: Number(jobId) }
}

/** Anna's two invitations: one sent to her own address, a reminder to an override that failed. */
export async function seedInvitations(anna: Member) {
  await EmailDelivery.createMany([
    {
      member_id: anna.id,
      email_type: 'migration_invitation',
      recipient: anna.email!,
      recipient_source: 'member_email',
      subject: 'Invitation',
      status: 'sent',
      attempts: 1,
    },
    {
      member_id: anna.id,
      email_type: 'invitation_reminder',
      recipient: 'qa@example.com',
      recipient_source: 'member_override',
      subject: 'Reminder',
      status: 'failed',
      attempts: 1,
      error_message: 'Mailbox qa@example.com unavailable',
    },
  ])
}
