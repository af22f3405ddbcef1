import { lazy, Suspense, type ComponentType, type ReactNode } from 'react'
import { Loading, type LayoutProps } from 'react-admin'

/**
 * The parts of the back-office's shell that its first screen, the sign-in page, does not show, each
 * its own chunk (docs/benchmarks.md): the layout (app bar, sidebar, user menu, with
 * react-admin's Drawer, Menu, Popover and Tooltip) and the error pages. The layout is fetched as soon
 * as it will be needed: at once on any other back-office address (alongside the session check) and
 * when the sign-in form is sent (alongside the sign-in request), so it adds no step of its own.
 */
const loadLayout = () => import('./layout/Layout')

/** A component fetched when first drawn (`fallback` meanwhile), drawn with the props it is given. */
function onFirstUse<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null
) {
  const Component = lazy(() => load().then((component) => ({ default: component })))
  return (props: P) => (
    <Suspense fallback={fallback}>
      <Component {...props} />
    </Suspense>
  )
}

export const preloadLayout = () => void loadLayout()

export const AdminLayout = onFirstUse<LayoutProps>(
  () => loadLayout().then((module) => module.AdminLayout),
  <Loading />
)

// react-admin's error pages, each shown by react-admin with the props it gives them.
export const ErrorPage = onFirstUse(() => import('./shellPages').then((pages) => pages.Error))
export const AuthenticationErrorPage = onFirstUse(() =>
  import('./shellPages').then((pages) => pages.AuthenticationError)
)
export const AccessDeniedPage = onFirstUse(() =>
  import('./shellPages').then((pages) => pages.AccessDenied)
)
