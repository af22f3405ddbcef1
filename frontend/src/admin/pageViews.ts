import { lazy, type ComponentType } from 'react'
import { lazyPage } from './lazyPage'

/** A resource module's views (`{ list, show }`), each loaded on first use from the module's one chunk. */
function lazyViews<V>(load: () => Promise<{ default: V }>) {
  return (pick: (views: V) => ComponentType) => lazyPage(load, (module) => pick(module.default))
}

const migrationView = lazyViews(() => import('./pages/migrations'))
const financeView = lazyViews(() => import('./pages/finance'))

// Each page is its own chunk, loaded when first opened: the back-office's first load is the shell
// and the login page (docs/benchmarks.md). react-admin's Layout suspends while it loads.
export const DashboardPage = lazyPage(() => import('./pages/dashboard'))
export const migrations = {
  list: migrationView((views) => views.list),
  show: migrationView((views) => views.show),
}
export const UnmigratedUsersPage = lazyPage(() => import('./pages/unmigrated-users'))
export const members = { list: lazyViews(() => import('./pages/members'))((views) => views.list) }
export const SubscriptionsPage = lazyPage(() => import('./pages/subscriptions'))
export const ProductsPage = lazyPage(() => import('./pages/products'))
export const finance = {
  dunningList: financeView((views) => views.dunning.list),
  dunningShow: financeView((views) => views.dunning.show),
  reconciliationList: financeView((views) => views.reconciliation.list),
  reconciliationShow: financeView((views) => views.reconciliation.show),
  refundList: financeView((views) => views.refunds.list),
  refundShow: financeView((views) => views.refunds.show),
  disputeList: financeView((views) => views.disputes.list),
  disputeShow: financeView((views) => views.disputes.show),
}
export const currencies = {
  list: lazyViews(() => import('./pages/currencies'))((views) => views.list),
}
export const docTemplates = {
  list: lazyViews(() => import('./pages/templates'))((views) => views.list),
}
export const EmailTemplatesPage = lazyPage(() => import('./pages/email-templates'))
export const EmailOverridesPage = lazyPage(() => import('./pages/email-overrides'))
export const apiConfigs = {
  list: lazyViews(() => import('./pages/api-configs'))((views) => views.list),
}
export const admins = { list: lazyViews(() => import('./pages/admins'))((views) => views.list) }
export const ImportPage = lazyPage(() => import('./pages/import'))
export const SettingsPage = lazyPage(() => import('./pages/settings'))
export const AuditLogPage = lazy(() =>
  import('./audit/AuditLogPage').then((m) => ({ default: m.AuditLogPage }))
)
export const DeadLetterList = lazyPage(() => import('./pages/dead-letters/DeadLetterList'))
export const SecurityPage = lazyPage(() => import('./pages/security'))
