import simpleRestProvider from 'ra-data-simple-rest'
import { fetchUtils, type DataProvider } from 'react-admin'
import { xsrfToken } from '../../common/api'

/**
 * The Finance area's resources (`finance/…`) are plain REST (list with sort, range and filter,
 * Content-Range) served by ra-data-simple-rest; its requests carry the session cookie and, for
 * writes, the XSRF header like every other back-office call.
 */
function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' })
  const token = xsrfToken()
  if (token && options.method && options.method !== 'GET') headers.set('X-XSRF-TOKEN', token)
  return fetchUtils.fetchJson(url, { ...options, headers, credentials: 'include' })
}

/** The same client for the Finance area's actions that are not CRUD (Reconcile now). */
export const financeHttp = httpClient

/** Finance resources, and a migration's own refunds and disputes (`migrations/<id>/refunds`). */
const PLAIN_REST = /^(finance\/|migrations\/\d+\/(refunds|disputes)$)/

/** ra-data-simple-rest on /api/admin with the finance resource names as paths (finance/dunning → /api/admin/finance/dunning). */
const financeProvider: DataProvider = simpleRestProvider('/api/admin', httpClient)

/** Sends every call about a finance resource to financeProvider, the others to `base`. */
export function withFinance<T extends DataProvider>(base: T): T {
  return new Proxy(base, {
    get(target, property, receiver) {
      const own: unknown = Reflect.get(target, property, receiver)
      const finance = (financeProvider as any)[property]
      if (typeof own !== 'function' || typeof finance !== 'function') return own
      return (resource: unknown, ...rest: unknown[]) =>
        typeof resource === 'string' && PLAIN_REST.test(resource)
          ? finance(resource, ...rest)
          : (own as (...args: unknown[]) => unknown).call(target, resource, ...rest)
    },
  })
}
