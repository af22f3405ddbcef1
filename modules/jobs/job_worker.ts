import { hostname } from 'node:os'
import { randomBytes } from 'node:crypto'
import logger from '@adonisjs/core/services/logger'
import type Job from './models/job.js'
import { jobQueue } from './job_queue.js'

/** What a job type does. */
export interface JobHandler {
  run(payload: Record<string, any>, job: Job): Promise<void>
  /** Called once when the job failed for good, so the owner can record the outcome. */
  onGaveUp?(payload: Record<string, any>, error: unknown): Promise<void>
}

export interface WorkerOptions {
  pollMs?: number
  leaseMs?: number
}

/** The workers started in this process and when each last showed it was alive (readiness check). */
const heartbeats = new Map<string, { beatAt: number; staleAfterMs: number }>()

/** Started workers of this process whose loop has not shown life for longer than it should. */
export function workerHeartbeats(now = Date.now()) {
  const workers = [...heartbeats.entries()].map(([id, beat]) => ({
    id,
    alive: now - beat.beatAt <= beat.staleAfterMs,
  }))
  return { started: workers.length, alive: workers.filter((worker) => worker.alive).length }
}

/**
 * Polls the jobs table and runs due jobs one at a time. Several workers
 * (processes) may run side by side: claiming is a compare-and-set.
 */
export class JobWorker {
  readonly id = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`
  #handlers = new Map<string, JobHandler>()
  #running = false
  #stopping = false
  #idle: Promise<void> = Promise.resolve()
  #wake: (() => void) | null = null
  /** Set when a job was queued here while the worker was busy, so it does not go to sleep. */
  #queuedMeanwhile = false
  #unsubscribe: (() => void) | null = null
  readonly pollMs: number
  readonly leaseMs: number

  constructor(options: WorkerOptions = {}) {
    this.pollMs = options.pollMs ?? 1000
    this.leaseMs = options.leaseMs ?? 60_000
  }

  register(type: string, handler: JobHandler) {
    this.#handlers.set(type, handler)
    return this
  }

  start() {
    if (this.#running) return
    this.#running = true
    this.#stopping = false
    this.#beat()
    this.#unsubscribe = jobQueue.onEnqueued(() => {
      this.#queuedMeanwhile = true
      this.#wake?.()
    })
    this.#idle = this.#loop()
  }

  /** Stops claiming (the job in hand finishes and completes, so no lease is left held), then resolves. */
  async stop() {
    heartbeats.delete(this.id)
    this.#stopping = true
    this.#running = false
    this.#unsubscribe?.()
    this.#wake?.()
    await this.#idle
  }

  /** Runs every due job now (used by tests and by start()). Returns how many jobs ran. */
  async drain(): Promise<number> {
    let count = 0
    let job: Job | null
    while (!this.#stopping && (job = await jobQueue.claimNext(this.id, this.leaseMs))) {
      await this.#run(job)
      count++
    }
    return count
  }

  async #loop() {
    while (this.#running) {
      this.#beat()
      this.#queuedMeanwhile = false
      try {
        await this.drain()
      } catch (error) {
        logger.error({ err: error }, 'job worker: polling failed')
      }
      if (!this.#running) break
      if (this.#queuedMeanwhile) continue
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.pollMs)
        this.#wake = () => {
          clearTimeout(timer)
          resolve()
        }
      })
      this.#wake = null
    }
  }

  /** Alive while the loop turns or a job's lease is renewed; stale after a lease and a few polls without either. */
  #beat() {
    if (this.#running)
      heartbeats.set(this.id, { beatAt: Date.now(), staleAfterMs: this.leaseMs + 3 * this.pollMs })
  }

  async #run(job: Job) {
    const handler = this.#handlers.get(job.type)
    if (!handler) {
      await jobQueue.markFailed(job, new Error(`No handler for job type ${job.type}`))
      return
    }
    // Keep the lease while a long job (slow insurer API) runs.
    const renew = setInterval(() => {
      this.#beat()
      void jobQueue.renewLease(job, this.id, this.leaseMs).catch(() => {})
    }, this.leaseMs / 3)
    try {
      await handler.run(job.payload, job)
      await jobQueue.markDone(job)
    } catch (error) {
      logger.warn(
        { err: error, jobId: job.id, type: job.type, attempt: job.attempts },
        'job failed'
      )
      const outcome = await jobQueue.markFailed(job, error)
      if (outcome === 'failed') await handler.onGaveUp?.(job.payload, error)
    } finally {
      clearInterval(renew)
    }
  }
}
