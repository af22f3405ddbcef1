import type { MessagesProviderContact } from '@vinejs/vine/types'

/**
 * A messages provider for forms whose spec gives one text for any missing
 * or bad field ("Please fill in all fields"). `specific` overrides it per
 * "field.rule" or per "field", e.g. { 'password.minLength': '…' }, except
 * when the field is empty: then it is the fixed text.
 */
export function fixedMessages(message: string, specific: Record<string, string> = {}): MessagesProviderContact {
  return {
    getMessage: (_raw, rule, field) => {
      if (field.value === undefined || field.value === null || String(field.value).trim() === '') return message
      const path = field.getFieldPath()
      return specific[`${path}.${rule}`] ?? specific[path] ?? message
    },
    toJSON: () => ({ messages: {}, fields: {} }),
  } as MessagesProviderContact
}
