import { StrictMode, useMemo, type ReactNode } from 'react'
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import { BrowserRouter, createBrowserRouter, RouterProvider } from 'react-router-dom'
import { CssBaseline, ThemeProvider } from '@mui/material'
import { BrandingProvider, useBranding, type Branding } from './branding'
import { FormattingProvider } from './formatting'
import { buildTheme } from './theme'
import { ToastProvider } from './toast'
import { focusBeforeStart, restoreFocus } from './typedBeforeStart'

function ThemedShell({ children }: { children: ReactNode }) {
  const { branding } = useBranding()
  const theme = useMemo(() => buildTheme(branding), [branding])
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <ToastProvider>{children}</ToastProvider>
    </ThemeProvider>
  )
}

/** The providers both entries share; `branding` for the server's render of the sign-in page. */
export function AppProviders({ children, branding }: { children: ReactNode; branding?: Branding }) {
  return (
    <BrandingProvider initial={branding}>
      <FormattingProvider>
        <ThemedShell>{children}</ThemedShell>
      </FormattingProvider>
    </BrandingProvider>
  )
}

function render(app: ReactNode, synchronously = false) {
  const root = createRoot(document.getElementById('root')!)
  if (!synchronously) return root.render(<StrictMode>{app}</StrictMode>)
  // Replacing the server's sign-in HTML: the focused field and its caret move to the new page in the
  // same task, before any further keystroke is handled.
  const caret = focusBeforeStart()
  flushSync(() => root.render(<StrictMode>{app}</StrictMode>))
  restoreFocus(caret)
}

/**
 * Mounts routes inside the providers both entries share (router, branding, formatting, theme,
 * toasts) in a data router, so react-admin's warnWhenUnsavedChanges can block in-app navigation.
 */
export function mountApp(routes: ReactNode) {
  const router = createBrowserRouter([
    { path: '*', element: <AppProviders>{routes}</AppProviders> },
  ])
  // In one go, as the shop's (below): on /admin/login it replaces the server's HTML of that page.
  render(<RouterProvider router={router} />, true)
}

/**
 * The same with a plain BrowserRouter, for the shop: it blocks no navigation, and without
 * createBrowserRouter its build leaves out React Router's data-router engine (~12 KB gz).
 * The first render runs in one go: on /shop/login it replaces the server's HTML of the same page
 * (signInShells.tsx), reading what was typed into it, and no keystroke may fall in between.
 */
export function mountAppWithoutDataRouter(routes: ReactNode) {
  render(
    <BrowserRouter>
      <AppProviders>{routes}</AppProviders>
    </BrowserRouter>,
    true
  )
}
