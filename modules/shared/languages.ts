import i18nManager from '@adonisjs/i18n/services/main'
import type { I18n } from '@adonisjs/i18n'
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../shared_data/languages.js'
import { fromCents, type Cents } from './money.js'

export { DEFAULT_LANGUAGE, pickLanguage } from '../../shared_data/languages.js'
export type { Language } from '../../shared_data/languages.js'

/** A stored or requested language as one of ours; English for anything else (null, 'es'). */
export function languageOf(value: unknown): Language {
  return isLanguage(value) ? value : DEFAULT_LANGUAGE
}

/** The server's catalogue (resources/lang) in a language; missing messages fall back to English. */
export function translator(language: unknown): I18n {
  return i18nManager.locale(languageOf(language))
}

/**
 * An amount with its currency code, as the language writes it (Intl): English keeps the spec's
 * "USD 1,234.56"; German "1.234,56 USD", French "1 234,56 USD". Narrow no-break spaces become
 * plain no-break spaces, which the PDFs' standard fonts can draw.
 */
export function formatAmount(cents: Cents, currency: string, language: unknown): string {
  const lang = languageOf(language)
  if (lang === 'en') {
    const number = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(fromCents(cents))
    return `${currency} ${number}`
  }
  return new Intl.NumberFormat(lang, { style: 'currency', currency, currencyDisplay: 'code' })
    .format(fromCents(cents))
    .replace(/\u202f/g, '\u00a0')
}

/** The catalogue file of the messages a member reads in answers of the member API. */
const MEMBER_MESSAGES = 'member_messages.'

/** Each English member message as a pattern whose groups catch its {arguments}. */
let englishPatterns: { key: string; pattern: RegExp; names: string[] }[] | null = null

function memberMessagePatterns() {
  if (englishPatterns) return englishPatterns
  const english = i18nManager.getTranslationsFor(DEFAULT_LANGUAGE)
  englishPatterns = Object.entries(english)
    .filter(([key]) => key.startsWith(MEMBER_MESSAGES))
    .map(([key, message]) => {
      const names: string[] = []
      const source = message
        .split(/(\{\w+\})/)
        .map((part) => {
          const argument = /^\{(\w+)\}$/.exec(part)
          if (!argument) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
          names.push(argument[1])
          return '(.+?)'
        })
        .join('')
      return { key, pattern: new RegExp(`^${source}$`), names }
    })
  return englishPatterns
}

/**
 * A member API message (written in English by the services, the spec's exact texts) in the
 * language the request asked for, found by its English words in resources/lang/en/
 * member_messages.json; a message the catalogue does not know stays English.
 */
export function translateMemberMessage(message: string, language: Language): string {
  if (language === DEFAULT_LANGUAGE) return message
  for (const entry of memberMessagePatterns()) {
    const match = entry.pattern.exec(message)
    if (!match) continue
    const data = Object.fromEntries(entry.names.map((name, index) => [name, match[index + 1]]))
    return translator(language).t(entry.key, data, message)
  }
  return message
}
