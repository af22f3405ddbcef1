import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import { textKey } from '#modules/shared/index'

/** Values per IN list: well under MariaDB's in_predicate_conversion_threshold (1,000, a temporary table). */
const LOOKUP_CHUNK = 500

export interface KeyLookup {
  table: string
  /**
   * The index on `column`, forced on MariaDB: during a bulk import its
   * table statistics lag behind (a table of 50,000 rows still "looks"
   * empty), and it then chose full scans for these lookups.
   */
  index: string
  column: string
  select: string[]
  /** Further conditions. */
  where?: (query: DatabaseQueryBuilderContract) => void
}

/**
 * The rows whose `column` matches one of `values` the way MariaDB's
 * collation compares (textKey: case, accents and trailing spaces ignored),
 * in queries of LOOKUP_CHUNK values. MariaDB compares that way itself, with
 * the column's index; SQLite compares bytes, so there the lower-cased column
 * is compared as well (SQLite's lower() folds ASCII letters only).
 */
export async function rowsWithKeyIn(
  client: QueryClientContract,
  lookup: KeyLookup,
  values: string[]
): Promise<any[]> {
  const sqlite = client.dialect.name.includes('sqlite')
  const rows: any[] = []
  const distinct = [...new Set(values)]
  for (let start = 0; start < distinct.length; start += LOOKUP_CHUNK) {
    const chunk = distinct.slice(start, start + LOOKUP_CHUNK)
    const source = sqlite
      ? lookup.table
      : (client.knexRawQuery('?? force index (??)', [lookup.table, lookup.index]) as any)
    const query = client.from(source).select(...lookup.select)
    lookup.where?.(query)
    if (sqlite) {
      const keys = [...new Set(chunk.map(textKey))]
      query.where((inner) =>
        inner
          .whereIn(lookup.column, chunk)
          .orWhereRaw(`lower(??) in (${keys.map(() => '?').join(',')})`, [lookup.column, ...keys])
      )
    } else {
      query.whereIn(lookup.column, chunk)
    }
    rows.push(...(await query))
  }
  return rows
}
