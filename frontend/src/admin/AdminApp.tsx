import { useEffect, useMemo } from 'react'
import { Route } from 'react-router-dom'
import { Admin, CustomRoutes, Notification, type NotificationProps } from 'react-admin'
import { useBranding } from '../common/branding'
import { darken } from '@mui/material/styles'
import { themeOptions } from '../common/theme'
import { authProvider } from './authProvider'
import { dataProvider } from './dataProvider'
import { AdminLayout } from './layout/Layout'
import { AdminLoginPage } from './AdminLoginPage'
import { OTHER_PAGES, SIDEBAR_PAGES } from './pages'
import { adminPath } from './paths'

const TopRightNotification = (props: NotificationProps) => <Notification {...props} anchorOrigin={{ vertical: 'top', horizontal: 'right' }} />

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
    // Error texts under inputs darkened: a brand's error colour is often too light for small text (axe contrast).
    const errorText = darken((options.palette?.error as { main: string }).main, 0.3)
    // Every yes/no question is react-admin's <Confirm>: narrow, and `confirm-dialog` is its handle in the browser tests.
    const RaConfirm = { defaultProps: { maxWidth: 'xs', fullWidth: true, 'data-testid': 'confirm-dialog' } }
    return { ...options, components: { ...options.components, RaConfirm, MuiFormHelperText: { styleOverrides: { root: { '&.Mui-error': { color: errorText } } } }, MuiChip: { styleOverrides: { root: { '&.MuiChip-colorSuccess.MuiChip-filled': { backgroundColor: darken((options.palette?.success as { main: string }).main, 0.35) } } } } } }
  }, [branding])
  return (
    <Admin
      basename="/admin"
      title={branding.brandName}
      disableTelemetry
      requireAuth
      authProvider={authProvider}
      dataProvider={dataProvider}
      layout={AdminLayout}
      loginPage={AdminLoginPage}
      dashboard={GoToDashboard}
      catchAll={GoToShopLogin}
      notification={TopRightNotification}
      theme={theme}
    >
      <CustomRoutes>
        {SIDEBAR_PAGES.map((page) => (
          <Route key={page.path} path={`/${page.path}`} element={<page.component />} />
        ))}
        {OTHER_PAGES.map((page) => (
          <Route key={page.path} path={`/${page.path}`} element={<page.component />} />
        ))}
      </CustomRoutes>
    </Admin>
  )
}
