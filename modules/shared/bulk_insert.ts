import mysql from 'mysql2'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'

/** SQLite refuses statements with more than 32,766 parameters. */
const SQLITE_MAX_PARAMETERS = 32_766

export interface Statement {
  sql: string
  bindings?: unknown[]
}

/**
 * Multi-row INSERT statements for plain values (strings, numbers, null),
 * without the query builder: for 1,000 rows of 23 columns, compiling the
 * builder's objects cost more than the database's work.
 * - MariaDB: one statement, the values written into it with the driver's
 *   own escaping (mysql2's `escape`; no bindings, so knex and the driver do
 *   not scan 23,000 placeholders twice).
 * - SQLite (in-process): placeholders, in statements under its parameter limit.
 * A column that is NULL in every row is left out (less for the server to
 * parse): pass only columns whose default is NULL or that always have values.
 */
export function insertStatements(
  client: QueryClientContract,
  table: string,
  allColumns: string[],
  allRows: unknown[][]
): Statement[] {
  if (allRows.length === 0) return []
  const kept = allColumns.map((_, index) =>
    allRows.some((row) => row[index] !== null && row[index] !== undefined)
  )
  const columns = allColumns.filter((_, index) => kept[index])
  const rows = kept.every(Boolean)
    ? allRows
    : allRows.map((row) => row.filter((_, index) => kept[index]))
  if (client.dialect.name.includes('sqlite')) {
    const head = `insert into "${table}" (${columns.map((column) => `"${column}"`).join(', ')}) values `
    const tuple = `(${columns.map(() => '?').join(', ')})`
    const perStatement = Math.floor(SQLITE_MAX_PARAMETERS / columns.length)
    const statements: Statement[] = []
    for (let start = 0; start < rows.length; start += perStatement) {
      const chunk = rows.slice(start, start + perStatement)
      statements.push({ sql: head + chunk.map(() => tuple).join(', '), bindings: chunk.flat() })
    }
    return statements
  }
  const head = `insert into ${mysql.escapeId(table)} (${columns.map((column) => mysql.escapeId(column)).join(', ')}) values `
  const tuples = rows.map(
    (row) => `(${row.map((value) => mysql.escape(value as string | number | null)).join(', ')})`
  )
  return [{ sql: head + tuples.join(', ') }]
}

/** Runs the statements one after the other; answers the driver's results. */
export async function runStatements(
  client: QueryClientContract,
  statements: Statement[]
): Promise<unknown[]> {
  const results: unknown[] = []
  for (const { sql, bindings } of statements)
    results.push(await client.rawQuery(sql, bindings as any[] | undefined))
  return results
}

/** insertStatements run on a client (in the caller's transaction, when it has one). */
export async function insertRows(
  client: QueryClientContract,
  table: string,
  columns: string[],
  rows: unknown[][]
) {
  await runStatements(client, insertStatements(client, table, columns, rows))
}
