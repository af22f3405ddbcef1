import { randomUUID } from 'node:crypto'
import { SchedulerLock } from './scheduler_lock.js'

export interface PeriodicTaskOptions {
  /** The scheduler_locks row: one run per interval across every process. */
  name: string
  /** How often the work runs overall. */
  intervalMs: number
  /** How long a claimed run may take before another process may take over. */
  holdMs: number
  /** How often each process checks whether a run is due. */
  tickMs: number
  /** The work; runs only in the process that won the lock. */
  run: () => Promise<void>
  /** Told of a failed run (or lock check); the next due tick tries again. */
  onError: (error: unknown) => void
  /** This process's name in the lock (defaults to pid + random suffix). */
  owner?: string
}

export interface PeriodicTask {
  readonly lock: SchedulerLock
  readonly intervalMs: number
  readonly tickMs: number
  readonly holdMs: number
  /** Whether this process is ticking. */
  readonly running: boolean
  /** One check: runs the work if this process wins the lock. Returns whether it ran. Never throws. */
  tick(): Promise<boolean>
  start(): void
  stop(): void
}

/**
 * Work that runs once per interval across all processes: each process ticks
 * every tickMs, and the scheduler_locks row lets exactly one of them (the
 * leader of that interval) run the work, holding the lock at most holdMs.
 */
export function periodicTask(options: PeriodicTaskOptions): PeriodicTask {
  const lock = new SchedulerLock(
    options.name,
    options.owner ?? `${process.pid}-${randomUUID().slice(0, 8)}`
  )
  let timer: NodeJS.Timeout | null = null
  const task: PeriodicTask = {
    lock,
    intervalMs: options.intervalMs,
    tickMs: options.tickMs,
    holdMs: options.holdMs,
    get running() {
      return timer !== null
    },
    async tick() {
      try {
        if (!(await lock.claimRun(options.intervalMs, options.holdMs))) return false
        try {
          await options.run()
          return true
        } finally {
          await lock.release()
        }
      } catch (error) {
        options.onError(error)
        return false
      }
    },
    start() {
      if (timer) return
      void task.tick()
      timer = setInterval(() => void task.tick(), options.tickMs)
      timer.unref()
    },
    stop() {
      if (timer) clearInterval(timer)
      timer = null
    },
  }
  return task
}
