import type { MessagesProviderContact } from '@vinejs/vine/types'

/**
 * Whether a submitted value counts as "not filled in". Only text is trimmed:
 * an object sent where a scalar is expected (`{"toString":"x"}`, `{}`) is a
 * bad value, not an empty one, and String() of it may throw (a 500
 * before), so it is never converted.
 */
function isBlank(value: unknown): boolean {
  if (value === undefined || value === null) return true
  return typeof value === 'string' && value.trim() === ''
}

/**
 * A messages provider for forms whose spec gives one text for any missing
 * or bad field ("Please fill in all fields"). `specific` overrides it per
 * "field.rule" or per "field", e.g. { 'password.minLength': '…' }, except
 * when the field is empty: then it is the fixed text.
 */
export function fixedMessages(
  message: string,
  specific: Record<string, string> = {}
): MessagesProviderContact {
  return {
    getMessage: (_raw, rule, field) => {
      if (isBlank(field.value)) return message
      const path = field.getFieldPath()
      return specific[`${path}.${rule}`] ?? specific[path] ?? message
    },
    toJSON: () => ({ messages: {}, fields: {} }),
  } as MessagesProviderContact
}
