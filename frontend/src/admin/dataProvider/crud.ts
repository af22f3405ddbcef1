import type { DataProvider, GetListParams, RaRecord } from 'react-admin'
import { call } from './httpClient'
import { routeOf, type ResourceRoute } from './resources'

type Row = Record<string, any>

/** `?a=1&b=2` from the non-empty values. */
export function query(values: Record<string, unknown>): string {
  const given = Object.entries(values).filter(
    ([, value]) => value !== undefined && value !== null && value !== ''
  )
  const text = new URLSearchParams(given.map(([key, value]) => [key, String(value)])).toString()
  return text ? `?${text}` : ''
}

/** The record of a create/update/getOne answer: `{ [oneKey]: record }`, `{ data }`, the record itself, or the one record it carries (`{ success, template }`). */
function recordOf(route: ResourceRoute, answer: any, fallback: Row): RaRecord {
  const record =
    (route.oneKey && answer?.[route.oneKey]) ??
    answer?.data ??
    (answer && 'id' in answer
      ? answer
      : Object.values(answer ?? {}).find(
          (value: any) => value && typeof value === 'object' && 'id' in value
        ))
  return record && typeof record === 'object' && 'id' in record
    ? record
    : ({ ...fallback } as RaRecord)
}

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0
  if (a === null || a === undefined) return 1
  if (b === null || b === undefined) return -1
  if (typeof a === 'number' && typeof b === 'number') return a - b
  return String(a).localeCompare(String(b), undefined, { numeric: true, sensitivity: 'base' })
}

/** Sort and (for lists the API sends whole) filter and page in the browser. */
function shape(route: ResourceRoute, rows: Row[], params: GetListParams) {
  const browserFilters = Object.entries(params.filter ?? {}).filter(
    ([key, value]) =>
      !(route.serverFilters ?? []).includes(key) && value !== '' && value !== undefined
  )
  let result = rows.filter((row) =>
    browserFilters.every(([key, value]) => String(row[key]) === String(value))
  )
  const { field, order } = params.sort ?? { field: '', order: 'ASC' }
  if (field && !route.serverSort) {
    const direction = order === 'DESC' ? -1 : 1
    result = [...result].sort((a, b) => direction * compare(a[field], b[field]))
  }
  if (route.serverPaging || !params.pagination) return result
  const { page, perPage } = params.pagination
  return result.slice((page - 1) * perPage, page * perPage)
}

/** The last page each keyset-paged resource showed: its filters, page number and first and last id. */
const shownPages = new Map<
  string,
  { filters: string; page: number; perPage: number; firstId: number; lastId: number }
>()

/** `after` / `before` when the page asked for is the one next to the page shown last with the same filters. */
function keysetCursor(resource: string, filters: string, page: number, perPage: number) {
  const shown = shownPages.get(resource)
  if (!shown || shown.filters !== filters || shown.perPage !== perPage) return {}
  if (page === shown.page + 1) return { after: shown.lastId }
  if (page === shown.page - 1 && page > 1) return { before: shown.firstId }
  return {}
}

/** No back-office resource has references, and no screen changes or deletes several records at once. */
const unused = () => Promise.reject(new Error('Not used by the back-office'))

/** getList/getOne/create/update/delete of react-admin on the spec's endpoints (resources.ts). */
export const crudProvider: DataProvider = {
  async getList(resource, params) {
    const route = routeOf(resource)
    const serverFilter = Object.fromEntries(
      Object.entries(params.filter ?? {}).filter(([key]) =>
        (route.serverFilters ?? []).includes(key)
      )
    )
    const paging =
      route.serverPaging && params.pagination
        ? { page: params.pagination.page, limit: params.pagination.perPage }
        : {}
    const sort =
      route.serverSort && params.sort?.field
        ? { sort: params.sort.field, direction: params.sort.order.toLowerCase() }
        : {}
    const filters = JSON.stringify(serverFilter)
    // Cursors page in id order only: a list sorted by another column pages by number.
    const inIdOrder =
      !params.sort?.field || (params.sort.field === 'id' && params.sort.order === 'ASC')
    const cursor =
      route.keysetPaging && params.pagination && inIdOrder
        ? keysetCursor(resource, filters, params.pagination.page, params.pagination.perPage)
        : {}
    const listQuery = { ...route.listQuery, ...serverFilter, ...paging, ...sort, ...cursor }
    const answer = await call('GET', `${route.listPath ?? route.path}${query(listQuery)}`)
    const listed: Row[] = Array.isArray(answer) ? answer : (answer?.[route.listKey ?? 'data'] ?? [])
    const rows = route.idKey ? listed.map((row) => ({ ...row, id: row[route.idKey!] })) : listed
    if (route.keysetPaging && params.pagination && inIdOrder) {
      // Rows come in id order; an empty page leaves nothing to continue from.
      if (rows.length)
        shownPages.set(resource, {
          filters,
          page: params.pagination.page,
          perPage: params.pagination.perPage,
          firstId: rows[0].id,
          lastId: rows[rows.length - 1].id,
        })
      else shownPages.delete(resource)
    } else if (route.keysetPaging) shownPages.delete(resource)
    const filtered = shape(route, rows, { ...params, pagination: undefined as never })
    const meta: Record<string, unknown> = Object.fromEntries(
      (route.metaKeys ?? []).map((key) => [key, answer?.[key]])
    )
    if (route.allRowsInMeta) meta.rows = filtered
    const total = route.serverPaging ? Number(answer?.total ?? rows.length) : filtered.length
    return { data: shape(route, rows, params) as any[], total, meta }
  },

  async getOne(resource, params) {
    const route = routeOf(resource)
    return {
      data: recordOf(route, await call('GET', `${route.path}/${params.id}`), {
        id: params.id,
      }) as any,
    }
  },

  getMany: unused,
  getManyReference: unused,

  async create(resource, params) {
    const route = routeOf(resource)
    const answer = await call('POST', route.path, params.data)
    return {
      data: recordOf(route, answer, {
        ...params.data,
        id: answer?.id ?? answer?.data?.id ?? 0,
      }) as any,
    }
  },

  async update(resource, params) {
    const route = routeOf(resource)
    const answer = await call('PUT', `${route.path}/${params.id}`, params.data)
    return {
      data: recordOf(route, answer, {
        ...params.previousData,
        ...params.data,
        id: params.id,
      }) as any,
    }
  },

  updateMany: unused,

  async delete(resource, params) {
    const route = routeOf(resource)
    await call('DELETE', `${route.path}/${params.id}`)
    return { data: (params.previousData ?? { id: params.id }) as any }
  },

  deleteMany: unused,
}
