import type { ApiAnswer } from '../../../common/api_contract'

export type SavedView = ApiAnswer<'/api/admin/saved-views', 'get'>['views'][number]
export type ViewParams = SavedView['listParams']

/** The list's state as a view keeps it: its filter values (empty ones left out), sort and page size. */
export function viewParams(
  filter: Record<string, unknown>,
  sort: { field: string; order: string },
  perPage: number
): ViewParams {
  const given = Object.entries(filter ?? {}).filter(
    ([, value]) => value !== undefined && value !== null && value !== ''
  )
  return {
    filter: Object.fromEntries(given),
    sort: sort.field,
    order: sort.order === 'ASC' ? 'ASC' : 'DESC',
    perPage,
  }
}

/** The same list state: filters compared whatever their order, numbers and texts alike ("3" = 3). */
export function sameParams(a: ViewParams, b: ViewParams) {
  const text = (filter: Record<string, unknown>) =>
    JSON.stringify(
      Object.keys(filter)
        .sort()
        .map((key) => [key, String(filter[key])])
    )
  return (
    a.sort === b.sort &&
    a.order === b.order &&
    a.perPage === b.perPage &&
    text(a.filter) === text(b.filter)
  )
}
