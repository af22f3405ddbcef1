import { ApiError, startThread } from '#modules/shared/index'
import type { ThreadEntry } from '../census/thread_entry.js'

export interface CappedThreadOptions {
  /** Old-generation heap of the thread; beyond it the thread ends (not the server). */
  heapMb: number
  /**
   * CPU time the thread may use (its own, `worker.cpuUsage()`): work, not the clock, so a
   * thread that waits for a busy machine's cores is never refused for it.
   */
  cpuLimitMs: number
  signal?: AbortSignal
  /** The 422 messages for each way the thread can end without answering. */
  messages: { tooDemanding: string; tooSlow: string; cancelled: string; failed: string }
  /**
   * Receives the thread's `{ progress }` messages (posted before its answer);
   * `reply` posts back to the thread.
   */
  onProgress?: (progress: any, reply: (message: unknown) => void) => void
}

/** How often the thread's CPU time is read (a read costs microseconds). */
const CPU_CHECK_MS = 250

/**
 * Runs a thread that posts one answer (after any `{ progress }` messages),
 * under a heap limit and a CPU-time limit, and answers that message. Running out of memory, the
 * CPU limit, an abort (the client went away) or a crash end the thread at once and
 * throw an ApiError 422 with the matching message; the thread is always
 * terminated when this returns, and nothing it emits later reaches the process.
 */
export async function runCappedThread<T>(
  entry: ThreadEntry,
  workerData: unknown,
  options: CappedThreadOptions
): Promise<T> {
  const { messages, signal } = options
  let settle: { resolve: (value: T) => void; reject: (error: Error) => void }
  const answer = new Promise<T>((resolve, reject) => (settle = { resolve, reject }))
  const fail = (message: string) => settle.reject(new ApiError(message, 422))
  const thread = startThread(
    { ...entry, workerData, resourceLimits: { maxOldGenerationSizeMb: options.heapMb } },
    {
      onMessage: (message) => {
        if (options.onProgress && message && typeof message === 'object' && 'progress' in message)
          options.onProgress(message.progress, (reply) => thread.post(reply))
        else settle.resolve(message)
      },
      onError: (error) =>
        fail(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? messages.tooDemanding : messages.failed),
      onExit: () => fail(messages.failed),
    }
  )
  const cpuCheck = setInterval(() => {
    void thread.cpuMs().then((used) => {
      if (used > options.cpuLimitMs) fail(messages.tooSlow)
    })
  }, CPU_CHECK_MS)
  const onAbort = () => fail(messages.cancelled)
  if (signal?.aborted) onAbort()
  signal?.addEventListener('abort', onAbort)
  try {
    return await answer
  } finally {
    clearInterval(cpuCheck)
    signal?.removeEventListener('abort', onAbort)
    await thread.stop()
  }
}
