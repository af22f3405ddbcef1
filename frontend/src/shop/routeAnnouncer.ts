import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router-dom'
import { DEFAULT_BRANDING, setBrandShown, setPageTitle } from '../common/branding'
import { useShopText } from './i18n/useShopText'
import type { MessageKey } from './i18n/messages'

/** Each route's own document title, before " — {brand name}", in the member's language (docs/shop.md). */
const PAGE_TITLES: Record<string, MessageKey> = {
  'login': 'title.login',
  'login?token': 'title.loginToken',
  'dashboard': 'title.dashboard',
  'select': 'title.select',
  'checkout': 'title.checkout',
  'success': 'title.success',
  'already-migrated': 'title.alreadyMigrated',
}

function pageOf(pathname: string, search: string) {
  const page = pathname.replace(/^\/shop\/?/, '').split('/')[0]
  return page === 'login' && new URLSearchParams(search).has('token') ? 'login?token' : page
}

/** Waits for the new page's h1 (lazy pages show a spinner first) and focuses it; stops on cleanup. */
function focusHeadingOnceShown() {
  let stopped = false
  const started = Date.now()
  const look = () => {
    if (stopped) return
    // Something the page focused itself (an autofocus field) keeps the focus.
    const active = document.activeElement
    if (active && active !== document.body && document.contains(active)) return
    const heading = document.querySelector<HTMLElement>('main h1')
    if (!heading) {
      if (Date.now() - started < 10_000) setTimeout(look, 50)
      return
    }
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1')
    heading.focus()
  }
  look()
  return () => {
    stopped = true
  }
}

/**
 * A screen reader hears where a route change led: the document title names the page, and the
 * focus, left on body when the old page's button went away, moves to the new page's h1. The
 * first page of a visit keeps the browser's own start, and an autofocus field keeps its focus.
 */
export function useRouteAnnouncer() {
  const { pathname, search } = useLocation()
  const first = useRef(true)
  const page = pageOf(pathname, search)
  const { t } = useShopText()
  useEffect(() => {
    setBrandShown((name) => (name === DEFAULT_BRANDING.brandName ? t('brand.defaultName') : name))
    const title = PAGE_TITLES[page]
    setPageTitle(title ? t(title) : null)
  }, [page, t])
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    return focusHeadingOnceShown()
  }, [pathname])
}
