import { randomUUID } from 'node:crypto'
import logger from '@adonisjs/core/services/logger'
import { SchedulerLock } from '#modules/catalog/index'
import { invitationReminders } from './invitation_reminders.js'

/** Reminders are looked for once an hour overall; a day's slot keeps each reason to one email a day. */
const RUN_INTERVAL_MS = 60 * 60 * 1000
/** How long a claimed run may take before another process may take over. */
const HOLD_MS = 15 * 60 * 1000
const TICK_MS = 5 * 60 * 1000
/** The audit trail's name for the scheduled runs. */
const REMINDER_TASK_ACTOR = 'system:reminders'

/**
 * The follow-up invitations in the background. Every process may tick; the
 * scheduler_locks row (as for exchange rates) lets one of them run per interval.
 */
export class ReminderScheduler {
  readonly lock: SchedulerLock
  #timer: NodeJS.Timeout | null = null

  constructor(owner = `${process.pid}-${randomUUID().slice(0, 8)}`) {
    this.lock = new SchedulerLock('invitation_reminders', owner)
  }

  /** One check: runs the reminders if this process wins the lock. Never throws. */
  async tick(): Promise<boolean> {
    try {
      if (!(await this.lock.claimRun(RUN_INTERVAL_MS, HOLD_MS))) return false
      try {
        const result = await invitationReminders.run({ actor: REMINDER_TASK_ACTOR })
        if (result.due.length > 0)
          logger.info(
            { sent: result.sent, failed: result.failed, skipped: result.skipped },
            'invitation reminders sent'
          )
        return true
      } finally {
        await this.lock.release()
      }
    } catch (error) {
      logger.warn({ err: error }, 'invitation reminders failed')
      return false
    }
  }

  start() {
    if (this.#timer) return
    void this.tick()
    this.#timer = setInterval(() => void this.tick(), TICK_MS)
    this.#timer.unref()
  }

  stop() {
    if (this.#timer) clearInterval(this.#timer)
    this.#timer = null
  }
}

const reminderScheduler = new ReminderScheduler()

/** The background task registered in backend/start/background_tasks.ts. */
export const invitationRemindersTask = {
  async start() {
    const env = (await import('#start/env')).default
    if (env.get('INVITATION_REMINDERS_TASK', true)) reminderScheduler.start()
    return async () => reminderScheduler.stop()
  },
}
