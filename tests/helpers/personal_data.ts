import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { randomBytes } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { Member } from '#modules/members/index'
import { storagePath } from '#modules/documents/index'
import { insertMigration, insertPayment } from './backoffice_data.js'

const SQL = 'yyyy-MM-dd HH:mm:ss'
const now = () => DateTime.utc().toFormat(SQL)

/**
 * A principal and a spouse with a row in every table that holds a member's data (docs/privacy.md):
 * a migration with its members, installment and consent, a payment, a refund, a cancellation, a
 * stored document (its file too), an email delivery and an override, an insurer API log, a hold,
 * an audit entry, a signed-in device and a secure link. Each text that should name them does, so
 * an export test finds them and an erasure test can prove they went.
 */
export async function familyWithEveryKindOfData() {
  const suffix = randomBytes(3).toString('hex').toUpperCase()
  const name = `Petra Privacy${suffix}`
  const spouseName = `Paul Privacy${suffix}`
  const email = `petra.${suffix.toLowerCase()}@example.org`
  const personalEmail = `petra.home.${suffix.toLowerCase()}@example.net`
  const birthDate = '1971-07-23'
  const spouseBirthDate = '1973-02-14'
  const principal = await Member.create({
    member_id: `PRIV-${suffix}`,
    insured_full_name: name,
    date_of_birth: DateTime.fromISO(birthDate),
    insured_role: 'Principal',
    email: personalEmail,
    original_email: email,
    personal_email: personalEmail,
    status: 'Active',
    residence_country: 'Switzerland',
    product_name: 'Global Health Gold',
    plan_name: 'Gold',
    sum_insured: 1000000,
    final_premium: 2400,
    premium_currency: 'USD',
  })
  const spouse = await Member.create({
    member_id: `PRIV-${suffix}-S`,
    principal_id: principal.id,
    principal_name: name,
    insured_full_name: spouseName,
    date_of_birth: DateTime.fromISO(spouseBirthDate),
    insured_role: 'Spouse',
    status: 'Active',
    product_name: 'Global Health Gold',
    plan_name: 'Gold',
  })
  const migrationId = await insertMigration(principal.member_id, {
    status: 'completed',
    payment_status: 'succeeded',
    failure_reason: `Checked with ${name}`,
  })
  const migration = await db.from('migrations').where('id', migrationId).first()
  for (const member of [principal, spouse])
    await db.table('migration_members').insert({
      migration_id: migrationId,
      member_id: member.id,
      insured_full_name: member.insured_full_name,
      insured_role: member.insured_role,
      member_id_str: member.member_id,
      date_of_birth: member.date_of_birth.toISODate(),
      annual_premium: 1200,
      calculated_premium: 1200,
    })
  await db.table('installments').insert({
    migration_id: migrationId,
    payment_number: 1,
    amount: 1200,
    due_date: DateTime.utc().toISODate(),
    is_reconciliation: false,
  })
  const consentText = `I, ${name}, born ${birthDate}, accept the terms (privacy test ${suffix}).`
  await db.table('migration_consents').insert({
    migration_id: migrationId,
    member_id: principal.id,
    text_version: 'privacy-test',
    language: 'en',
    accepted_text: consentText,
    ip: '203.0.113.7',
    accepted_at: now(),
  })
  const providerPaymentId = `in_privacy_${suffix.toLowerCase()}`
  const paymentId = await insertPayment(migrationId, {
    provider_payment_id: providerPaymentId,
    amount: 1234.56,
    currency: 'USD',
  })
  const refundReason = `Goodwill refund for ${name} (${suffix})`
  await db.table('payment_refunds').insert({
    migration_id: migrationId,
    payment_id: paymentId,
    provider: 'sandbox',
    amount_cents: 2500,
    currency: 'USD',
    status: 'succeeded',
    origin: 'portal',
    reason: refundReason,
    refunded_at: now(),
    created_at: now(),
    updated_at: now(),
  })
  await db.table('coverage_cancellations').insert({
    migration_id: migrationId,
    requested_by_kind: 'admin',
    requested_by: 'admin',
    reason: `Asked by ${email}`,
    effective_on: DateTime.utc().toISODate(),
    refund_rule: 'unused_part',
    paid_cents: 123456,
    refund_cents: 0,
    currency: 'USD',
    status: 'completed',
    created_at: now(),
    updated_at: now(),
  })
  const fileName = `policy-${migration.migration_reference}.pdf`
  const filePath = `documents/privacy-${suffix}/${fileName}`
  await mkdir(dirname(storagePath(filePath)), { recursive: true })
  await writeFile(storagePath(filePath), `%PDF-1.4 ${name}`)
  await db.table('documents').insert({
    migration_id: migrationId,
    member_id: principal.id,
    document_type: 'policy',
    file_name: fileName,
    file_path: filePath,
    created_at: now(),
  })
  const emailSubject = `Welcome ${name}, your coverage ${suffix} is ready`
  await db.table('email_deliveries').insert({
    migration_id: migrationId,
    member_id: principal.id,
    email_type: 'confirmation',
    recipient: personalEmail,
    subject: emailSubject,
    status: 'sent',
    attachments: JSON.stringify([fileName]),
    created_at: now(),
  })
  await db.table('email_overrides').insert({
    member_id: principal.id,
    override_email: personalEmail,
    notes: `For ${name}`,
    created_at: now(),
    updated_at: now(),
  })
  await db.table('api_logs').insert({
    migration_id: migrationId,
    api_name: 'DHIG',
    member_id: principal.id,
    member_name: name,
    member_id_str: principal.member_id,
    endpoint: 'http://127.0.0.1:9/enrol',
    success: true,
    response_status: 200,
    request_payload: JSON.stringify({ name, dateOfBirth: birthDate, email: personalEmail }),
    response_payload: JSON.stringify({ ok: true, name: spouseName, dob: spouseBirthDate }),
    created_at: now(),
  })
  await db.table('migration_blocks').insert({
    member_id: principal.id,
    migration_id: null,
    reason: `Call ${name} first`,
    blocked_by: 'admin',
    active: false,
    created_at: now(),
  })
  await db.table('audit_entries').insert({
    at: now(),
    actor: 'admin',
    action: 'member.updated',
    entity_type: 'member',
    entity_id: String(principal.id),
    before: JSON.stringify({ email }),
    after: JSON.stringify({ email: personalEmail, insured_full_name: name }),
  })
  const userAgent = `PrivacyTestBrowser/${suffix}`
  await db.table('user_sessions').insert({
    id: randomBytes(24).toString('hex'),
    guard: 'member',
    account_id: principal.id,
    session_version: 0,
    ip: '203.0.113.7',
    user_agent: userAgent,
    created_at: new Date(),
    last_seen_at: new Date(),
  })
  await db.table('migration_tokens').insert({
    member_id: principal.id,
    token_hash: randomBytes(32).toString('hex'),
    expires_at: DateTime.utc().plus({ days: 7 }).toFormat(SQL),
    created_at: now(),
  })
  return {
    principal,
    spouse,
    migrationId,
    reference: migration.migration_reference as string,
    values: { name, spouseName, email, personalEmail, birthDate, spouseBirthDate },
    expected: {
      consentText,
      providerPaymentId,
      refundReason,
      fileName,
      filePath,
      emailSubject,
      userAgent,
    },
  }
}

