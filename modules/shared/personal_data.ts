import db from '@adonisjs/lucid/services/db'

/** What replaces a member's erased name, email or date of birth in stored texts (docs/privacy.md). */
export const ERASED_TEXT = '[erased]'

/** A date of birth as the stored texts may write it: ISO, and the day-first and month-first forms. */
export function dateForms(iso: string): string[] {
  const [year, month, day] = iso.split('-')
  if (!year || !month || !day) return [iso]
  return [iso, `${day}.${month}.${year}`, `${day}/${month}/${year}`, `${month}/${day}/${year}`]
}

/** The distinct values an erasure removes from stored texts, longest first (a full name before a part of it). */
export function personalTexts(values: Array<string | null | undefined>): string[] {
  const kept = new Set(values.map((value) => value?.trim() ?? '').filter((v) => v.length >= 3))
  return [...kept].sort((a, b) => b.length - a.length)
}

/**
 * An UPDATE's values that replace every personal value in each column with ERASED_TEXT
 * (`REPLACE(REPLACE(col, ?, ?), ?, ?)`, the same on SQLite and MariaDB). The owner module runs
 * the UPDATE on its own table.
 */
export function scrubbedColumns(columns: string[], texts: string[]) {
  return Object.fromEntries(
    columns.map((column) => {
      let sql = '??'
      const bindings: string[] = [column]
      for (const text of texts) {
        sql = `REPLACE(${sql}, ?, ?)`
        bindings.push(text, ERASED_TEXT)
      }
      return [column, db.knexRawQuery(sql, bindings)]
    })
  )
}
