import { randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs'
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { once } from 'node:events'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'
import { ApiError } from '#modules/shared/index'
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
  principals: number
  dependants: number
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
  /** The preview answer's allRecords: the JSON array's items, comma-separated. */
  views: join(cacheDir(), `${key}.views.json`),
})

/** Bytes collected before one write to the file. */
const WRITE_CHUNK = 64 * 1024
/**
 * Bytes the file stream may hold while the disk catches up: with Node's
 * 16 KB default every 64 KB write waited for the disk (a third of an XLSX
 * preview was spent idle).
 */
const WRITE_AHEAD = 1024 * 1024

/**
 * Appends text to a file in large writes: texts are queued on the corked
 * stream (no copy into one string) and go to the disk together, in one
 * writev, when flush() uncorks; only flush() waits (for the stream's
 * back-pressure). One write per line would cost more than parsing the census.
 */
export class TextWriter {
  #stream: WriteStream
  #size = 0
  constructor(path: string) {
    this.#stream = createWriteStream(path, { flags: 'wx', highWaterMark: WRITE_AHEAD })
    // Errors surface in flush() and close(); this keeps them from crashing the process meanwhile.
    this.#stream.on('error', () => undefined)
  }
  add(text: string) {
    if (this.#size === 0) this.#stream.cork()
    this.#stream.write(text)
    this.#size += text.length
  }
  get full() {
    return this.#size >= WRITE_CHUNK
  }
  async flush() {
    if (this.#size === 0) return
    this.#size = 0
    this.#stream.uncork()
    if (this.#stream.writableNeedDrain) await once(this.#stream, 'drain')
  }
  async close() {
    await this.flush()
    this.#stream.end()
    await once(this.#stream, 'finish')
  }
  /** Closes without writing what is pending (the file is being thrown away). */
  async abort() {
    if (this.#stream.closed) return
    const closed = once(this.#stream, 'close')
    this.#stream.destroy()
    await closed
  }
}

export const previewCache = {
  /** A new entry: its key and writers for the two record files and, when wanted, the answer's records. */
  async create(withViews: boolean) {
    await mkdir(cacheDir(), { recursive: true })
    await this.sweep()
    const key = randomBytes(24).toString('hex')
    const files = paths(key)
    return {
      key,
      principals: new TextWriter(files.principals),
      dependants: new TextWriter(files.dependants),
      views: withViews ? new TextWriter(files.views) : null,
    }
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
    const parse = (line: string) => (JSON.parse(line) as RecordValues[]).map(recordFromValues)
    let rest = ''
    for await (const chunk of createReadStream(paths(key)[kind], { encoding: 'utf8', highWaterMark: WRITE_CHUNK })) {
      const lines = (rest + chunk).split('\n')
      rest = lines.pop()!
      yield lines.filter(Boolean).flatMap(parse)
    }
    if (rest) yield parse(rest)
  },

  /** The answer's records (JSON array items); the file is deleted once read. */
  views(key: string) {
    const path = paths(key).views
    const stream = createReadStream(path)
    stream.on('close', () => void rm(path, { force: true }))
    return stream
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
