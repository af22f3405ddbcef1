import { dictionary } from '@zxcvbn-ts/language-common'

/**
 * Common passwords (ASVS 2.1.7): the ranked list shipped by @zxcvbn-ts/language-common (MIT),
 * about 49,000 passwords most common first, so it holds the 10,000 most common and more. Read
 * once, on the first check; compared without regard to case or surrounding spaces.
 */
let common: Set<string> | null = null

export const COMMON_PASSWORD_MESSAGE =
  'This password is too common: it is in a list of the most used passwords. Please choose another one'

export function isCommonPassword(password: string) {
  common ??= new Set(dictionary['passwords-common'].map((entry) => String(entry).toLowerCase()))
  return common.has(password.trim().toLowerCase())
}
