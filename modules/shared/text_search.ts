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
