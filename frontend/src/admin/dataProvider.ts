import simpleRestProvider from 'ra-data-simple-rest'
import { fetchUtils } from 'react-admin'

function xsrfToken(): string | null {
  const match = document.cookie.match(/(?:^|;\s*)XSRF-TOKEN=([^;]+)/)
  return match ? decodeURIComponent(match[1]) : null
}

/** fetchJson with cookies and the XSRF header: the one place react-admin talks to the API. */
export const httpClient = (url: string, options: fetchUtils.Options = {}) => {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' })
  const token = xsrfToken()
  if (token) headers.set('X-XSRF-TOKEN', token)
  return fetchUtils.fetchJson(url, { ...options, headers, credentials: 'include' })
}

/** Generic provider for simple resources; screens with the spec's own shapes use common/api. */
export const dataProvider = simpleRestProvider('/api/admin', httpClient)
