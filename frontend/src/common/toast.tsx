import { lazy, Suspense, useMemo, useSyncExternalStore, type ReactNode } from 'react'
import { GlobalStyles } from '@mui/material'
import type { OptionsObject, SnackbarMessage, VariantType } from 'notistack'

/**
 * WCAG 2.1 AA: white text on each toast colour reaches at least 4.5:1 (notistack's own green,
 * blue and orange do not), and toasts start below the header so they never cover Logout. Toasts
 * carry no action, so they let clicks through: a toast never stands between a user and a button
 * (the back-office's Block/Unblock sit where toasts appear). Selectors are doubled: notistack's
 * own styles (goober) are injected when its chunk loads, after these, and would win a tie.
 */
const TOAST_STYLES = {
  '.toast-container.toast-container': { top: 'var(--toast-top, 96px)', pointerEvents: 'none' },
  '.toast-container.toast-container *': { pointerEvents: 'none' },
  '.notistack-MuiContent-success.notistack-MuiContent-success': { backgroundColor: '#1e6b34' },
  '.notistack-MuiContent-info.notistack-MuiContent-info': { backgroundColor: '#0b5cad' },
  '.notistack-MuiContent-warning.notistack-MuiContent-warning': { backgroundColor: '#8a4500' },
  '.notistack-MuiContent-error.notistack-MuiContent-error': { backgroundColor: '#b3261e' },
}

export type Show = (message: SnackbarMessage, options: OptionsObject) => void
export type CloseAll = () => void

/** How a screen reader hears a toast: assertive (role alert, notistack's own), polite (status) or not at all. */
export type Announce = 'assertive' | 'polite' | 'off'

let shown: Show | null = null
let closeAll: CloseAll | null = null
let wanted = false
const waiting: [SnackbarMessage, OptionsObject][] = []
const listeners = new Set<() => void>()

/**
 * Toasts asked for before notistack's chunk is mounted wait here (Toaster.tsx). The first one
 * mounts it: a page that shows no toast never downloads notistack.
 */
const toastQueue = {
  show(message: SnackbarMessage, options: OptionsObject) {
    if (shown) return shown(message, options)
    waiting.push([message, options])
    if (!wanted) {
      wanted = true
      listeners.forEach((listener) => listener())
    }
  },
  /** Toasts of a page the user has left (an old sign-in error) do not follow them. */
  dismissAll() {
    waiting.length = 0
    closeAll?.()
  },
  /** Called by the mounted Toaster with notistack's enqueueSnackbar: shows what waited. */
  ready(show: Show | null, close: CloseAll | null = null) {
    shown = show
    closeAll = close
    while (show && waiting.length) show(...waiting.shift()!)
  },
  subscribe(listener: () => void) {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
  wanted: () => wanted,
}

// notistack (~8 KB gz) is its own chunk, loaded when the first toast is asked for (the first paint,
// docs/benchmarks.md); the back-office imports it with its shell (adminMain.tsx), so there it is already loaded.
const Toaster = lazy(() => import('./Toaster'))

/** Toasts: top right, 4 seconds, at most 3 visible (member-shop.md §9). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const mounted = useSyncExternalStore(toastQueue.subscribe, toastQueue.wanted, toastQueue.wanted)
  return (
    <>
      <GlobalStyles styles={TOAST_STYLES} />
      {children}
      {mounted && (
        <Suspense fallback={null}>
          <Toaster onReady={toastQueue.ready} />
        </Suspense>
      )}
    </>
  )
}

export function useToast() {
  return useMemo(() => {
    const show =
      (variant: VariantType) =>
      (message: string, options: { duration?: number; announce?: Announce } = {}) =>
        toastQueue.show(message, {
          variant,
          autoHideDuration: options.duration ?? 4000,
          ...(options.announce ? { announce: options.announce } : {}),
        } as OptionsObject)
    return {
      success: show('success'),
      error: show('error'),
      info: show('info'),
      warning: show('warning'),
      dismissAll: toastQueue.dismissAll,
    }
  }, [])
}
