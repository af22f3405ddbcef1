import type en from './en.json'
import type { Language } from '../../../../shared_data/languages'
import type { CompiledMessage } from './compiledMessage'
import type { CataloguePart } from './catalogueParts'

/**
 * The shop's message catalogues, one per language (docs/shop.md, "Languages"): flat keys, ICU
 * message syntax. English is the reference: its entries are the spec's exact texts.
 * `npm run check:i18n` fails when a key is missing in a language or unused in the shop.
 * The browser gets them compiled (compileMessages.ts, by frontend/vite.config.ts) and only the
 * active language's up front, its sign-in page's words first (catalogueParts.ts): the other
 * languages are downloaded when the member switches to them.
 */
export type MessageKey = keyof typeof en

export type Catalogue = Record<MessageKey, CompiledMessage>

type Loader = () => Promise<{ default: Record<string, CompiledMessage> }>
const LOADERS: Record<Language, Record<CataloguePart, Loader>> = {
  en: {
    'sign-in': () => import('virtual:shop-catalogue/en/sign-in'),
    'rest': () => import('virtual:shop-catalogue/en/rest'),
  },
  de: {
    'sign-in': () => import('virtual:shop-catalogue/de/sign-in'),
    'rest': () => import('virtual:shop-catalogue/de/rest'),
  },
  fr: {
    'sign-in': () => import('virtual:shop-catalogue/fr/sign-in'),
    'rest': () => import('virtual:shop-catalogue/fr/rest'),
  },
}

/** Per language the messages downloaded so far (one object, completed in place), and which parts. */
const loaded = new Map<Language, Catalogue>()
const parts = new Map<Language, Map<CataloguePart, Promise<void>>>()
/** Set once a page needed the whole catalogue: a later switch then downloads the whole catalogue too. */
let wholeWanted = false
let active: Language | undefined

/** The catalogue of `language` as far as it has been downloaded (all of it on the server). */
export const loadedCatalogue = (language: Language) => loaded.get(language)

/** Gives a whole catalogue without downloading it (the server's renderer has all of them). */
export function provideCatalogue(language: Language, catalogue: Record<string, CompiledMessage>) {
  loaded.set(language, catalogue as Catalogue)
  parts.set(
    language,
    new Map([
      ['sign-in', Promise.resolve()],
      ['rest', Promise.resolve()],
    ])
  )
}

/** The id of the JSON the server puts into the sign-in page: its language and its words (backend/services/sign_in_page.ts). */
const PAGE_WORDS_ID = 'page-words'

/**
 * The sign-in part of the language the server drew the page in, taken from the page (no download,
 * so the shop's first render follows its script at once, before a click on the drawn form could
 * be lost). Returns whether `language`'s sign-in part is now there.
 */
export function takeWordsFromPage(language: Language): boolean {
  if (loaded.has(language)) return true
  try {
    const data = document.getElementById(PAGE_WORDS_ID)?.textContent
    const page = data ? (JSON.parse(data) as { language: Language; words: Catalogue }) : null
    if (page?.language !== language) return false
    loaded.set(language, { ...page.words })
    parts.set(language, new Map([['sign-in', Promise.resolve()]]))
    active = language
    return true
  } catch {
    return false
  }
}

function loadPart(language: Language, part: CataloguePart): Promise<void> {
  const known = parts.get(language) ?? new Map<CataloguePart, Promise<void>>()
  parts.set(language, known)
  let loading = known.get(part)
  if (!loading) {
    loading = LOADERS[language][part]().then(({ default: messages }) => {
      loaded.set(language, Object.assign(loaded.get(language) ?? ({} as Catalogue), messages))
    })
    loading.catch(() => known.delete(part)) // tried again at the next ask
    known.set(part, loading)
  }
  return loading
}

/**
 * Downloads what the shop needs of `language`: the sign-in page's words, and the rest as well
 * once a page has needed it. The language becomes the one `loadWholeCatalogue` completes.
 */
export async function loadCatalogue(language: Language): Promise<Catalogue> {
  active = language
  await Promise.all([
    loadPart(language, 'sign-in'),
    ...(wholeWanted ? [loadPart(language, 'rest')] : []),
  ])
  return loaded.get(language)!
}

/** Downloads the rest of the active language's catalogue (before a member page is drawn). */
export async function loadWholeCatalogue(): Promise<void> {
  wholeWanted = true
  if (active) await Promise.all([loadPart(active, 'sign-in'), loadPart(active, 'rest')])
}

/** The Intl locale each language formats numbers and amounts with (English: en-US, member-shop.md §9). */
export const LOCALES: Record<Language, string> = { en: 'en-US', de: 'de-DE', fr: 'fr-FR' }
