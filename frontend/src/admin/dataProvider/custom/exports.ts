import type { SortPayload } from 'react-admin'
import { query } from '../crud'
import { downloadStream, type DownloadProgress } from '../httpClient'
import { routeOf } from '../resources'

export type ExportFormat = 'csv' | 'xlsx'

/** A Finance resource: plain REST, whose export takes the list's `sort` and `filter` as ra-data-simple-rest sends them. */
const FINANCE = /^finance\/(dunning|refunds|disputes|reconciliation)$/

/**
 * The query of a list's export: the parameters the list's getList sends for these filters and
 * this sort (crud.ts for the spec's resources, ra-data-simple-rest for the Finance area), without
 * paging, and the format.
 */
function exportPath(resource: string, filter: Record<string, unknown>, sort: SortPayload) {
  if (FINANCE.test(resource)) {
    const given = Object.fromEntries(
      Object.entries(filter).filter(([, value]) => value !== '' && value !== undefined)
    )
    return `/admin/${resource}-export${query({
      sort: sort.field ? JSON.stringify([sort.field, sort.order]) : undefined,
      filter: JSON.stringify(given),
    })}`
  }
  const route = routeOf(resource)
  if (!route.exportPath) throw new Error(`The ${resource} list has no export`)
  const serverFilter = Object.fromEntries(
    Object.entries(filter).filter(([key]) => (route.serverFilters ?? []).includes(key))
  )
  const sorted =
    sort.field && (route.serverSort || route.exportSorts?.includes(sort.field))
      ? { sort: sort.field, direction: sort.order.toLowerCase() }
      : {}
  return `${route.exportPath}${query({ ...route.exportQuery, ...serverFilter, ...sorted })}`
}

/** Exports of the back-office's lists: the server streams the file, the screen follows its progress. */
export const exportMethods = {
  exportList: (
    resource: string,
    params: { filter: Record<string, unknown>; sort: SortPayload },
    format: ExportFormat,
    onProgress: (progress: DownloadProgress) => void
  ) => {
    const path = exportPath(resource, params.filter, params.sort)
    return downloadStream(`${path}${path.includes('?') ? '&' : '?'}format=${format}`, onProgress)
  },
}
