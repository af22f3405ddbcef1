import type { QueryClientContract } from '@adonisjs/lucid/types/database'

/** Bound parameters per INSERT: under SQLite's 32,766 and MariaDB's 65,535. */
const MAX_PARAMETERS = 30_000
/** SQLite writes a multi-row insert as a compound SELECT, limited to 500 terms. */
const MAX_ROWS = 500

/** Multi-row inserts of `rows` (all with the same keys) in as few statements as both databases accept. */
export async function insertRows(
  client: QueryClientContract,
  table: string,
  rows: Record<string, unknown>[]
) {
  if (rows.length === 0) return
  const perInsert = Math.max(
    1,
    Math.min(MAX_ROWS, Math.floor(MAX_PARAMETERS / Object.keys(rows[0]).length))
  )
  for (let start = 0; start < rows.length; start += perInsert) {
    await client
      .insertQuery()
      .table(table)
      .multiInsert(rows.slice(start, start + perInsert))
  }
}
