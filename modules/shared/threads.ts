import { Worker, type WorkerOptions } from 'node:worker_threads'

/**
 * The one way the server starts a worker thread. A Worker that emits 'error' with
 * no listener ends the whole process (an unhandled 'error' event), and a thread can emit one at
 * any time of its life: ERR_WORKER_OUT_OF_MEMORY may come while, or after, it is terminated.
 * So the thread's 'error', 'messageerror' and 'exit' listeners stay attached from its start to
 * its exit and are never removed; once the caller has stopped the thread (or heard its end),
 * they only swallow what comes late.
 */

export interface ThreadStart {
  url: URL
  execArgv?: WorkerOptions['execArgv']
  workerData?: unknown
  resourceLimits?: WorkerOptions['resourceLimits']
}

export interface ThreadHandlers {
  onMessage: (message: any) => void
  /** The thread failed (its code, e.g. ERR_WORKER_OUT_OF_MEMORY); called at most once, never after stop(). */
  onError: (error: Error & { code?: string }) => void
  /** The thread ended without an error; called at most once, never after stop() or onError. */
  onExit: (exitCode: number) => void
}

export interface ManagedThread {
  post(message: unknown): void
  /** CPU time the thread has used so far, in ms (user + system; 0 once it has ended). */
  cpuMs(): Promise<number>
  /** Ends the thread; no handler is called after this. Safe to call more than once. */
  stop(): Promise<void>
}

export function startThread(start: ThreadStart, handlers: ThreadHandlers): ManagedThread {
  const thread = new Worker(start.url, {
    execArgv: start.execArgv,
    workerData: start.workerData,
    resourceLimits: start.resourceLimits,
  })
  let heard = false
  let stopping: Promise<void> | undefined
  const settle = () => {
    if (heard || stopping) return false
    heard = true
    return true
  }
  // Attached for the thread's whole life: late errors land here, never on the process.
  thread.on('error', (error: Error & { code?: string }) => {
    if (settle()) handlers.onError(error)
  })
  thread.on('messageerror', (error) => {
    if (settle()) handlers.onError(error)
  })
  thread.on('exit', (exitCode) => {
    if (settle()) handlers.onExit(exitCode)
  })
  thread.on('message', (message) => {
    if (!heard && !stopping) handlers.onMessage(message)
  })
  return {
    post: (message) => {
      if (!stopping) thread.postMessage(message)
    },
    async cpuMs() {
      try {
        const usage = await thread.cpuUsage()
        return (usage.user + usage.system) / 1000
      } catch {
        return 0 // the thread has ended
      }
    },
    stop() {
      stopping ??= thread.terminate().then(
        () => undefined,
        () => undefined
      )
      return stopping
    },
  }
}
