import db from '@adonisjs/lucid/services/db'
import { ApiError, isoDate, textKey, today } from '#modules/shared/index'
import type { PreviewRecord } from '../census/record.js'
import { threadEntry } from '../census/thread_entry.js'
import {
  FILE_TOO_DEMANDING,
  FILE_TOO_SLOW,
  PREVIEW_CANCELLED,
  PREVIEW_CPU_LIMIT_MS,
  readerHeapMb,
} from '../census/limits.js'
import {
  PREVIEW_TTL_MS,
  previewCache,
  type PreviewCounts,
  type PreviewMeta,
} from './preview_cache.js'
import { BadMappingError, checkMappingColumns, type ColumnMapping } from '../census/columns.js'
import { DryRun } from './dry_run.js'
import { ORPHAN_REASON } from './error_file.js'
import { rowsWithKeyIn } from './key_lookup.js'
import { runCappedThread } from './capped_thread.js'
import type { ScanFiles, ScanResult } from './census_scan.js'
import type { PreviewThreadMessage } from './preview_thread.js'
import { importRows } from '#modules/observability/index'

const UNREADABLE_FILE =
  'The file could not be read. Please check that it is a valid CSV or XLSX file.'

/**
 * What the preview screen shows. The records themselves are in the preview
 * cache (written while reading); the answer pages through them
 * (preview_answer.ts), so 100,000 records are never held in memory.
 */
export interface CensusPreview {
  totalRecords: number
  /** Distinct Member IDs among the records that will be imported. */
  uniqueMembers: number
  products: string[]
  sampleRecords: PreviewRecord[]
  validationWarnings: string[]
  /** How many records will be skipped for errors. */
  invalidRecords: number
  /** What confirming will do: new, updated, unchanged and skipped members (a dry run against the database). */
  counts: PreviewCounts
  cacheKey: string
}

/**
 * A required census column is missing (after the mapping, exact headers and
 * synonyms): 422 naming them, with the file's columns so the admin can pick
 * which one feeds each (the Import screen's mapping step, the CLI's --map).
 */
export class MissingColumnsApiError extends ApiError {
  constructor(
    message: string,
    readonly missingColumns: string[],
    readonly fileColumns: string[]
  ) {
    super(message, 422)
  }
}

export interface PreviewOptions {
  /** Keep the records for the screen's View All (the CLI shows counts only). */
  withAllRecords?: boolean
  /** Stops the reading (the client went away). */
  signal?: AbortSignal
  /** The admin's choice of file column per census column ({ "Member ID": "Policy Holder No" }). */
  mapping?: ColumnMapping
}

const THREAD_ENTRY = threadEntry('preview_thread', import.meta.url)
/**
 * Reading threads at once; more previews wait for a free one. Each may use
 * readerHeapMb(), so two hostile files at once stay within the server's memory.
 */
const MAX_READING_THREADS = 2
let readingThreads = 0
const waiting: (() => void)[] = []

async function readingSlot(signal?: AbortSignal): Promise<() => void> {
  while (readingThreads >= MAX_READING_THREADS) {
    if (signal?.aborted) throw new ApiError(PREVIEW_CANCELLED, 422)
    await new Promise<void>((resolve) => waiting.push(resolve))
  }
  readingThreads++
  return () => {
    readingThreads--
    waiting.shift()?.()
  }
}

/**
 * Reads and checks the file in a thread of its own, with a heap limit: a
 * file that needs more memory, more CPU time than its limit or trips a
 * reading limit (limits.ts) ends that thread, never the server, and is
 * answered with a 422. Aborting (the client went away) ends it at once.
 */
async function scanInThread(
  path: string,
  files: ScanFiles,
  mapping: ColumnMapping,
  dryRun: DryRun,
  signal?: AbortSignal
): Promise<ScanResult> {
  const release = await readingSlot(signal)
  try {
    const workerData = { path, files, mapping, todayIso: isoDate(today())!, follow: dryRun.follows }
    const message = await runCappedThread<PreviewThreadMessage>(THREAD_ENTRY, workerData, {
      heapMb: readerHeapMb(),
      cpuLimitMs: PREVIEW_CPU_LIMIT_MS,
      signal,
      messages: {
        tooDemanding: FILE_TOO_DEMANDING,
        tooSlow: FILE_TOO_SLOW,
        cancelled: PREVIEW_CANCELLED,
        failed: UNREADABLE_FILE,
      },
      // The dry run counts each batch while the thread reads on; taking it gives the thread a batch back.
      onProgress: (batch, reply) => void dryRun.take(batch).then(() => reply('take')),
    })
    if ('result' in message) return message.result
    const { missingColumns, fileColumns } = message.failure
    if (missingColumns && fileColumns)
      throw new MissingColumnsApiError(message.failure.message, missingColumns, fileColumns)
    // Our own refusals (status given) keep their message; a parser's error is answered generically.
    throw new ApiError(
      message.failure.status ? message.failure.message : UNREADABLE_FILE,
      message.failure.status ?? 422
    )
  } finally {
    release()
  }
}

