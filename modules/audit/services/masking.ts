/** Shown in the audit trail instead of a secret. */
export const AUDIT_MASK = '••••••••'

/** Keys whose values are never stored at all (not even masked): passwords. */
const DROPPED = /password/i
/** Keys whose values are secrets: stored as the mask. */
const SECRET = /(^|_)(token|token_hash|secret|auth_config|api_key|key_hash|authorization)$/i

/** A copy of a value with passwords removed and secrets masked, at any depth. */
export function maskSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskSecrets)
  if (value === null || typeof value !== 'object') return value
  if (value instanceof Date) return value.toISOString()
  const copy: Record<string, unknown> = {}
  for (const [key, inner] of Object.entries(value)) {
    if (DROPPED.test(key)) continue
    copy[key] =
      SECRET.test(key) && inner !== null && inner !== undefined && inner !== ''
        ? AUDIT_MASK
        : maskSecrets(inner)
  }
  return copy
}