const TEXT_TYPES = /char|text|json|clob|enum/i
const DATE_TYPES = /^date$|datetime|timestamp/i

/** Every table of the database and its columns with their declared types, read from the schema itself. */
async function schema(): Promise<Array<{ table: string; columns: Array<[string, string]> }>> {
  const sqlite = db.connection().dialect.name.includes('sqlite')
  const tables: string[] = sqlite
    ? (
        await db.rawQuery(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        )
      ).map((row: { name: string }) => row.name)
    : (
        await db.rawQuery(
          "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE() AND table_type = 'BASE TABLE'"
        )
      )[0].map((row: { name: string }) => row.name)
  /** Column name → declared type (PRAGMA on SQLite, information_schema on MariaDB). */
  const columnsOf = async (table: string): Promise<Array<[string, string]>> =>
    sqlite
      ? (await db.rawQuery(`PRAGMA table_info(\`${table}\`)`)).map(
          (row: { name: string; type: string }) => [row.name, row.type]
        )
      : (
          await db.rawQuery(
            'SELECT column_name AS name, data_type AS type FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = ?',
            [table]
          )
        )[0].map((row: { name: string; type: string }) => [row.name, row.type])
  return Promise.all(tables.map(async (table) => ({ table, columns: await columnsOf(table) })))
}

/**
 * Every `table.column` of the database holding one of the texts (a LIKE over each text column of
 * every table, read from the schema itself) or one of the dates (an equal date or date-time
 * column): the erasure test's proof that nothing is left.
 */
export async function columnsHolding(texts: string[], dates: string[]) {
  const hits: string[] = []
  for (const { table, columns } of await schema()) {
    for (const [column, type] of columns) {
      if (TEXT_TYPES.test(type)) {
        for (const text of texts) {
          const row = await db.from(table).where(column, 'like', `%${text}%`).first()
          if (row) hits.push(`${table}.${column} holds "${text}"`)
        }
      } else if (DATE_TYPES.test(type)) {
        for (const date of dates) {
          const row = await db
            .from(table)
            .where((query) => query.where(column, date).orWhere(column, `${date} 00:00:00`))
            .first()
          if (row) hits.push(`${table}.${column} holds ${date}`)
        }
      }
    }
  }
  return hits
}

/** The columns that name a member (by id) or a migration in the tables that hold a member's data. */
const MEMBER_COLUMNS = ['member_id', 'account_id', 'principal_id']
const MIGRATION_COLUMNS = ['migration_id']

/**
 * Every table holding some of a family's data, found from the schema: a row naming one of its
 * members or migrations by id, or a text or date column holding one of its personal values (names,
 * emails, birth dates). The export test's list of what "everything held about them" covers.
 */
export async function tablesHoldingFamily(
  family: { memberIds: number[]; migrationIds: number[] },
  texts: string[],
  dates: string[]
) {
  const found = new Set(
    (await columnsHolding(texts, dates)).map((hit) => hit.slice(0, hit.indexOf('.')))
  )
  for (const { table, columns } of await schema()) {
    for (const [column, type] of columns) {
      // Integer ids only: a text member_id column holds member numbers (DEMO-1001), found above by name.
      if (/char|text/i.test(type)) continue
      const ids = MEMBER_COLUMNS.includes(column)
        ? family.memberIds
        : MIGRATION_COLUMNS.includes(column)
          ? family.migrationIds
          : []
      if (ids.length > 0 && (await db.from(table).whereIn(column, ids).first())) found.add(table)
    }
  }
  return [...found].sort()
}
