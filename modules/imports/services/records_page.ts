import type { PreviewRecord } from '../census/record.js'
import { jsonLines } from './cache_files.js'

/*
| One page of a preview's records, read from the cache file (in the records
| thread, records_thread.ts: sorting 100,000 records takes a heap of its own
| for a moment, not the server's).
*/

/** The columns the View All dialog sorts by (admin-backoffice.md §2, Import Data). */
export const RECORD_SORT_KEYS = [
  'name',
  'memberId',
  'dateOfBirth',
  'role',
  'principalName',
  'residenceCountry',
  'product',
] as const
type RecordSortKey = (typeof RECORD_SORT_KEYS)[number]

export interface RecordsQuery {
  page: number
  limit: number
  /** File order when absent. */
  sort?: RecordSortKey
  direction?: 'asc' | 'desc'
}

/** As the screen compared them before: case and accents ignored, digits as numbers ("Principal 9" before "Principal 10"). */
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' })

/** The records of the page (file order or sorted; equal values keep the file's order). */
export async function recordsPage(path: string, query: RecordsQuery): Promise<PreviewRecord[]> {
  const start = (query.page - 1) * query.limit
  const end = start + query.limit
  const page: PreviewRecord[] = []
  if (!query.sort) {
    let index = 0
    for await (const lines of jsonLines<PreviewRecord[]>(path)) {
      for (const record of lines.flat())
        if (index++ >= start && page.push(record) === query.limit) return page
    }
    return page
  }
  // First pass: only the sort values; second pass: the records on the page.
  const key = query.sort
  const values: string[] = []
  for await (const lines of jsonLines<PreviewRecord[]>(path))
    for (const record of lines.flat()) values.push(record[key] ?? '')
  const factor = query.direction === 'desc' ? -1 : 1
  const order = Array.from(values.keys()).sort(
    (a, b) => factor * collator.compare(values[a], values[b]) || a - b
  )
  const wanted = new Map(order.slice(start, end).map((index, position) => [index, position]))
  if (wanted.size === 0) return page
  let index = 0
  for await (const lines of jsonLines<PreviewRecord[]>(path)) {
    for (const record of lines.flat()) {
      const position = wanted.get(index++)
      if (position !== undefined) page[position] = record
    }
  }
  return page
}
