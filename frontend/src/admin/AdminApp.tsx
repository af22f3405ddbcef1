import { Suspense, useEffect, useMemo } from 'react'
import { Route } from 'react-router-dom'
import {
  AdminContext,
  CoreAdminUI,
  CustomRoutes,
  Resource,
  defaultI18nProvider,
  LoadingPage,
  localStorageStore,
  Notification,
  type NotificationProps,
  type Store,
} from 'react-admin'
import CssBaseline from '@mui/material/CssBaseline'
import { QueryClient } from '@tanstack/react-query'
import { useBranding } from '../common/branding'
import { darken } from '@mui/material/styles'
import { themeOptions } from '../common/theme'
import { authProvider } from './authProvider'
import { dataProvider } from './dataProvider'
import {
  AccessDeniedPage,
  AdminLayout,
  AuthenticationErrorPage,
  ErrorPage,
  preloadLayout,
} from './shell'
import { AdminLoginPage } from './AdminLoginPage'
import { OTHER_PAGES, OTHER_RESOURCES, SIDEBAR_PAGES } from './pages'
import { adminPath } from './paths'
import { lazyPage } from './lazyPage'

const TwoFactorPage = lazyPage(() => import('./twoFactor/TwoFactorPage'))

// Every back-office address but the sign-in page shows the layout: fetch it now, alongside the session check
// (not on the server, which draws only the sign-in page: signInShells.tsx).
if (typeof window !== 'undefined' && !window.location.pathname.startsWith(adminPath('login')))
  preloadLayout()
const savedStore = localStorageStore()
// react-admin's I18nContextProvider renders nothing on its first pass unless the stored locale is the
// i18nProvider's, and none is stored until someone changes language: every screen painted one render
// later. The store answers the provider's locale when none is stored.
const store: Store = {
  ...savedStore,
  getItem: <T,>(key: string, defaultValue?: T) =>
    savedStore.getItem(
      key,
      key === 'locale' ? (defaultValue ?? (defaultI18nProvider.getLocale() as T)) : defaultValue
    ),
}

/**
 * react-admin's query cache, as <AdminContext> would make it (a default QueryClient), but kept here: the
 * browser tests keep one page signed in across tests whose rows are rolled back, and empty it between
 * them (`__adminQueryClient`, tests/helpers/browser_sessions.ts) instead of reloading the bundle.
 */
const queryClient = new QueryClient()
if (typeof window !== 'undefined')
  (window as { __adminQueryClient?: QueryClient }).__adminQueryClient = queryClient

const TopRightNotification = (props: NotificationProps) => (
  <Notification {...props} anchorOrigin={{ vertical: 'top', horizontal: 'right' }} />
)

/** /admin redirects to /admin/dashboard. */
function GoToDashboard() {
  useEffect(() => window.location.replace(adminPath('dashboard')), [])
  return null
}

/** Unknown back-office paths go to the member login, like every unknown path. */
function GoToShopLogin() {
  useEffect(() => window.location.replace('/shop/login'), [])
  return null
}

export default function AdminApp() {
  const { branding } = useBranding()
  const theme = useMemo(() => {
    const options = themeOptions(branding)
    // A disabled field's helper text explains why it is disabled: secondary text, not the faded disabled colour (2.67:1).
    // Error texts under inputs darkened: a brand's error colour is often too light for small text (axe contrast).
    const errorText = darken((options.palette?.error as { main: string }).main, 0.3)
    // Every yes/no question is react-admin's <Confirm>: narrow, and `confirm-dialog` is its handle in the browser tests.
    const RaConfirm = {
      defaultProps: { 'maxWidth': 'xs', 'fullWidth': true, 'data-testid': 'confirm-dialog' },
    }
    return {
      ...options,
      components: {
        ...options.components,
        RaConfirm,
        MuiFormHelperText: {
          styleOverrides: {
            root: {
              '&.Mui-error': { color: errorText },
              '&.Mui-disabled': {
                color:
                  (options.palette?.text as { secondary?: string } | undefined)?.secondary ??
                  'rgba(0, 0, 0, 0.6)',
              },
            },
          },
        },
        MuiChip: {
          styleOverrides: {
            root: {
              '&.MuiChip-colorSuccess.MuiChip-filled': {
                backgroundColor: darken((options.palette?.success as { main: string }).main, 0.35),
              },
            },
          },
        },
      },
    }
  }, [branding])
  // react-admin's <Admin> is these two halves, AdminContext and AdminUI; AdminUI is replaced by what it
  // renders (CssBaseline, CoreAdminUI, the notification) because it imports react-admin's default layout,
  // login and error pages even when they are replaced, and those would be in the first load
  // (docs/benchmarks.md). Props as <Admin> passed them; store and i18n are its defaults.
  return (
    <AdminContext
      basename="/admin"
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={defaultI18nProvider}
      store={store}
      queryClient={queryClient}
      theme={theme}
    >
      <CssBaseline enableColorScheme>
        <CoreAdminUI
          title={branding.brandName}
          disableTelemetry
          requireAuth
          layout={AdminLayout}
          loginPage={AdminLoginPage}
          dashboard={GoToDashboard}
          catchAll={GoToShopLogin}
          loading={LoadingPage}
          error={ErrorPage}
          authenticationError={AuthenticationErrorPage}
          accessDenied={AccessDeniedPage}
        >
          <CustomRoutes noLayout>
            {/* Enrolment of a second factor: outside the layout, whose screens REQUIRE_ADMIN_2FA may refuse (403) until then. */}
            <Route
              path="/two-factor"
              element={
                <Suspense fallback={<LoadingPage />}>
                  <TwoFactorPage />
                </Suspense>
              }
            />
          </CustomRoutes>
          <CustomRoutes>
            {SIDEBAR_PAGES.filter((page) => !page.resource).map((page) => (
              <Route key={page.path} path={`/${page.path}`} element={<page.component />} />
            ))}
            {OTHER_PAGES.map((page) => (
              <Route key={page.path} path={`/${page.path}`} element={<page.component />} />
            ))}
          </CustomRoutes>
          {SIDEBAR_PAGES.filter((page) => page.resource).map((page) => (
            <Resource
              key={page.path}
              name={page.path}
              list={page.component}
              show={page.resource!.show}
            >
              {page.resource!.routes?.map((route) => (
                <Route key={route.path} path={route.path} element={<route.component />} />
              ))}
            </Resource>
          ))}
          {OTHER_RESOURCES.map((resource) => (
            <Resource
              key={resource.name}
              name={resource.name}
              list={resource.list}
              show={resource.show}
            />
          ))}
        </CoreAdminUI>
        <TopRightNotification />
      </CssBaseline>
    </AdminContext>
  )
}
