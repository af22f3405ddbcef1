import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'

/** Timestamps as UTC strings: compared the same way by SQLite (text) and MariaDB (timestamp). */
const stamp = (date: DateTime) => date.toUTC().toFormat('yyyy-MM-dd HH:mm:ss')

/**
 * A named cross-process lock in the scheduler_locks table. `claimRun`
 * succeeds for exactly one process per interval: the single conditional
 * UPDATE is atomic on both databases, so two processes ticking at the same
 * moment cannot both win, and a process that ticks just after another one
 * finished sees the fresh last_run_at and stays idle.
 */
export class SchedulerLock {
  constructor(
    readonly name: string,
    readonly owner: string
  ) {}

  /** Claims the task when it is due (last run older than intervalMs) and not held by a live owner. */
  async claimRun(intervalMs: number, holdMs: number): Promise<boolean> {
    const now = DateTime.utc()
    await this.#ensureRow()
    const claimed = await db
      .from('scheduler_locks')
      .where('name', this.name)
      .where('locked_until', '<=', stamp(now))
      .where((query) =>
        query
          .whereNull('last_run_at')
          .orWhere('last_run_at', '<=', stamp(now.minus({ milliseconds: intervalMs })))
      )
      .update({
        owner: this.owner,
        locked_until: stamp(now.plus({ milliseconds: holdMs })),
        last_run_at: stamp(now),
      })
    return Number(Array.isArray(claimed) ? claimed[0] : claimed) === 1
  }

  /** Frees the lock early once the work is done (last_run_at stays, so the interval still holds). */
  async release() {
    await db
      .from('scheduler_locks')
      .where('name', this.name)
      .where('owner', this.owner)
      .update({ locked_until: stamp(DateTime.utc()) })
  }

  /** The last claim, whichever process made it (null before the first one). */
  async lastRun(): Promise<{ at: DateTime; owner: string } | null> {
    const row = await db.from('scheduler_locks').where('name', this.name).first()
    if (!row?.last_run_at) return null
    const value = row.last_run_at
    // MariaDB answers a Date, SQLite the stored UTC text.
    const at =
      value instanceof Date
        ? DateTime.fromJSDate(value, { zone: 'utc' })
        : DateTime.fromSQL(String(value), { zone: 'utc' })
    return at.isValid ? { at, owner: row.owner } : null
  }

  async #ensureRow() {
    const exists = await db.from('scheduler_locks').where('name', this.name).first()
    if (exists) return
    try {
      await db.table('scheduler_locks').insert({
        name: this.name,
        owner: this.owner,
        locked_until: stamp(DateTime.utc().minus({ seconds: 1 })),
        last_run_at: null,
      })
    } catch {
      // Another process inserted the row first: fine, the UPDATE decides.
    }
  }
}
