import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import { bulkPause, collectGarbageSoon, textKey } from '#modules/shared/index'
import { recordAudit, type Actor } from '#modules/audit/index'
import { addProductNames } from '#modules/catalog/index'
import type { CensusRecord } from '../census/record.js'
import { previewCache } from './preview_cache.js'
import {
  isDuplicateKey,
  lookUpBatch,
  planBatch,
  planFromCommitted,
  sqlNow,
  writeBatch,
  type BatchLookups,
  type BatchPlan,
} from './member_batches.js'
import { WrittenPrincipals } from './written_principals.js'
import { importRows } from '#modules/observability/index'

/** Rows per multi-row insert and per transaction. */
export const BATCH_SIZE = 1000

export interface ImportResult {
  membersImported: number
  membersUpdated: number
  membersUnchanged: number
  /** Rows skipped for errors (the length of `errors`). */
  membersSkipped: number
  newProductsAdded: number
  errors: string[]
}

export interface ImportProgress {
  done: number
  total: number
}

/** The records of one kind from the preview cache, in batches of BATCH_SIZE, orphans left out. */
async function* batchesOf(
  cacheKey: string,
  kind: 'principals' | 'dependants',
  orphans: Set<number>
): AsyncGenerator<CensusRecord[]> {
  let batch: CensusRecord[] = []
  for await (const chunk of previewCache.records(cacheKey, kind)) {
    for (const record of chunk) {
      if (orphans.has(record.row)) continue
      batch.push(record)
      if (batch.length === BATCH_SIZE) {
        yield batch
        batch = []
      }
    }
  }
  if (batch.length > 0) yield batch
}

/**
 * Makes sure the catalogue has every product the census names, matched by
 * textKey ("GOLD PLAN" is the product "Gold Plan"); existing settings stay.
 * Answers how many were added and each product key's catalogue spelling.
 */
async function addNewProducts(
  trx: QueryClientContract,
  names: string[]
): Promise<{ added: number; spelling: Map<string, string> }> {
  const spelling = new Map<string, string>()
  for (const row of await trx.from('products').select('product_name'))
    spelling.set(textKey(row.product_name), row.product_name)
  const now = sqlNow()
  const fresh: string[] = []
  for (const name of names) {
    const key = textKey(name)
    if (spelling.has(key)) continue
    spelling.set(key, name)
    fresh.push(name)
  }
  await addProductNames(trx, fresh, now)
  return { added: fresh.length, spelling }
}

/**
 * The import's one transaction. READ COMMITTED on MariaDB: a batch planned again after a
 * clash must see what another process committed meanwhile (a REPEATABLE READ snapshot would
 * not). Inside an open transaction (the tests' global one) it is a savepoint.
 */
function importTransaction<T>(work: (trx: TransactionClientContract) => Promise<T>): Promise<T> {
  const client = db.connection()
  const plain = !client.isTransaction && !client.dialect.name.includes('sqlite')
  return plain
    ? client.transaction(work, { isolationLevel: 'read committed' })
    : client.transaction(work)
}

/**
 * Whether an import that stops keeps the batches it committed (SQLite: one transaction per batch)
 * rather than leaving nothing (MariaDB: one transaction): what the CLI tells an operator on Ctrl-C.
 */
export function importKeepsCommittedBatches(): boolean {
  return db.connection().dialect.name.includes('sqlite')
}

/**
 * Imports a confirmed preview: products first, then principals, then
 * dependants (so they can link to principals of the same file), in batches
 * of BATCH_SIZE records. Members are matched by Member ID, so importing the
 * same file again changes nothing.
 * - MariaDB: all in one transaction with its audit entry: an import that fails or stops
 *   anywhere leaves nothing behind (and one commit instead of one per batch: each commit waits
 *   for its log flush). Row locks keep the server's own writes (sessions) going meanwhile.
 * - SQLite: one transaction per batch, and a pause between batches (bulkPause): the file has
 *   one writer at a time, and a 100,000-row transaction would hold it for many seconds, so
 *   the web server's writes (a session per sign-in page) waited and failed. An
 *   import that stops keeps the batches committed before (its audit entry says so); importing
 *   the file again adds the rest (the committed members are unchanged).
 */
