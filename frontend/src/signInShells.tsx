/**
 * The sign-in pages drawn on the server (built for Node by `FRONTEND_ENTRY=shell` into
 * frontend/dist-ssr; used by backend/services/sign_in_page.ts): the same trees as the first render
 * of the shop (/shop/login) and of the back-office (/admin/login), with the branding of the
 * settings, so the browser paints them from the HTML before their scripts have run
 * (docs/benchmarks.md, "fourth pass"). The first render in the browser then replaces the HTML with
 * the same page; emotion's styles are sent in <head> and marked as inserted by emotion in the browser.
 * The back-office's entry starts its app only once this HTML has been painted (adminMain.tsx).
 */
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { StaticRouter } from 'react-router-dom'
import { AppProviders } from './common/AppShell'
import type { Branding } from './common/branding'
import { DEFAULT_BRANDING } from './common/branding'
import { shopRoutes } from './shop/routes'
import { adminRoutes } from './admin/routes'
import { drawOnServerIn } from './shop/i18n/LanguageProvider'
import { LOCALES, provideCatalogue, type Catalogue } from './shop/i18n/messages'
import { formatText } from './shop/i18n/formatMessage'
import { isSignInKey } from './shop/i18n/catalogueParts'
import en from 'virtual:shop-catalogue/en'
import de from 'virtual:shop-catalogue/de'
import fr from 'virtual:shop-catalogue/fr'
import type { Language } from '../../shared_data/languages'

// The server draws the page in any language: every catalogue is here, none downloaded.
const CATALOGUES = { en, de, fr } as Record<Language, Catalogue>
for (const language of Object.keys(CATALOGUES) as Language[])
  provideCatalogue(language, CATALOGUES[language])

const EMOTION_STYLE = /<style data-emotion="[^"]*"[^>]*>[\s\S]*?<\/style>/g

/**
 * `title`: the page's document title, when it is not the template's; `words`: the JSON for the
 * page's `PAGE_WORDS_ID` script (the sign-in part of the page's catalogue, shop/i18n/messages.ts).
 */
export type SignInShell = { head: string; body: string; title?: string; words?: unknown }

/** `location`: the page's path with its query. Returns the styles for <head> and the content of #root. */
function renderShell(routes: ReactNode, branding: Branding, location: string): SignInShell {
  const html = renderToString(
    <StaticRouter location={location}>
      <AppProviders branding={branding}>{routes}</AppProviders>
    </StaticRouter>
  )
  const styles = html.match(EMOTION_STYLE) ?? []
  return { head: styles.join(''), body: html.replace(EMOTION_STYLE, '') }
}

/**
 * The shop's sign-in page in `language`: `location` is /shop/login, or with a sign-in link's query.
 * Its title is the one the shop's first render writes (routeAnnouncer.ts: "{page} — {brand}").
 */
export function renderShopSignIn(
  branding: Branding,
  location: string,
  language: Language = 'en'
): SignInShell {
  drawOnServerIn(language)
  const words = CATALOGUES[language]
  const text = (key: keyof Catalogue) => formatText(words[key], undefined, LOCALES[language])
  const page = location.includes('token=') ? text('title.loginToken') : text('title.login')
  const brand =
    branding.brandName === DEFAULT_BRANDING.brandName
      ? text('brand.defaultName')
      : branding.brandName
  const signInWords = Object.fromEntries(Object.entries(words).filter(([key]) => isSignInKey(key)))
  return {
    ...renderShell(shopRoutes, branding, location),
    title: `${page} — ${brand}`,
    words: { language, words: signInWords },
  }
}

/** The back-office's sign-in page, /admin/login. */
export const renderAdminSignIn = (branding: Branding) =>
  renderShell(adminRoutes, branding, '/admin/login')
