import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react'
import type { ReactNode } from 'react'
import { IntlProvider } from 'react-intl'
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  pickLanguage,
  type Language,
} from '../../../../shared_data/languages'
import { setFallbackErrorTexts, setRequestLanguage } from '../../common/api'
import { shopApi } from '../shopApi'
import { signedIn } from '../signedIn'
import { CATALOGUES, LOCALES } from './messages'

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

interface LanguageState {
  language: Language
  setLanguage: (language: Language) => void
}

const LanguageContext = createContext<LanguageState>({
  language: DEFAULT_LANGUAGE,
  setLanguage: () => undefined,
})

export const useLanguage = () => useContext(LanguageContext)

/**
 * The shop's language (docs/shop.md, "Languages"): its catalogue for react-intl, `<html lang>`,
 * and the Accept-Language header of every API call (the server answers its errors in it).
 */
export function LanguageProvider({ children }: { children: ReactNode }) {
  const [language, setLanguageState] = useState(firstLanguage)
  // Before the pages' first calls (their effects run before this provider's).
  setRequestLanguage(language)
  setFallbackErrorTexts({
    network: CATALOGUES[language]['common.networkError'],
    generic: CATALOGUES[language]['common.error'],
  })
  useEffect(() => {
    document.documentElement.lang = language
  }, [language])
  const setLanguage = useCallback((next: Language) => {
    setRequestLanguage(next)
    setLanguageState(next)
    try {
      localStorage.setItem(LANGUAGE_KEY, next)
    } catch {
      // Not remembered: the choice still holds for this page.
    }
    document.cookie = `${LANGUAGE_COOKIE}=${next}; path=/; max-age=31536000; SameSite=Lax`
    saveMemberLanguage(next)
  }, [])
  const value = useMemo(() => ({ language, setLanguage }), [language, setLanguage])
  return (
    <LanguageContext.Provider value={value}>
      <IntlProvider
        locale={LOCALES[language]}
        messages={CATALOGUES[language]}
        defaultLocale={LOCALES[DEFAULT_LANGUAGE]}
      >
        {children}
      </IntlProvider>
    </LanguageContext.Provider>
  )
}