export async function importPreview(
  cacheKey: string,
  owner: string,
  actor: Actor,
  onProgress?: (progress: ImportProgress) => void
): Promise<ImportResult> {
  const meta = await previewCache.claim(cacheKey, owner)
  const result: ImportResult = {
    membersImported: 0,
    membersUpdated: 0,
    membersUnchanged: 0,
    membersSkipped: 0,
    newProductsAdded: 0,
    errors: [...meta.errors],
  }
  const orphans = new Set(meta.orphanRows)
  const total = meta.principals + meta.dependants
  let done = 0
  const account = (plan: BatchPlan, size: number) => {
    result.membersImported += plan.imported
    result.membersUpdated += plan.updates.length
    result.membersUnchanged += plan.unchanged
    result.errors.push(...plan.errors)
    done += size
    importRows.inc({ stage: 'import' }, size)
    onProgress?.({ done, total })
  }
  const products = (trx: QueryClientContract) =>
    addNewProducts(trx, meta.products).catch((error) => {
      // Someone added one of these products a moment ago: once more, it is then known.
      if (isDuplicateKey(error)) return addNewProducts(trx, meta.products)
      throw error
    })
  const audit = (trx: TransactionClientContract, stopped?: string) => {
    result.membersSkipped = result.errors.length
    // The audit entry keeps its shape: `errors` is already the skipped count.
    const { errors, membersSkipped: _skipped, ...counts } = result
    return recordAudit(trx, {
      actor,
      action: 'import.confirm',
      entityType: 'import',
      entityId: cacheKey.slice(0, 64),
      after: { ...counts, errors: errors.length, ...(stopped ? { stopped } : {}) },
    })
  }
  try {
    if (db.connection().dialect.name.includes('sqlite')) {
      const spelling = await db.transaction(async (trx) => {
        const added = await products(trx)
        result.newProductsAdded = added.added
        return added.spelling
      })
      try {
        for (const kind of ['principals', 'dependants'] as const) {
          for await (const records of batchesOf(cacheKey, kind, orphans)) {
            // Planned by reads outside the write lock (WAL readers never wait); the write alone
            // holds it. A member added meanwhile is a clash writeBatch plans again for.
            const plan = await planBatch(records, spelling, db.connection())
            const written = await db.transaction((trx) => writeBatch(records, plan, spelling, trx))
            account(written.plan, records.length)
            await bulkPause(db.connection())
          }
        }
      } catch (error) {
        // What is committed stays: the trail says how far the import went.
        if (done > 0 || result.newProductsAdded > 0)
          await db
            .transaction((trx) =>
              audit(trx, error instanceof Error ? error.message : String(error))
            )
            .catch(() => undefined)
        throw error
      }
      result.membersSkipped = result.errors.length
      await db.transaction((trx) => audit(trx))
    } else {
      await importTransaction(async (trx) => {
        const added = await products(trx)
        result.newProductsAdded = added.added
        // Principals first: dependants look their principal up once all of them are written.
        const written = await WrittenPrincipals.forTransaction(trx)
        for (const kind of ['principals', 'dependants'] as const) {
          // Batch N+1 is read and planned while batch N is written; writes stay one after the other.
          let writing: Promise<unknown> = Promise.resolve()
          for await (const records of batchesOf(cacheKey, kind, orphans)) {
            const plan = await planAlongside(kind, records, added.spelling, trx, written, writing)
            writing = writeBatch(records, plan, added.spelling, trx).then(
              ({ plan: writtenPlan, firstId }) => {
                written?.record(writtenPlan.keys, firstId)
                account(writtenPlan, records.length)
              }
            )
            writing.catch(() => undefined)
          }
          await writing
        }
        await audit(trx)
      })
    }
  } catch (error) {
    await previewCache.release(cacheKey)
    throw error
  } finally {
    // The batches' objects are garbage now: give the memory back while the server is idle.
    collectGarbageSoon()
  }
  await previewCache.remove(cacheKey)
  return result
}

/**
 * Plans a batch while the previous one (`writing`) is written, and waits for both.
 * - Principals: planned on another connection (they look up members committed
 *   before; the file's Member IDs are unique, and a clash is planned again on the transaction).
 * - Dependants also need the principals this transaction wrote, which only it sees:
 *   with `written` (MariaDB), read on another connection as well and completed from
 *   memory once the previous batch is written; otherwise planned on the transaction,
 *   after that batch (SQLite has one connection: everything is on the transaction).
 */
async function planAlongside(
  kind: 'principals' | 'dependants',
  records: CensusRecord[],
  products: Map<string, string>,
  trx: TransactionClientContract,
  written: WrittenPrincipals | null,
  writing: Promise<unknown>
): Promise<BatchPlan> {
  const sqlite = trx.dialect.name.includes('sqlite')
  const fromCommitted = kind === 'dependants' && written !== null && !sqlite
  const planning = fromCommitted
    ? lookUpBatch(db.connection(), records)
    : planBatch(records, products, kind === 'dependants' || sqlite ? trx : db.connection())
  // Both settle before going on, so neither failure is left unhandled.
  const [planned, wrote] = await Promise.allSettled([planning, writing])
  if (wrote.status === 'rejected') throw wrote.reason
  if (planned.status === 'rejected') throw planned.reason
  return fromCommitted
    ? planFromCommitted(records, products, planned.value as BatchLookups, written!, trx)
    : (planned.value as BatchPlan)
}
