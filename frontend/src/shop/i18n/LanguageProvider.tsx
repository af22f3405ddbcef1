import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react'
import type { ReactNode } from 'react'
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  pickLanguage,
  type Language,
} from '../../../../shared_data/languages'
import { setFallbackErrorTexts, setRequestLanguage } from '../../common/api'
import { shopApi } from '../shopApi'
import { signedIn } from '../signedIn'
import {
  loadCatalogue,
  loadedCatalogue,
  loadWholeCatalogue,
  takeWordsFromPage,
  LOCALES,
  type Catalogue,
} from './messages'

const LANGUAGE_KEY = 'shop.language'
/** The cookie that tells the server the choice, so it draws the sign-in page in it (backend/services/sign_in_page.ts). */
const LANGUAGE_COOKIE = 'shop_language'

let serverLanguage: Language = DEFAULT_LANGUAGE

/** The server draws the sign-in page in the visitor's language (the choice's cookie, else Accept-Language). */
export function drawOnServerIn(language: Language) {
  serverLanguage = language
}

/**
 * The remembered choice (localStorage), else the browser's languages (navigator.languages);
 * on the server, the language the sign-in page is drawn in.
 */
function firstLanguage(): Language {
  if (typeof window === 'undefined') return serverLanguage
  try {
    const remembered = localStorage.getItem(LANGUAGE_KEY)
    if (isLanguage(remembered)) return remembered
  } catch {
    // Storage blocked: the browser's languages decide.
  }
  return pickLanguage(navigator.languages ?? [navigator.language])
}

/** Tells the server the member's language (emails, PDFs); a failure is not the member's concern. */
export function saveMemberLanguage(language: Language) {
  if (signedIn.was()) void shopApi.saveLanguage(language).catch(() => undefined)
}

/**
 * Before the shop's first render (main.tsx), unless the page brought them: downloads the words of
 * the language it starts in, the only ones the first load needs.
 */
export const loadFirstLanguage = () => loadCatalogue(firstLanguage())

/** True when the sign-in page brought the words of the language the shop starts in (messages.ts). */
export const firstLanguageInPage = () => takeWordsFromPage(firstLanguage())

interface LanguageState {
  language: Language
  /** The language's Intl locale (LOCALES) and its compiled catalogue. */
  locale: string
  catalogue: Catalogue
  /** Grows when more of the catalogue has arrived (the same object, completed in place). */
  revision: number
  /** A word not downloaded yet was asked for: the rest of the catalogue is downloaded and drawn. */
  wordMissing: () => void
  setLanguage: (language: Language) => void
}

const LanguageContext = createContext<LanguageState | null>(null)

export function useLanguage(): LanguageState {
  const state = useContext(LanguageContext)
  if (!state) throw new Error("useLanguage outside the shop's LanguageProvider")
  return state
}

/**
 * The shop's language (docs/shop.md, "Languages"): its compiled catalogue for useShopText,
 * `<html lang>`, and the Accept-Language header of every API call (the server answers its errors in
 * it). A switch to a language not downloaded yet downloads its catalogue first; the page stays in
 * the previous language until it has arrived (a later switch wins over an earlier one still loading).
 */
export function LanguageProvider({ children }: { children: ReactNode }) {
  const [language, setLanguageState] = useState(firstLanguage)
  const latest = useRef(language)
  const [revision, setRevision] = useState(0)
  const wordMissing = useCallback(() => {
    loadWholeCatalogue().then(
      () => setRevision((current) => current + 1),
      () => undefined
    )
  }, [])
  // Before the pages' first calls (their effects run before this provider's).
  setRequestLanguage(language)
  useEffect(() => {
    document.documentElement.lang = language
  }, [language])
  const setLanguage = useCallback((next: Language) => {
    latest.current = next
    setRequestLanguage(next)
    try {
      localStorage.setItem(LANGUAGE_KEY, next)
    } catch {
      // Not remembered: the choice still holds for this page.
    }
    document.cookie = `${LANGUAGE_COOKIE}=${next}; path=/; max-age=31536000; SameSite=Lax`
    saveMemberLanguage(next)
    loadCatalogue(next).then(
      () => {
        if (latest.current === next) setLanguageState(next)
      },
      () => undefined // not downloaded (offline): the page stays in its language
    )
  }, [])
  const catalogue = loadedCatalogue(language)
  if (!catalogue)
    throw new Error(`the ${language} catalogue was not loaded before the first render`)
  // The words errorMessage() falls back on, in the language (both in the sign-in part: the sign-in
  // form shows them). Plain strings: neither takes an argument.
  const network = catalogue['common.networkError']
  const generic = catalogue['common.error']
  if (typeof network === 'string' && typeof generic === 'string')
    setFallbackErrorTexts({ network, generic })
  const value = useMemo(
    () => ({ language, locale: LOCALES[language], catalogue, revision, wordMissing, setLanguage }),
    [language, catalogue, revision, wordMissing, setLanguage]
  )
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>
}
