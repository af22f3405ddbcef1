import db from '@adonisjs/lucid/services/db'
import { textKey } from '#modules/shared/index'
import { batchesOf } from './import_service.js'
import { CENSUS_FIELDS, censusValues, existingMembers, principalIds, same } from './member_batches.js'
import type { PreviewCounts } from './preview_cache.js'

/*
| The preview's dry run: what confirming it will do to the members table,
| counted the way the import decides (member_batches.ts), with the same
| batched lookups (500 keys a query, BATCH_SIZE records a round) and no
| write. Reads the preview cache a batch at a time, as the import does.
*/

/**
 * The principal id a dependant gets when its principal is not in the
 * database yet (this import adds it): never equal to a stored id, so an
 * existing dependant of such a principal counts as updated.
 */
const PRINCIPAL_THIS_IMPORT_ADDS = -1

/**
 * New, updated, unchanged and skipped members of a preview. `products` are
 * the file's product spellings (first one met per key): a product the
 * catalogue lacks is added with that spelling, one it has keeps its own.
 */
export async function dryRunCounts(cacheKey: string, products: string[], orphans: Set<number>, skipped: number): Promise<PreviewCounts> {
  const client = db.connection()
  const spelling = new Map(products.map((name) => [textKey(name), name]))
  for (const row of await client.from('products').select('product_name')) spelling.set(textKey(row.product_name), row.product_name)
  const counts: PreviewCounts = { new: 0, updated: 0, unchanged: 0, skipped }
  // Principals and dependants are counted at the same time, each on a connection of the pool.
  await Promise.all((['principals', 'dependants'] as const).map(async (kind) => {
    for await (const records of batchesOf(cacheKey, kind, orphans)) {
      const existing = await existingMembers(client, records)
      const found = records.filter((record) => existing.has(textKey(record.member_id)))
      counts.new += records.length - found.length
      if (found.length === 0) continue
      // Only members found are compared, so only their principals are looked up.
      const principals = kind === 'dependants' ? await principalIds(client, found) : new Map<string, number>()
      for (const record of found) {
        const stored = existing.get(textKey(record.member_id))!
        const principalId = record.principal_person_id ? (principals.get(textKey(record.principal_person_id)) ?? PRINCIPAL_THIS_IMPORT_ADDS) : null
        const product = record.product_name ? (spelling.get(textKey(record.product_name)) ?? record.product_name) : null
        const values = censusValues(record, product, principalId)
        if (CENSUS_FIELDS.every((field) => same(field, stored[field], values[field]))) counts.unchanged++
        else counts.updated++
      }
    }
  }))
  return counts
}
