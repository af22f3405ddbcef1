import { ApiError } from '#modules/shared/index'
import type { PreviewRecord } from '../census/record.js'
import { threadEntry } from '../census/thread_entry.js'
import { FILE_TOO_DEMANDING, FILE_TOO_SLOW, PREVIEW_CANCELLED } from '../census/limits.js'
import type { CensusPreview } from './preview_service.js'
import { NO_PREVIEW, previewCache } from './preview_cache.js'
import { jsonLines } from './cache_files.js'
import { runCappedThread } from './capped_thread.js'
import type { RecordsQuery } from './records_page.js'

const PREVIEW_PARSED = 'File parsed successfully! Review the preview below.'
/** Records the preview answer carries in allRecords (the first ones of the file); the rest are paged. */
const RECORDS_IN_ANSWER = 500
/** Most records one page of GET /api/admin/data/preview-records holds. */
export const MAX_RECORDS_PAGE = 500

const RECORDS_THREAD = threadEntry('records_thread', import.meta.url)

/** The first records of the file, from the preview cache. */
async function firstRecords(cacheKey: string): Promise<PreviewRecord[]> {
  const records: PreviewRecord[] = []
  for await (const lines of jsonLines<PreviewRecord[]>(previewCache.viewsPath(cacheKey))) {
    for (const record of lines.flat())
      if (records.push(record) === RECORDS_IN_ANSWER) return records
  }
  return records
}

/**
 * The body of POST /api/admin/data/preview: the figures, the warnings and
 * the file's first RECORDS_IN_ANSWER records as allRecords. A 100,000-row
 * file answered 26 MB of JSON when every record was echoed; the View All
 * dialog now pages through the rest (previewRecords).
 */
export async function previewAnswer(preview: CensusPreview) {
  const { cacheKey, ...figures } = preview
  return {
    success: true,
    message: PREVIEW_PARSED,
    cacheKey,
    preview: { ...figures, allRecords: await firstRecords(cacheKey) },
  }
}

/**
 * One page of a pending preview's records, in file order or sorted by a
 * column, for its owner only (404 otherwise). Sorting reads the whole cache
 * file, so it runs in a capped thread of its own.
 */
export async function previewRecords(
  cacheKey: string,
  owner: string,
  query: RecordsQuery,
  signal?: AbortSignal
) {
  const meta = await previewCache.pending(cacheKey, owner)
  const message = await runCappedThread<{ records: PreviewRecord[] } | { failure: string }>(
    RECORDS_THREAD,
    { path: previewCache.viewsPath(cacheKey), query },
    {
      heapMb: 256,
      cpuLimitMs: 60_000,
      signal,
      messages: {
        tooDemanding: FILE_TOO_DEMANDING,
        tooSlow: FILE_TOO_SLOW,
        cancelled: PREVIEW_CANCELLED,
        failed: NO_PREVIEW,
      },
    }
  )
  if ('failure' in message) throw new ApiError(NO_PREVIEW, 404)
  return {
    records: message.records,
    total: meta.totalRecords,
    page: query.page,
    limit: query.limit,
  }
}
