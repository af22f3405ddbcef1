import db from '@adonisjs/lucid/services/db'
import { foldText } from './fold_text.js'

const ESCAPE = '!'

/** `%text%` with LIKE's wildcards (and the escape character) escaped, folded. */
function containsPattern(search: string): string {
  return `%${foldText(search)!.replace(/[!%_]/g, (char) => `${ESCAPE}${char}`)}%`
}

function isSqlite(): boolean {
  return db.connection().dialect.name.includes('sqlite')
}

interface WhereBuilder {
  orWhereRaw(sql: string, bindings: unknown[]): unknown
}

/**
 * Adds "any of these columns contains the search text", accent- and case-insensitive on both
 * databases, to a query's where group: `query.where((inner) => matchAny(inner, columns, text))`.
 * Columns are trusted identifiers written in the code, never input.
 */
export function matchAny(inner: WhereBuilder, columns: string[], search: string) {
  const pattern = containsPattern(search)
  const sqlite = isSqlite()
  for (const column of columns) {
    inner.orWhereRaw(
      sqlite ? `fold(${column}) LIKE ? ESCAPE '${ESCAPE}'` : `${column} LIKE ? ESCAPE '${ESCAPE}'`,
      [pattern]
    )
  }
}

interface PrefixBuilder {
  whereRaw(sql: string, bindings: unknown[]): unknown
  orderByRaw(sql: string): unknown
}

/** Above every character SQLite can store: `fold(column) < prefix + TOP` ends the prefix's range. */
const TOP = '\u{10FFFF}'

/**
 * "The column starts with the search text", read from an index in the index's order: on MariaDB
 * `column LIKE 'text%'` (its utf8mb4_unicode_ci index: case and accents ignored), on SQLite a range
 * of the `fold(column)` expression index (migration 0370: case and accents ignored too) or, with
 * `asStored`, a range of the column's own index (a text stored in one case, such as a migration
 * reference, compared as given). Adds the condition and the order; the caller sets the limit.
 * Columns are trusted identifiers.
 */
export function startsWith(query: PrefixBuilder, column: string, search: string, asStored = false) {
  if (isSqlite()) {
    const expression = asStored ? column : `fold(${column})`
    const start = asStored ? search : foldText(search)!
    query.whereRaw(`${expression} >= ? AND ${expression} < ?`, [start, `${start}${TOP}`])
    query.orderByRaw(expression)
  } else {
    query.whereRaw(`${column} LIKE ? ESCAPE '${ESCAPE}'`, [
      `${search.replace(/[!%_]/g, (char) => `${ESCAPE}${char}`)}%`,
    ])
    query.orderByRaw(column)
  }
}
