import { StrictMode, useMemo, type ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import { createBrowserRouter, RouterProvider } from 'react-router-dom'
import { CssBaseline, ThemeProvider } from '@mui/material'
import { BrandingProvider, useBranding } from './branding'
import { FormattingProvider } from './formatting'
import { buildTheme } from './theme'
import { ToastProvider } from './toast'

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

/**
 * Mounts routes inside the providers both entries share (router, branding, formatting, theme,
 * toasts). A data router, so react-admin's warnWhenUnsavedChanges can block in-app navigation.
 */
export function mountApp(routes: ReactNode) {
  const root = (
    <BrandingProvider>
      <FormattingProvider>
        <ThemedShell>{routes}</ThemedShell>
      </FormattingProvider>
    </BrandingProvider>
  )
  const router = createBrowserRouter([{ path: '*', element: root }])
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  )
}
