import vine from '@vinejs/vine'
import { ApiError } from './api_error.js'
import { EXPORT_FORMATS } from './spreadsheet_export.js'

/**
 * The list query of react-admin's ra-data-simple-rest: `sort=["field","ASC"]`,
 * `range=[0,24]` (inclusive) and `filter={"key":"value"}`, each JSON text.
 */
export const restListQueryValidator = vine.compile(
  vine.object({
    sort: vine.string().maxLength(200).optional(),
    range: vine.string().maxLength(100).optional(),
    filter: vine.string().maxLength(1000).optional(),
  })
)

/** A REST list's export: the list's own `sort` and `filter` (no range: every row), and the file format. */
export const restExportQueryValidator = vine.compile(
  vine.object({
    sort: vine.string().maxLength(200).optional(),
    filter: vine.string().maxLength(1000).optional(),
    format: vine.enum(EXPORT_FORMATS).optional(),
  })
)

export interface RestListQuery<F> {
  sort: string
  order: 'asc' | 'desc'
  offset: number
  limit: number
  filter: Partial<F>
}

/** Most rows one page carries. */
const REST_PAGE_LIMIT = 500

function json(text: string | undefined, name: string): unknown {
  if (text === undefined) return undefined
  try {
    return JSON.parse(text)
  } catch {
    throw new ApiError(`The ${name} parameter must be JSON`, 422, { field: name })
  }
}

/** Reads a validated list query; unknown sort fields or filter keys, or a bad range, answer 422. */
export function readRestListQuery<F extends Record<string, string>>(
  query: { sort?: string; range?: string; filter?: string },
  options: {
    sortable: string[]
    defaultSort: string
    filters: { [K in keyof F]: (value: string) => boolean }
  }
): RestListQuery<F> {
  const sort = json(query.sort, 'sort') ?? [options.defaultSort, 'DESC']
  if (
    !Array.isArray(sort) ||
    sort.length !== 2 ||
    !options.sortable.includes(sort[0]) ||
    !['ASC', 'DESC'].includes(String(sort[1]).toUpperCase())
  ) {
    throw new ApiError(
      `sort must be ["field","ASC"|"DESC"] with a field among ${options.sortable.join(', ')}`,
      422,
      { field: 'sort' }
    )
  }
  const range = json(query.range, 'range') ?? [0, 24]
  if (
    !Array.isArray(range) ||
    range.length !== 2 ||
    !range.every((n) => Number.isInteger(n) && n >= 0) ||
    range[1] < range[0] ||
    range[1] - range[0] >= REST_PAGE_LIMIT
  ) {
    throw new ApiError(
      `range must be [first,last], whole numbers, at most ${REST_PAGE_LIMIT} rows`,
      422,
      { field: 'range' }
    )
  }
  const filterObject = json(query.filter, 'filter') ?? {}
  if (typeof filterObject !== 'object' || filterObject === null || Array.isArray(filterObject))
    throw new ApiError('filter must be a JSON object', 422, { field: 'filter' })
  const filter: Partial<F> = {}
  for (const [key, value] of Object.entries(filterObject)) {
    const accepts = (options.filters as Record<string, (value: string) => boolean>)[key]
    if (!accepts || typeof value !== 'string' || value.length > 200 || !accepts(value))
      throw new ApiError(`filter.${key} is not a known filter value`, 422, {
        field: `filter.${key}`,
      })
    ;(filter as Record<string, string>)[key] = value
  }
  return {
    sort: sort[0],
    order: String(sort[1]).toLowerCase() as 'asc' | 'desc',
    offset: range[0],
    limit: range[1] - range[0] + 1,
    filter,
  }
}

/** Content-Range of a page, as ra-data-simple-rest reads it: `resource first-last/total`. */
export function contentRange(resource: string, offset: number, rows: number, total: number) {
  return rows === 0
    ? `${resource} */${total}`
    : `${resource} ${offset}-${offset + rows - 1}/${total}`
}
