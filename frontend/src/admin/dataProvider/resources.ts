/**
 * How each react-admin resource maps onto the endpoints of admin-backoffice.md §7.
 * `list` answers either a bare array or `{ [listKey]: rows, total? }`; `one` answers
 * `{ [oneKey]: record }` or the record itself. Lists without server paging are paged,
 * sorted and filtered (server filters excepted) in the browser: the API sends them whole (capped).
 */
export interface ResourceRoute {
  /** Base path: GET list, POST create; `${path}/${id}` for one, PUT and DELETE. */
  path: string
  /** Where the list lives when it is not `path`. */
  listPath?: string
  listKey?: string
  oneKey?: string
  /** The server pages (`page`, `limit`) and counts (`total`). */
  serverPaging?: boolean
  /** Query parameters every list call carries. */
  listQuery?: Record<string, string>
  /**
   * The server also pages by keyset (`after` = last id of the previous page, `before` = first id
   * of the next one, rows in id order): Next and Previous send the cursor, so deep pages are a seek.
   */
  keysetPaging?: boolean
  /** Filters the server applies; any other filter is applied in the browser. */
  serverFilters?: string[]
  /** Keys of the list answer kept as `meta` (e.g. the currencies' exchange rates). */
  metaKeys?: string[]
  /** Every listed row (filtered and sorted, before paging) as `meta.rows`: selection and exports cover the whole list. */
  allRowsInMeta?: boolean
  /** The server sorts (`sort` = field, `direction` = asc or desc) before it pages. */
  serverSort?: boolean
  /** The rows' key when they have no `id`. */
  idKey?: string
  /**
   * The list's export (docs/backoffice.md "Exports of every list"): its path, the parameters it
   * adds (a tab), and the sorts it takes when the list itself sorts in the browser.
   */
  exportPath?: string
  exportQuery?: Record<string, string>
  exportSorts?: string[]
}

/** The columns the Subscriptions tables sort by (the export sorts by them on the server). */
const SUBSCRIPTION_SORTS = [
  'id',
  'created_at',
  'migration_reference',
  'insured_full_name',
  'status',
  'payment_frequency',
  'subscription_amount',
  'total_amount_usd',
  'cancelled_at',
  'current_period_end',
]

const RESOURCES: Record<string, ResourceRoute> = {
  'members': {
    path: '/admin/members',
    listKey: 'members',
    oneKey: 'member',
    serverPaging: true,
    keysetPaging: true,
    serverFilters: ['search', 'role'],
    exportPath: '/admin/members-export',
    serverSort: true,
  },
  'admins': {
    path: '/admin/admin-users',
    listKey: 'admins',
    serverPaging: true,
    serverFilters: ['search'],
    serverSort: true,
  },
  'migrations': {
    path: '/admin/migrations',
    listKey: 'migrations',
    oneKey: 'migration',
    serverFilters: ['search', 'status', 'term', 'from', 'to'],
    serverSort: true,
    metaKeys: ['total'],
    exportPath: '/admin/migrations-export',
  },
  'subscriptions': {
    path: '/admin/subscriptions',
    listKey: 'subscriptions',
    serverFilters: ['search', 'status'],
    exportPath: '/admin/subscriptions-export',
    exportSorts: SUBSCRIPTION_SORTS,
  },
  'early-cancellations': {
    path: '/admin/subscriptions/early-cancellations',
    listKey: 'earlyCancellations',
    exportPath: '/admin/subscriptions-export',
    exportQuery: { tab: 'early' },
    exportSorts: SUBSCRIPTION_SORTS,
  },
  'problematic-subscriptions': {
    path: '/admin/subscriptions/problematic',
    listKey: 'problematicSubscriptions',
    exportPath: '/admin/subscriptions-export',
    exportQuery: { tab: 'problematic' },
    exportSorts: SUBSCRIPTION_SORTS,
  },
  'unmigrated-users': {
    path: '/admin/unmigrated-users',
    listKey: 'users',
    listQuery: { limit: '10000' },
    serverFilters: ['search'],
    metaKeys: ['total'],
    allRowsInMeta: true,
  },
  'products': { path: '/admin/products' },
  'currencies': {
    path: '/currencies/admin',
    listPath: '/currencies/admin/all',
    listKey: 'currencies',
    metaKeys: ['cacheStatus', 'exchangeRates'],
  },
  'templates': { path: '/admin/templates' },
  'api-configs': { path: '/admin/api-configs' },
  'email-templates': { path: '/admin/email-templates', listKey: 'templates', oneKey: 'template' },
  'audit-log': {
    path: '/admin/audit-log',
    listKey: 'entries',
    serverPaging: true,
    serverFilters: ['entityType', 'entityId', 'actor', 'action', 'from', 'to'],
    exportPath: '/admin/audit-log-export',
    serverSort: true,
  },
  'email-overrides': { path: '/admin/email-overrides', listKey: 'overrides', oneKey: 'override' },
  'dead-letters': { path: '/admin/dead-letters', listKey: 'items', serverPaging: true },
  'import-records': {
    path: '/admin/data/preview-records',
    listKey: 'records',
    idKey: 'row',
    serverPaging: true,
    serverSort: true,
    serverFilters: ['cacheKey'],
  },
}

export function routeOf(resource: string): ResourceRoute {
  const route = RESOURCES[resource]
  if (!route) throw new Error(`Unknown back-office resource ${resource}`)
  return route
}
