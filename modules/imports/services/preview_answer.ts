import { Readable } from 'node:stream'
import type { CensusPreview } from './preview_service.js'
import { previewCache } from './preview_cache.js'

export const PREVIEW_PARSED = 'File parsed successfully! Review the preview below.'

/**
 * The JSON body of POST /api/admin/data/preview, as a stream:
 * `{ success, message, cacheKey, preview: { …, allRecords: [ … ] } }`,
 * allRecords coming from the preview cache file written while reading
 * (deleted once sent). The body of a 100,000-record preview is never one
 * string in memory.
 */
export function previewAnswer(preview: CensusPreview): Readable {
  const { cacheKey, ...figures } = preview
  // The object ends with "}}": allRecords goes in as preview's last key.
  const head = JSON.stringify({ success: true, message: PREVIEW_PARSED, cacheKey, preview: figures }).slice(0, -2) + ',"allRecords":['
  async function* body() {
    yield head
    for await (const chunk of previewCache.views(cacheKey)) yield chunk as Buffer
    yield ']}}'
  }
  return Readable.from(body(), { objectMode: false })
}
