import { randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs'
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { once } from 'node:events'
import { createInterface } from 'node:readline'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'
import { ApiError } from '#modules/shared/index'
import type { CensusRecord } from '../census/record.js'

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
  principals: join(cacheDir(), `${key}.principals.ndjson`),
  dependants: join(cacheDir(), `${key}.dependants.ndjson`),
})

/** Appends records as NDJSON lines, respecting the stream's back-pressure. */
export class RecordWriter {
  #stream: WriteStream
  constructor(path: string) {
    this.#stream = createWriteStream(path, { flags: 'wx' })
  }
  async write(record: CensusRecord) {
    if (!this.#stream.write(JSON.stringify(record) + '\n')) await once(this.#stream, 'drain')
  }
  async close() {
    this.#stream.end()
    await once(this.#stream, 'finish')
  }
}

export const previewCache = {
  /** A new entry: its key and writers for the two record files. */
  async create() {
    await mkdir(cacheDir(), { recursive: true })
    await this.sweep()
    const key = randomBytes(24).toString('hex')
    const files = paths(key)
    return { key, principals: new RecordWriter(files.principals), dependants: new RecordWriter(files.dependants) }
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

  async *records(key: string, kind: 'principals' | 'dependants'): AsyncGenerator<CensusRecord> {
    const lines = createInterface({ input: createReadStream(paths(key)[kind]), crlfDelay: Infinity })
    for await (const line of lines) if (line) yield JSON.parse(line)
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
