import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/** A run renews its lease with every batch; one that lapses this long belongs to a dead process. */
const CLEAN_LEASE_MS = 30_000
const ACTIVE = 'clean'

/**
 * A Clean Database run as the screen and the CLI see it. `interrupted`: still marked running but
 * its process stopped renewing the lease (killed); the next clean takes it over and finishes it.
 */
export interface CleanRun {
  id: number
  status: 'running' | 'interrupted' | 'done' | 'failed'
  deletedRows: number
  totalRows: number
  deletedCounts: { members: number; migrations: number }
  error: string | null
  /** Epoch ms until which the run's process holds it. */
  leaseExpiresMs: number
}

const now = () => DateTime.local().toFormat('yyyy-MM-dd HH:mm:ss')
const leaseFromNow = () => Date.now() + CLEAN_LEASE_MS

function runOf(row: any): CleanRun {
  const leaseExpiresMs = Number(row.lease_expires_ms ?? 0)
  const running = row.status === 'running'
  return {
    id: Number(row.id),
    status: running && leaseExpiresMs < Date.now() ? 'interrupted' : row.status,
    deletedRows: Number(row.deleted_rows),
    totalRows: Number(row.total_rows),
    deletedCounts: { members: Number(row.members), migrations: Number(row.migrations) },
    error: row.error ?? null,
    leaseExpiresMs,
  }
}

function affected(result: unknown): number {
  return Array.isArray(result) ? Number(result[0]) : Number(result)
}

/** The data_cleans table: the only code that writes it. */
export const cleanRuns = {
  async find(id: number): Promise<CleanRun | null> {
    const row = await db.from('data_cleans').where('id', id).first()
    return row ? runOf(row) : null
  },

  async latest(): Promise<CleanRun | null> {
    const row = await db.from('data_cleans').orderBy('id', 'desc').first()
    return row ? runOf(row) : null
  },

  /** The run not finished yet (running or interrupted), if any. */
  async active(): Promise<CleanRun | null> {
    const row = await db.from('data_cleans').where('active_key', ACTIVE).first()
    return row ? runOf(row) : null
  },

  lapsed(run: CleanRun) {
    return run.status === 'interrupted'
  },

  /** A new run holding the one active slot; null when another request took the slot first. */
  async create(
    trx: TransactionClientContract,
    fields: { actor: string; members: number; migrations: number; totalRows: number }
  ): Promise<CleanRun | null> {
    const row = {
      status: 'running',
      active_key: ACTIVE,
      actor: fields.actor,
      members: fields.members,
      migrations: fields.migrations,
      total_rows: fields.totalRows,
      deleted_rows: 0,
      lease_expires_ms: leaseFromNow(),
      created_at: now(),
      updated_at: now(),
    }
    try {
      // A savepoint, so a lost race leaves the caller's transaction usable.
      const [id] = await trx.transaction((inner) => inner.table('data_cleans').insert(row))
      return runOf({ ...row, id: typeof id === 'object' ? (id as any).id : id })
    } catch (error: any) {
      if (/ER_DUP_ENTRY|SQLITE_CONSTRAINT/.test(String(error?.code))) return null
      throw error
    }
  },

  /**
   * Takes over a run whose lease lapsed (compare-and-set on the lease: of two callers only one
   * wins). What is left is counted again: the total becomes what was deleted plus that.
   */
  async takeOver(run: CleanRun, remainingRows: number): Promise<CleanRun | null> {
    const lease = leaseFromNow()
    const updated = await db
      .from('data_cleans')
      .where('id', run.id)
      .where('status', 'running')
      .where('lease_expires_ms', run.leaseExpiresMs)
      .update({
        lease_expires_ms: lease,
        total_rows: run.deletedRows + remainingRows,
        updated_at: now(),
      })
    return affected(updated) === 1
      ? {
          ...run,
          status: 'running',
          totalRows: run.deletedRows + remainingRows,
          leaseExpiresMs: lease,
        }
      : null
  },

  /** Counts a deleted batch and renews the lease, in the batch's transaction; answers the new lease. */
  async advance(trx: TransactionClientContract, run: CleanRun, rows: number): Promise<number> {
    const lease = leaseFromNow()
    await trx
      .from('data_cleans')
      .where('id', run.id)
      .update({
        deleted_rows: db.knexRawQuery('deleted_rows + ?', [rows]),
        lease_expires_ms: lease,
        updated_at: now(),
      })
    return lease
  },

  /** Ends a run (done or failed) and frees the active slot for the next clean. */
  async finish(run: CleanRun, status: 'done' | 'failed', error?: string): Promise<CleanRun> {
    const fields = {
      status,
      active_key: null,
      error: error?.slice(0, 2000) ?? null,
      finished_at: now(),
      updated_at: now(),
    }
    await db.from('data_cleans').where('id', run.id).update(fields)
    return (await this.find(run.id))!
  },
}
