import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import { textKey } from '#modules/shared/index'

/**
 * Limits a query to rows whose `column` matches one of `values` the way
 * MariaDB's collation compares (textKey: case, accents and trailing spaces
 * ignored). MariaDB does that itself with the column's index; SQLite
 * compares bytes, so there the lower-cased column is compared as well
 * (SQLite's lower() folds ASCII letters only).
 */
export function whereKeyIn(client: QueryClientContract, query: DatabaseQueryBuilderContract, column: string, values: string[]) {
  if (!client.dialect.name.includes('sqlite')) return query.whereIn(column, values)
  const keys = [...new Set(values.map(textKey))]
  return query.where((inner) => {
    inner.whereIn(column, values).orWhereRaw(`lower(??) in (${keys.map(() => '?').join(',')})`, [column, ...keys])
  })
}
