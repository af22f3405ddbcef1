import { open } from 'node:fs/promises'
import { ApiError, startThread } from '#modules/shared/thread_safe'
import { lineBatches, type CensusKind, type CensusLine } from './line_batches.js'
import { CensusLimitError } from './csv_guard.js'
import { FILE_TOO_DEMANDING } from './limits.js'
import { threadEntry } from './thread_entry.js'

const UNREADABLE_XLS =
  'This XLS file is in the old Excel 97-2003 format. Please save it as XLSX or CSV and try again.'

/**
 * Decides how to read a file from its first bytes, not from its name: an
 * .xls is often an XLSX or a CSV in disguise. The binary Excel 97-2003
 * format has no streaming reader in our stack and is refused clearly.
 */
async function detectKind(path: string): Promise<CensusKind> {
  const handle = await open(path, 'r')
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(8), 0, 8, 0)
    const head = buffer.subarray(0, bytesRead)
    if (head[0] === 0x50 && head[1] === 0x4b) return 'xlsx'
    if (bytesRead >= 4 && head.readUInt32BE(0) === 0xd0cf11e0)
      throw new ApiError(UNREADABLE_XLS, 422)
    return 'csv'
  } finally {
    await handle.close()
  }
}

const THREAD_ENTRY = threadEntry('reader_thread', import.meta.url)

type ThreadMessage = { batch: CensusLine[] } | { done: true } | { error: string; limit?: boolean }

/** The CSV reading thread holds a few batches of lines at a time: a small heap is plenty. */
const CSV_THREAD_LIMITS = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16 }

/**
 * The lines of the file as the reading thread parses them. Each batch is
 * acknowledged as it is taken, so the thread parses the next ones while
 * this one is checked. Stopping early (an error in the caller) stops the
 * thread.
 */
async function* linesFromThread(path: string, kind: CensusKind): AsyncGenerator<CensusLine[]> {
  const inbox: ThreadMessage[] = []
  let notify: (() => void) | null = null
  const deliver = (message: ThreadMessage) => {
    inbox.push(message)
    notify?.()
    notify = null
  }
  const thread = startThread(
    { ...THREAD_ENTRY, workerData: { path, kind }, resourceLimits: CSV_THREAD_LIMITS },
    {
      onMessage: deliver,
      onError: (error) =>
        deliver(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? { error: FILE_TOO_DEMANDING, limit: true }
            : { error: error.message }
        ),
      onExit: () => deliver({ error: 'The census reader stopped before the end of the file' }),
    }
  )
  try {
    for (;;) {
      if (inbox.length === 0) await new Promise<void>((resolve) => (notify = resolve))
      const message = inbox.shift()!
      if ('done' in message) return
      if ('error' in message)
        throw message.limit ? new CensusLimitError(message.error) : new Error(message.error)
      thread.post('take')
      yield message.batch
    }
  } finally {
    await thread.stop()
  }
}

/**
 * Streams the lines of a census file in small batches; nothing else of the
 * file is held in memory. A CSV is parsed in the reading thread: fast-csv
 * parses about as fast as the lines are checked, so the two overlap
 * (preview ×1.7–1.8 of a bare parse in one thread, ×1.2–1.4 in two). An XLSX is
 * read in the caller's thread (the preview's own thread): exceljs's reader
 * is three times slower than the checks, and a third heap for it costs
 * more memory than it saves time (docs/benchmarks.md).
 */
export async function readCensus(
  path: string
): Promise<{ kind: CensusKind; batches: AsyncGenerator<CensusLine[]> }> {
  const kind = await detectKind(path)
  return { kind, batches: kind === 'csv' ? linesFromThread(path, kind) : lineBatches(path, kind) }
}
