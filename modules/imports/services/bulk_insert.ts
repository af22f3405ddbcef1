import mysql from 'mysql2'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/** SQLite refuses statements with more than 32,766 parameters. */
const SQLITE_MAX_PARAMETERS = 32_766

/**
 * One multi-row INSERT of plain values (strings, numbers, null), without
 * the query builder: for 1,000 rows of 23 columns, compiling the builder's
 * objects cost more than the database's work.
 * - MariaDB: the values are written into the statement with the driver's
 *   own escaping (mysql2's `escape`; no bindings, so knex and the driver
 *   do not scan 23,000 placeholders twice).
 * - SQLite (in-process): placeholders, in statements under its parameter limit.
 */
export async function insertRows(trx: TransactionClientContract, table: string, columns: string[], rows: unknown[][]) {
  if (rows.length === 0) return
  if (trx.dialect.name.includes('sqlite')) {
    const head = `insert into "${table}" (${columns.map((column) => `"${column}"`).join(', ')}) values `
    const tuple = `(${columns.map(() => '?').join(', ')})`
    const perStatement = Math.floor(SQLITE_MAX_PARAMETERS / columns.length)
    for (let start = 0; start < rows.length; start += perStatement) {
      const chunk = rows.slice(start, start + perStatement)
      await trx.rawQuery(head + chunk.map(() => tuple).join(', '), chunk.flat() as any[])
    }
    return
  }
  const head = `insert into ${mysql.escapeId(table)} (${columns.map((column) => mysql.escapeId(column)).join(', ')}) values `
  const tuples = rows.map((row) => `(${row.map((value) => mysql.escape(value as string | number | null)).join(', ')})`)
  await trx.rawQuery(head + tuples.join(', '))
}
