import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { insertRows } from '#modules/shared/index'

/**
 * Adds products by name (the census import's new ones), in one multi-row
 * INSERT on `client` (the caller's transaction); `at` is their created_at and
 * updated_at.
 */
export async function addProductNames(client: QueryClientContract, names: string[], at: string) {
  await insertRows(
    client,
    'products',
    ['product_name', 'created_at', 'updated_at'],
    names.map((name) => [name, at, at])
  )
}
