/** The route files of every domain module, in load order. */
export const MODULE_ROUTES: (() => Promise<unknown>)[] = [
  () => import('#modules/settings/routes'),
  () => import('#modules/auth/routes'),
  () => import('#modules/catalog/routes'),
  () => import('#modules/notifications/admin_routes'),
  () => import('#modules/fulfilment/admin_routes'),
  () => import('#modules/imports/routes'),
  () => import('#modules/members/routes'),
  () => import('#modules/admins/routes'),
  () => import('#modules/audit/routes'),
  () => import('#modules/migrations/routes'),
  () => import('#modules/backoffice/routes'),
  () => import('#modules/payments/routes'),
  () => import('#modules/fulfilment/routes'),
  () => import('#modules/shop/routes'),
  () => import('#modules/observability/routes'),
]