/**
 * Dependants whose principal is neither a valid principal of the file nor
 * already in the database, by row (with the Principal Person ID they
 * give). Their rows are looked up in the cache only when there are any.
 */
async function findOrphans(
  missing: [string, string][],
  cacheKey: string
): Promise<Map<number, string>> {
  const orphans = new Map<number, string>()
  if (missing.length === 0) return orphans
  const client = db.connection()
  const lookup = {
    table: 'members',
    index: 'members_person_id_index',
    column: 'person_id',
    select: ['person_id'],
    where: (query: any) => query.where('insured_role', 'Principal'),
  }
  const rows = await rowsWithKeyIn(
    client,
    lookup,
    missing.map(([, personId]) => personId)
  )
  const known = new Set(rows.map((row) => textKey(row.person_id)))
  const unknown = new Set(missing.map(([key]) => key).filter((key) => !known.has(key)))
  if (unknown.size === 0) return orphans
  for await (const records of previewCache.records(cacheKey, 'dependants')) {
    for (const record of records)
      if (unknown.has(textKey(record.principal_person_id!)))
        orphans.set(record.row, record.principal_person_id!)
  }
  return orphans
}

/**
 * Reads a census file once, streaming, in the preview's reading thread:
 * validates every line and writes the valid records (and the screen's
 * records) to the preview cache; then finds the dependants whose principal
 * is nowhere and answers what the preview screen shows. Nothing is written
 * to the members table.
 */
export async function previewCensus(
  filePath: string,
  fileName: string,
  owner: string,
  options: PreviewOptions = {}
): Promise<CensusPreview> {
  const mapping = options.mapping ?? {}
  try {
    checkMappingColumns(mapping)
  } catch (error) {
    throw error instanceof BadMappingError ? new ApiError(error.message, 422) : error
  }
  const dryRun = await DryRun.start()
  const { key, files } = await previewCache.create()
  let scan: ScanResult
  let orphans: Map<number, string>
  let errors: string[]
  let counts: PreviewCounts
  try {
    const scanFiles = { ...files, views: options.withAllRecords === false ? null : files.views }
    scan = await scanInThread(filePath, scanFiles, mapping, dryRun, options.signal)
    orphans = await findOrphans(scan.missingPrincipals, key)
    const rowErrors = new Map(scan.rowErrors)
    for (const [row, personId] of orphans)
      rowErrors.set(row, `Row ${row}: ${ORPHAN_REASON(personId)}`)
    errors = [...rowErrors.entries()].sort((a, b) => a[0] - b[0]).map(([, message]) => message)
    counts = await dryRun.counts(
      scan.principals + scan.dependants,
      new Set(orphans.keys()),
      errors.length
    )
  } catch (error) {
    await dryRun.stop()
    await previewCache.remove(key)
    throw error
  }

  const meta: PreviewMeta = {
    owner,
    expiresAt: Date.now() + PREVIEW_TTL_MS,
    fileName,
    products: scan.products,
    errors,
    orphanRows: [...orphans.keys()],
    orphans: [...orphans.entries()],
    headers: scan.headers,
    counts,
    principals: scan.principals,
    dependants: scan.dependants - orphans.size,
    totalRecords: scan.total,
  }
  await previewCache.saveMeta(key, meta)
  importRows.inc({ stage: 'preview' }, scan.total)

  return {
    totalRecords: scan.total,
    uniqueMembers: scan.memberIds - orphans.size,
    products: meta.products,
    sampleRecords: scan.sample,
    validationWarnings: [...errors, ...scan.warnings],
    invalidRecords: errors.length,
    counts,
    cacheKey: key,
  }
}
