/*
| Bounds of census file reading (docs/people.md "Limits"). A file that
| passes them is read in bounded memory; one that trips them is refused
| with a 422 and one of these exact messages, and its reading stops there.
*/

/** Longest CSV record (quoted line breaks included), in bytes. */
export const MAX_CSV_RECORD_BYTES = 64 * 1024
/** Everything an XLSX archive may unpack to, all parts together (sheets are streamed, never held). */
export const MAX_XLSX_UNPACKED_BYTES = 1024 * 1024 * 1024
/** The shared-strings part is held in memory by the reader (cells only point into it). */
export const MAX_XLSX_SHARED_STRINGS_BYTES = 128 * 1024 * 1024
export const MAX_XLSX_SHARED_STRINGS = 2_000_000
/** Heap of the thread that reads a census (old generation); beyond it the thread is stopped, not the server. */
const READER_HEAP_MB = 192

/**
 * The reading thread's heap for the preview being started: READER_HEAP_MB, or
 * CENSUS_READER_HEAP_MB when set (read at each preview, not at boot, so a test can make one
 * upload run out of memory without a bomb the size of the real limit).
 */
export function readerHeapMb(): number {
  const set = Number(process.env.CENSUS_READER_HEAP_MB)
  return Number.isFinite(set) && set > 0 ? set : READER_HEAP_MB
}
/**
 * Typed arrays of each of the scan's key tables (every Member ID; the principals' Person IDs),
 * which the heap limit does not count: 80 MB holds about 1.7 million keys of 11 characters.
 */
export const SCAN_KEYS_MB = 80
/**
 * CPU time the preview's reading thread may use (its own, not the clock: a busy machine makes a
 * preview slower, never refused).
 */
export const PREVIEW_CPU_LIMIT_MS = 5 * 60 * 1000

export const CSV_LINE_TOO_LONG =
  'The file has a line longer than 64 KB, so it was not read. Please check that it is a valid CSV file.'
export const XLSX_TOO_LARGE =
  'The XLSX file unpacks to more than 1 GB, so it was not read. Please split it or save it as CSV.'
export const XLSX_TOO_MANY_STRINGS =
  'The XLSX file holds more than 2,000,000 texts or 128 MB of text, so it was not read. Please split it or save it as CSV.'
export const FILE_TOO_DEMANDING =
  'The file needs more memory to read than an import may use, so it was not read. Please split it into smaller files.'
export const FILE_TOO_SLOW =
  'The file needs more than 5 minutes of processing to read, so reading was stopped. Please split it into smaller files.'
export const PREVIEW_CANCELLED = 'The preview was cancelled.'
