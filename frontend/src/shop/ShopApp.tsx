import { lazy, Suspense, type ComponentType } from 'react'
import { Navigate, Route, Routes } from 'react-router-dom'
import { LoginPage } from './pages/LoginPage'
import { Loading } from './components/Loading'
import { MemberPage } from './memberSession'
import { useRouteAnnouncer } from './routeAnnouncer'
import { LanguageProvider } from './i18n/LanguageProvider'
import { loadWholeCatalogue } from './i18n/messages'

/**
 * A page loaded when first visited, with the rest of the catalogue (i18n/catalogueParts.ts): the
 * login screen downloads only what signing in needs.
 */
function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(() =>
    Promise.all([load(), loadWholeCatalogue()]).then(([module]) => ({ default: module[name] }))
  )
}

const DashboardPage = lazyPage(() => import('./pages/DashboardPage'), 'DashboardPage')
const SelectPage = lazyPage(() => import('./pages/SelectPage'), 'SelectPage')
const CheckoutPage = lazyPage(() => import('./pages/CheckoutPage'), 'CheckoutPage')
const SuccessPage = lazyPage(() => import('./pages/SuccessPage'), 'SuccessPage')
const AlreadyMigratedPage = lazyPage(
  () => import('./pages/AlreadyMigratedPage'),
  'AlreadyMigratedPage'
)

/** A member page: lazily loaded, and its session guarded (memberSession.tsx). */
function member(Page: ComponentType) {
  return (
    <MemberPage>
      <Suspense fallback={<Loading />}>
        <Page />
      </Suspense>
    </MemberPage>
  )
}

/** The member shop (member-shop.md §2) in the member's language (docs/shop.md, "Languages"). */
export default function ShopApp() {
  return (
    <LanguageProvider>
      <ShopRoutes />
    </LanguageProvider>
  )
}

function ShopRoutes() {
  useRouteAnnouncer()
  return (
    <Routes>
      <Route path="login" element={<LoginPage />} />
      <Route path="dashboard" element={member(DashboardPage)} />
      <Route path="select" element={member(SelectPage)} />
      <Route path="checkout" element={member(CheckoutPage)} />
      <Route path="success" element={member(SuccessPage)} />
      <Route path="already-migrated" element={member(AlreadyMigratedPage)} />
      <Route path="*" element={<Navigate to="/shop/login" replace />} />
    </Routes>
  )
}
