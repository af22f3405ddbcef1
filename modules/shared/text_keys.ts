const PLAIN = /^[\x20-\x7e]*$/

/**
 * The form in which two identifiers are compared: MariaDB's
 * utf8mb4_unicode_ci ignores case, accents and trailing spaces, so
 * "M-1", "m-1 " and "M-1" are one Member ID there (and one unique-index
 * entry). Comparing with this key in code finds the same matches before
 * the database would refuse a duplicate. Used for member IDs, person IDs
 * and product names.
 */
export function textKey(text: string): string {
  const trimmed = text.trim()
  if (PLAIN.test(trimmed)) return trimmed.toLowerCase()
  return trimmed.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/ß/g, 'ss')
}
