import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'

/** How long a sender holds the next notice of a case while it issues the link and sends. */
const SENDING_LEASE_MS = 2 * 60_000

/** Timestamps as UTC text: compared the same way by SQLite (text) and MariaDB (timestamp). */
const stamp = (date: DateTime) => date.toUTC().toFormat('yyyy-MM-dd HH:mm:ss')

/** MariaDB answers a Date, SQLite the stored UTC text. */
export function readStamp(value: unknown): DateTime {
  return value instanceof Date
    ? DateTime.fromJSDate(value, { zone: 'utc' })
    : DateTime.fromSQL(String(value), { zone: 'utc' })
}

export interface DunningCase {
  id: number
  payment_id: number
  migration_id: number
  member_id: number
  failed_at: DateTime
  /** Notices sent: 0 none yet, 1 the failure email, 1 + k the k-th reminder. */
  stage: number
  /** The coverage lapsed: no more notices (docs/payments.md, "Lapse"). */
  ended: boolean
}

const affected = (result: unknown) => Number(Array.isArray(result) ? result[0] : result)
const isDuplicate = (error: any) =>
  error?.code === 'ER_DUP_ENTRY' || String(error?.code ?? '').startsWith('SQLITE_CONSTRAINT')

function present(row: any): DunningCase {
  return {
    id: Number(row.id),
    payment_id: Number(row.payment_id),
    migration_id: Number(row.migration_id),
    member_id: Number(row.member_id),
    failed_at: readStamp(row.failed_at),
    stage: Number(row.stage),
    ended: row.ended_at !== null && row.ended_at !== undefined,
  }
}

/**
 * The dunning_cases rows (dunning owns the table). Every change is one
 * conditional UPDATE, so simultaneous senders cannot both take a notice.
 */
export const dunningCases = {
  /** The case of a failed payment, opened at `failedAt` the first time (unique payment_id). */
  async open(fields: {
    paymentId: number
    migrationId: number
    memberId: number
    failedAt: DateTime
  }): Promise<DunningCase> {
    const existing = await db.from('dunning_cases').where('payment_id', fields.paymentId).first()
    if (existing) return present(existing)
    const now = stamp(DateTime.utc())
    try {
      await db.table('dunning_cases').insert({
        payment_id: fields.paymentId,
        migration_id: fields.migrationId,
        member_id: fields.memberId,
        failed_at: stamp(fields.failedAt),
        stage: 0,
        created_at: now,
        updated_at: now,
      })
    } catch (error) {
      // Opened by a simultaneous sender a moment ago: the unique key keeps one.
      if (!isDuplicate(error)) throw error
    }
    return present(
      await db.from('dunning_cases').where('payment_id', fields.paymentId).firstOrFail()
    )
  },

  /** Takes notice `notice` (the case must have sent notice − 1 and nobody may hold it); false when another sender has it or it is done. */
  async claim(caseId: number, notice: number): Promise<boolean> {
    const now = DateTime.utc()
    const claimed = await db
      .from('dunning_cases')
      .where('id', caseId)
      .where('stage', '<', notice)
      .whereNull('ended_at')
      .where((query) => query.whereNull('sending_until').orWhere('sending_until', '<', stamp(now)))
      .update({
        sending_stage: notice,
        sending_until: stamp(now.plus({ milliseconds: SENDING_LEASE_MS })),
        updated_at: stamp(now),
      })
    return affected(claimed) === 1
  },

  /** Notice `notice` was handed to the mail server (or already was): the case moves on. */
  async sent(caseId: number, notice: number, at: DateTime) {
    await db
      .from('dunning_cases')
      .where('id', caseId)
      .where('stage', '<', notice)
      .update({
        stage: notice,
        last_notice_at: stamp(at),
        sending_stage: null,
        sending_until: null,
        updated_at: stamp(DateTime.utc()),
      })
  },

  /** The send failed: the notice is free to be tried again. */
  async release(caseId: number, notice: number) {
    await db
      .from('dunning_cases')
      .where('id', caseId)
      .where('sending_stage', notice)
      .update({ sending_stage: null, sending_until: null, updated_at: stamp(DateTime.utc()) })
  },

  /** The coverage lapsed: the migration's open cases end (no more reminders); answers how many ended now. */
  async endLapsed(migrationId: number, at: DateTime): Promise<number> {
    const ended = await db
      .from('dunning_cases')
      .where('migration_id', migrationId)
      .whereNull('ended_at')
      .update({ ended_at: stamp(at), ended_reason: 'lapsed', updated_at: stamp(DateTime.utc()) })
    return affected(ended)
  },

  /** Open cases: their payment is still unpaid (paying ends the sequence at once) and the coverage has not lapsed. */
  async unpaid(): Promise<DunningCase[]> {
    const rows = await db
      .from('dunning_cases as c')
      .join('payments as p', 'p.id', 'c.payment_id')
      .where('p.paid', false)
      .whereNull('c.ended_at')
      .select('c.*')
      .orderBy('c.id')
    return rows.map(present)
  },
}
