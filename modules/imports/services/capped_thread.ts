import { Worker } from 'node:worker_threads'
import { ApiError } from '#modules/shared/index'
import type { ThreadEntry } from '../census/thread_entry.js'

export interface CappedThreadOptions {
  /** Old-generation heap of the thread; beyond it the thread ends (not the server). */
  heapMb: number
  timeLimitMs: number
  signal?: AbortSignal
  /** The 422 messages for each way the thread can end without answering. */
  messages: { tooDemanding: string; tooSlow: string; cancelled: string; failed: string }
  /**
   * Receives the thread's `{ progress }` messages (posted before its answer);
   * `reply` posts back to the thread.
   */
  onProgress?: (progress: any, reply: (message: unknown) => void) => void
}

/**
 * Runs a thread that posts one answer (after any `{ progress }` messages),
 * under a heap limit and a time limit, and answers that message. Running out of memory, the time limit,
 * an abort (the client went away) or a crash end the thread at once and
 * throw an ApiError 422 with the matching message; the thread is always
 * terminated when this returns.
 */
export async function runCappedThread<T>(
  entry: ThreadEntry,
  workerData: unknown,
  options: CappedThreadOptions
): Promise<T> {
  const { messages, signal } = options
  const thread = new Worker(entry.url, {
    execArgv: entry.execArgv,
    workerData,
    resourceLimits: { maxOldGenerationSizeMb: options.heapMb },
  })
  let timer: NodeJS.Timeout | undefined
  let onAbort = () => {}
  try {
    return await new Promise<T>((resolve, reject) => {
      const fail = (message: string) => reject(new ApiError(message, 422))
      const reply = (message: unknown) => thread.postMessage(message)
      thread.on('message', (message) => {
        if (options.onProgress && message && typeof message === 'object' && 'progress' in message)
          options.onProgress(message.progress, reply)
        else resolve(message)
      })
      thread.once('error', (error: Error & { code?: string }) =>
        fail(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? messages.tooDemanding : messages.failed)
      )
      thread.once('exit', () => fail(messages.failed))
      timer = setTimeout(() => fail(messages.tooSlow), options.timeLimitMs)
      onAbort = () => fail(messages.cancelled)
      if (signal?.aborted) onAbort()
      signal?.addEventListener('abort', onAbort)
    })
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', onAbort)
    thread.removeAllListeners()
    await thread.terminate()
  }
}
