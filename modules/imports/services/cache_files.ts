/* The preview cache's files: written in large chunks, read back line by line (NDJSON). */
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs'
import { once } from 'node:events'

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

/** The parsed lines of an NDJSON cache file, a chunk of the file at a time. */
export async function* jsonLines<T>(path: string): AsyncGenerator<T[]> {
  let rest = ''
  for await (const chunk of createReadStream(path, {
    encoding: 'utf8',
    highWaterMark: WRITE_CHUNK,
  })) {
    const lines = (rest + chunk).split('\n')
    rest = lines.pop()!
    yield lines.filter(Boolean).map((line) => JSON.parse(line) as T)
  }
  if (rest) yield [JSON.parse(rest) as T]
}
