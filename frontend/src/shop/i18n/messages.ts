import type { Language } from '../../../../shared_data/languages'
import en from './en.json'
import de from './de.json'
import fr from './fr.json'

/**
 * The shop's message catalogues, one per language (docs/shop.md, "Languages"): flat keys, ICU
 * message syntax. English is the reference: its entries are the spec's exact texts.
 * `npm run check:i18n` fails when a key is missing in a language or unused in the shop.
 */
export type MessageKey = keyof typeof en

export const CATALOGUES: Record<Language, Record<MessageKey, string>> = { en, de, fr }

/** The Intl locale each language formats numbers and amounts with (English: en-US, member-shop.md §9). */
export const LOCALES: Record<Language, string> = { en: 'en-US', de: 'de-DE', fr: 'fr-FR' }
