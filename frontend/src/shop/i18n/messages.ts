import type en from './en.json'
import type { Language } from '../../../../shared_data/languages'
import type { CompiledMessage } from './compiledMessage'

/**
 * The shop's message catalogues, one per language (docs/shop.md, "Languages"): flat keys, ICU
 * message syntax. English is the reference: its entries are the spec's exact texts.
 * `npm run check:i18n` fails when a key is missing in a language or unused in the shop.
 * The browser gets them compiled (compileMessages.ts, by frontend/vite.config.ts) and only the
 * active language's up front: the others are downloaded when the member switches to them.
 */
export type MessageKey = keyof typeof en

export type Catalogue = Record<MessageKey, CompiledMessage>

const LOADERS: Record<Language, () => Promise<{ default: Record<string, CompiledMessage> }>> = {
  en: () => import('virtual:shop-catalogue/en'),
  de: () => import('virtual:shop-catalogue/de'),
  fr: () => import('virtual:shop-catalogue/fr'),
}

const loaded = new Map<Language, Catalogue>()

/** The catalogue of `language` if it has been downloaded (or given, on the server). */
export const loadedCatalogue = (language: Language) => loaded.get(language)

/** Gives a catalogue without downloading it (the server's renderer has all of them). */
export function provideCatalogue(language: Language, catalogue: Record<string, CompiledMessage>) {
  loaded.set(language, catalogue as Catalogue)
}

/** Downloads the catalogue of `language` once. */
export async function loadCatalogue(language: Language): Promise<Catalogue> {
  const known = loaded.get(language)
  if (known) return known
  const catalogue = (await LOADERS[language]()).default as Catalogue
  loaded.set(language, catalogue)
  return catalogue
}

/** The Intl locale each language formats numbers and amounts with (English: en-US, member-shop.md §9). */
export const LOCALES: Record<Language, string> = { en: 'en-US', de: 'de-DE', fr: 'fr-FR' }
