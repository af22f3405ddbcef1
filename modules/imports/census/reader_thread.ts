/*
| The census reading thread: parses the file (line_batches.ts) and posts
| its lines to the preview's thread in batches, while that thread checks
| the previous ones, so that a preview uses two cores. It reads ahead at
| most MAX_AHEAD batches: memory stays bounded whatever the file's size.
*/
import { parentPort, workerData } from 'node:worker_threads'
import { lineBatches, type CensusKind } from './line_batches.js'
import { CensusLimitError } from './csv_guard.js'

/** Batches posted and not yet taken by the main thread (each "take" message gives one back). */
const MAX_AHEAD = 8

const { path, kind } = workerData as { path: string; kind: CensusKind }
const port = parentPort!
let credits = MAX_AHEAD
let wake: (() => void) | null = null
port.on('message', () => {
  credits++
  wake?.()
  wake = null
})

try {
  for await (const batch of lineBatches(path, kind)) {
    if (credits === 0) await new Promise<void>((resolve) => (wake = resolve))
    credits--
    port.postMessage({ batch })
  }
  port.postMessage({ done: true })
} catch (error) {
  port.postMessage({
    error: error instanceof Error ? error.message : String(error),
    limit: error instanceof CensusLimitError,
  })
}
port.close()
