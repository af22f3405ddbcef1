import type { MessageKey } from './messages'

/** A member's role (census data: Principal, Spouse, Child, Dependent) as a catalogue key. */
export const ROLE_KEYS: Record<string, MessageKey> = {
  Principal: 'role.Principal',
  Spouse: 'role.Spouse',
  Child: 'role.Child',
  Dependent: 'role.Dependent',
}
