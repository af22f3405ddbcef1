import { randomBytes } from 'node:crypto'
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'
import { ApiError } from '#modules/shared/index'
import { jsonLines } from './cache_files.js'
import { recordFromValues, type CensusRecord, type RecordValues } from '../census/record.js'

/** How long a preview can be confirmed. */
export const PREVIEW_TTL_MS = 60 * 60 * 1000
export const NO_PREVIEW = 'No preview data found. Please upload and preview the file again.'

/** What a preview leaves for its confirmation (the records themselves are in NDJSON files). */
export interface PreviewMeta {
  owner: string
  expiresAt: number
  fileName: string
  products: string[]
  /** Rows skipped with the reason, "Row N: …". */
  errors: string[]
  /** Dependant rows found to have no principal after the whole file was read. */
  orphanRows: number[]
  /** The same rows with the Principal Person ID they give, for the error file. */
  orphans: [row: number, principalPersonId: string][]
  principals: number
  dependants: number
  /** Records the screen can page through (every non-blank line). */
  totalRecords: number
  /** The file's header row, for the error file. */
  headers: string[]
  /** What the import will do (the dry run). */
  counts: PreviewCounts
}

/** What an import of the preview will do to the members table: the dry run's answer. */
export interface PreviewCounts {
  new: number
  updated: number
  unchanged: number
  skipped: number
}

const KEY_PATTERN = /^[a-f0-9]{48}$/

function cacheDir() {
  return process.env.IMPORT_CACHE_DIR ?? app.tmpPath('imports')
}

const paths = (key: string) => ({
  meta: join(cacheDir(), `${key}.json`),
  claimed: join(cacheDir(), `${key}.claimed.json`),
  /** Valid records, one JSON line per batch of lines read: an array of recordValues arrays. */
  principals: join(cacheDir(), `${key}.principals.ndjson`),
  dependants: join(cacheDir(), `${key}.dependants.ndjson`),
  /** The screen's records, one JSON line per batch of lines read. */
  views: join(cacheDir(), `${key}.views.ndjson`),
  /** Skipped rows with their cells as in the file, for the error file (census_scan.ts ErrorLine). */
  errors: join(cacheDir(), `${key}.errors.ndjson`),
  /** Dependants read before their principal, with their cells (census_scan.ts PendingLine). */
  pending: join(cacheDir(), `${key}.pending.ndjson`),
})

export const previewCache = {
  /** A new entry: its key and the paths of its files (written by the reading thread). */
  async create() {
    await mkdir(cacheDir(), { recursive: true })
    await this.sweep()
    const key = randomBytes(24).toString('hex')
    return { key, files: paths(key) }
  },

  async saveMeta(key: string, meta: PreviewMeta) {
    await writeFile(paths(key).meta, JSON.stringify(meta), { flag: 'wx' })
  },

  /**
   * Takes an entry for confirmation: only its owner may, only once, only
   * before it expires. Renaming the meta file is the atomic "claim".
   */
  async claim(key: string, owner: string): Promise<PreviewMeta> {
    if (!KEY_PATTERN.test(key)) throw new ApiError(NO_PREVIEW, 404)
    const files = paths(key)
    let meta: PreviewMeta
    try {
      meta = JSON.parse(await readFile(files.meta, 'utf8'))
    } catch {
      throw new ApiError(NO_PREVIEW, 404)
    }
    if (meta.owner !== owner) throw new ApiError(NO_PREVIEW, 404)
    if (meta.expiresAt < Date.now()) {
      await this.remove(key)
      throw new ApiError(NO_PREVIEW, 404)
    }
    try {
      await rename(files.meta, files.claimed)
    } catch {
      throw new ApiError(NO_PREVIEW, 404)
    }
    return meta
  },

  /** Gives a claimed entry back (the import failed) so it can be confirmed again. */
  async release(key: string) {
    const files = paths(key)
    await rename(files.claimed, files.meta).catch(() => undefined)
  },

  /** The records of one kind, in the order of the file, a chunk of the cache file at a time. */
  async *records(key: string, kind: 'principals' | 'dependants'): AsyncGenerator<CensusRecord[]> {
    for await (const arrays of jsonLines<RecordValues[]>(paths(key)[kind]))
      yield arrays.flat().map(recordFromValues)
  },

  /** Path of the screen's records, for the thread that pages through them. */
  viewsPath(key: string) {
    return paths(key).views
  },

  /** Paths of the skipped rows and of the dependants read before their principal (the error file's sources). */
  errorPaths(key: string) {
    const { errors, pending } = paths(key)
    return { errors, pending }
  },

  /**
   * An entry still waiting for confirmation by this owner (for paging its
   * records); 404 otherwise.
   */
  async pending(key: string, owner: string): Promise<PreviewMeta> {
    if (!KEY_PATTERN.test(key)) throw new ApiError(NO_PREVIEW, 404)
    const meta: PreviewMeta | null = await readFile(paths(key).meta, 'utf8').then(
      JSON.parse,
      () => null
    )
    if (!meta || meta.owner !== owner || meta.expiresAt < Date.now())
      throw new ApiError(NO_PREVIEW, 404)
    return meta
  },

  async remove(key: string) {
    const files = paths(key)
    await Promise.all(Object.values(files).map((file) => rm(file, { force: true })))
  },

  /** Deletes entries older than the TTL (a crashed or abandoned preview). */
  async sweep() {
    const dir = cacheDir()
    for (const name of await readdir(dir).catch(() => [] as string[])) {
      const file = join(dir, name)
      const info = await stat(file).catch(() => null)
      if (info && Date.now() - info.mtimeMs > PREVIEW_TTL_MS) await rm(file, { force: true })
    }
  },
}
