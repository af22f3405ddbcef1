import { lazy, StrictMode, Suspense, useMemo } from 'react'
import { createRoot } from 'react-dom/client'
import { createBrowserRouter, Navigate, Route, RouterProvider, Routes } from 'react-router-dom'
import { CssBaseline, LinearProgress, ThemeProvider } from '@mui/material'
import { BrandingProvider, useBranding } from './common/branding'
import { FormattingProvider } from './common/formatting'
import { buildTheme } from './common/theme'
import { ToastProvider } from './common/toast'
import ShopApp from './shop/ShopApp'

// The back-office (react-admin) is a separate chunk: members never download it.
const AdminApp = lazy(() => import('./admin/AdminApp'))

function ThemedRoutes() {
  const { branding } = useBranding()
  const theme = useMemo(() => buildTheme(branding), [branding])
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <ToastProvider>
        <Routes>
          <Route path="/" element={<Navigate to="/shop/login" replace />} />
          <Route path="/shop/*" element={<ShopApp />} />
          <Route
            path="/admin/*"
            element={
              <Suspense fallback={<LinearProgress />}>
                <AdminApp />
              </Suspense>
            }
          />
          <Route path="*" element={<Navigate to="/shop/login" replace />} />
        </Routes>
      </ToastProvider>
    </ThemeProvider>
  )
}

function Root() {
  return (
    <BrandingProvider>
      <FormattingProvider>
        <ThemedRoutes />
      </FormattingProvider>
    </BrandingProvider>
  )
}

// A data router, so react-admin's warnWhenUnsavedChanges can block in-app navigation.
const router = createBrowserRouter([{ path: '*', element: <Root /> }])

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
)
