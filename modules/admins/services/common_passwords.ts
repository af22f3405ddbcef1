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

export const WORD_YEAR_MESSAGE =
  'This password is a word and a year (like Summer2024), which is among the first guesses. Please choose another one'

/**
 * A word and a year, either way round, with at most a separator between and punctuation after
 * ("Summer2024", "winter-1999!", "2024Summer"): the first rule a guessing tool appends to its
 * word lists, so such passwords fall early whatever their length (docs/security.md).
 */
const WORD_YEAR = /^(?:[a-z]+[\s._-]?(?:19|20)\d{2}|(?:19|20)\d{2}[\s._-]?[a-z]+)[!?.#*@$]*$/i

export function isWordAndYear(password: string) {
  return WORD_YEAR.test(password.trim())
}
