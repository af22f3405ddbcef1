/**
 * Search text folded the way both databases compare it: lower case, accents dropped
 * ("Müller" → "muller"). MariaDB's utf8mb4_unicode_ci does this itself; SQLite calls the
 * `fold` function that config/database.ts registers on each connection with this code.
 */
export function foldText(value: unknown): string | null {
  if (value === null || value === undefined) return null
  return String(value).normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}
