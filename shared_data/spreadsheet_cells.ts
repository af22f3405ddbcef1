/**
 * OWASP CSV injection: a cell starting with = + - @, a tab or a carriage return could run as a
 * formula in a spreadsheet; a leading apostrophe makes it text. Shared by the back-office's
 * client-side exports (Unmigrated Users) and the server's streamed ones (the ledger export).
 */
export function neutralise(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
}

/** RFC 4180: fields with a comma, quote or line break are quoted, quotes doubled. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value
}
