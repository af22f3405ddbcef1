import db from '@adonisjs/lucid/services/db'
import { textKey } from '#modules/shared/index'
import { recordAudit, type Actor } from '#modules/audit/index'
import type { CensusRecord } from '../census/record.js'
import { previewCache } from './preview_cache.js'
import { insertRows } from './bulk_insert.js'
import { isDuplicateKey, planBatch, sqlNow, writeBatch, type BatchPlan } from './member_batches.js'
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
export async function* batchesOf(cacheKey: string, kind: 'principals' | 'dependants', orphans: Set<number>): AsyncGenerator<CensusRecord[]> {
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
async function addNewProducts(names: string[]): Promise<{ added: number; spelling: Map<string, string> }> {
  return db.transaction(async (trx) => {
    const spelling = new Map<string, string>()
    for (const row of await trx.from('products').select('product_name')) spelling.set(textKey(row.product_name), row.product_name)
    const now = sqlNow()
    const fresh: unknown[][] = []
    for (const name of names) {
      const key = textKey(name)
      if (spelling.has(key)) continue
      spelling.set(key, name)
      fresh.push([name, now, now])
    }
    await insertRows(trx, 'products', ['product_name', 'created_at', 'updated_at'], fresh)
    return { added: fresh.length, spelling }
  })
}

/**
 * Imports a confirmed preview: products first, then principals, then
 * dependants (so they can link to principals of the same file), in
 * transactions of BATCH_SIZE records. Members are matched by Member ID, so
 * importing the same file again changes nothing. Its audit entry (the
 * counts) is written once the last batch is in: the batches commit one by one.
 */
export async function importPreview(cacheKey: string, owner: string, actor: Actor, onProgress?: (progress: ImportProgress) => void): Promise<ImportResult> {
  const meta = await previewCache.claim(cacheKey, owner)
  const result: ImportResult = { membersImported: 0, membersUpdated: 0, membersUnchanged: 0, membersSkipped: 0, newProductsAdded: 0, errors: [...meta.errors] }
  const orphans = new Set(meta.orphanRows)
  const total = meta.principals + meta.dependants
  let done = 0
  try {
    const products = await addNewProducts(meta.products).catch((error) => {
      // Someone added one of these products a moment ago: once more, it is then known.
      if (isDuplicateKey(error)) return addNewProducts(meta.products)
      throw error
    })
    result.newProductsAdded = products.added
    const account = (plan: BatchPlan, size: number) => {
      result.membersImported += plan.imported
      result.membersUpdated += plan.updates.length
      result.membersUnchanged += plan.unchanged
      result.errors.push(...plan.errors)
      done += size
      importRows.inc({ stage: 'import' }, size)
      onProgress?.({ done, total })
    }
    // Principals first: dependants look their principal up once all of them are written.
    for (const kind of ['principals', 'dependants'] as const) {
      // Batch N+1 is read and planned while batch N is written; writes stay one after the other.
      let writing: Promise<unknown> = Promise.resolve()
      for await (const records of batchesOf(cacheKey, kind, orphans)) {
        const planning = planBatch(records, products.spelling)
        // Both settle before going on, so neither failure is left unhandled.
        const [planned, written] = await Promise.allSettled([planning, writing])
        if (written.status === 'rejected') throw written.reason
        if (planned.status === 'rejected') throw planned.reason
        writing = writeBatch(records, planned.value, products.spelling).then((plan) => account(plan, records.length))
        writing.catch(() => undefined)
      }
      await writing
    }
  } catch (error) {
    await previewCache.release(cacheKey)
    throw error
  }
  await previewCache.remove(cacheKey)
  result.membersSkipped = result.errors.length
  // The audit entry keeps its shape: `errors` is already the skipped count.
  const { errors, membersSkipped: _skipped, ...counts } = result
  await db.transaction((trx) => recordAudit(trx, { actor, action: 'import.confirm', entityType: 'import', entityId: cacheKey.slice(0, 64), after: { ...counts, errors: errors.length } }))
  return result
}
