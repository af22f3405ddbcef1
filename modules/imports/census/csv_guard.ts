import { Transform, type TransformCallback } from 'node:stream'
import { CSV_LINE_TOO_LONG, MAX_CSV_RECORD_BYTES } from './limits.js'

const QUOTE = 0x22
const NEWLINE = 0x0a

/** The reading stopped on a limit: its message is the answer's (see limits.ts). */
export class CensusLimitError extends Error {}

/**
 * Passes a CSV through unchanged while measuring each record (line breaks
 * inside quotes included) and fails as soon as one is longer than
 * MAX_CSV_RECORD_BYTES. fast-csv has no such limit: it re-scans an
 * unfinished record from its start on every chunk, so one 20 MB line took
 * minutes (quadratic); here the reading stops after the first 64 KB.
 */
export class CsvRecordGuard extends Transform {
  #length = 0
  #quoted = false
  constructor(private readonly limit = MAX_CSV_RECORD_BYTES) {
    super()
  }

  _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    let at = 0
    // Each is searched again only once passed (-1: none left), so the chunk is scanned once.
    let quote = -2
    let newline = -2
    while (at < chunk.length) {
      if (quote !== -1 && quote < at) quote = chunk.indexOf(QUOTE, at)
      if (newline !== -1 && newline < at) newline = chunk.indexOf(NEWLINE, at)
      // What changes the state next: a quote, or a line break outside quotes ("" toggles twice).
      const breaks = !this.#quoted && newline >= 0 && (quote < 0 || newline < quote)
      const next = breaks ? newline : quote
      const stop = next < 0 ? chunk.length : next + 1
      this.#length += stop - at
      if (this.#length > this.limit) return done(new CensusLimitError(CSV_LINE_TOO_LONG))
      if (breaks) this.#length = 0
      else if (next >= 0) this.#quoted = !this.#quoted
      at = stop
    }
    done(null, chunk)
  }
}
