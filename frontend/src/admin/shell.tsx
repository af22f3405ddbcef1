import { lazy, Suspense, type ComponentProps } from 'react'
import { Loading, type LayoutProps } from 'react-admin'

/**
 * The parts of the back-office's shell that its first screen, the sign-in page, does not show, each
 * its own chunk (docs/benchmarks.md, issue 16): the layout (app bar, sidebar, user menu, with
 * react-admin's Drawer, Menu, Popover and Tooltip) and the error pages. The layout is fetched as soon
 * as it will be needed: at once on any other back-office address (alongside the session check) and
 * when the sign-in form is sent (alongside the sign-in request), so it adds no step of its own.
 */
const loadLayout = () => import('./layout/Layout')
const Layout = lazy(() => loadLayout().then((module) => ({ default: module.AdminLayout })))

export function preloadLayout() {
  void loadLayout()
}

export function AdminLayout(props: LayoutProps) {
  return (
    <Suspense fallback={<Loading />}>
      <Layout {...props} />
    </Suspense>
  )
}

// react-admin's error pages, each shown by react-admin with the props it gives them.
const Error = lazy(() => import('./shellPages').then((module) => ({ default: module.Error })))
const AuthenticationError = lazy(() => import('./shellPages').then((module) => ({ default: module.AuthenticationError })))
const AccessDenied = lazy(() => import('./shellPages').then((module) => ({ default: module.AccessDenied })))

export const ErrorPage = (props: ComponentProps<typeof Error>) => (
  <Suspense fallback={null}>
    <Error {...props} />
  </Suspense>
)
export const AuthenticationErrorPage = () => (
  <Suspense fallback={null}>
    <AuthenticationError />
  </Suspense>
)
export const AccessDeniedPage = () => (
  <Suspense fallback={null}>
    <AccessDenied />
  </Suspense>
)
