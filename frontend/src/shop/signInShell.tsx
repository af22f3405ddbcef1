/**
 * The sign-in page drawn on the server (built for Node by `FRONTEND_ENTRY=shell`; used by
 * backend/services/sign_in_shell.ts): the same tree as the shop's first render, with the branding
 * of the settings, so the browser paints /shop/login from the HTML before its scripts have run
 * (docs/benchmarks.md, "fourth pass"). React's first render then replaces it with the same page;
 * emotion's styles are sent in <head> and marked as inserted by emotion in the browser.
 */
import { renderToString } from 'react-dom/server'
import { StaticRouter } from 'react-router-dom'
import { AppProviders } from '../common/AppShell'
import type { Branding } from '../common/branding'
import { shopRoutes } from './routes'

const EMOTION_STYLE = /<style data-emotion="[^"]*"[^>]*>[\s\S]*?<\/style>/g

/** `location`: /shop/login with its query. Returns the styles for <head> and the content of #root. */
export function renderSignInShell(branding: Branding, location: string): { head: string; body: string } {
  const html = renderToString(
    <StaticRouter location={location}>
      <AppProviders branding={branding}>{shopRoutes}</AppProviders>
    </StaticRouter>
  )
  const styles = html.match(EMOTION_STYLE) ?? []
  return { head: styles.join(''), body: html.replace(EMOTION_STYLE, '') }
}
