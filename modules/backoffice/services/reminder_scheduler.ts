import logger from '@adonisjs/core/services/logger'
import { periodicTask } from '#modules/shared/index'
import { invitationReminders } from './invitation_reminders.js'

/** The audit trail's name for the scheduled runs. */
const REMINDER_TASK_ACTOR = 'system:reminders'

/**
 * The follow-up invitations in the background. Every process may tick; the
 * scheduler_locks row (as for exchange rates) lets one of them run per interval:
 * once an hour overall, and a day's slot keeps each reason to one email a day.
 */
export function reminderScheduler(owner?: string) {
  return periodicTask({
    name: 'invitation_reminders',
    owner,
    intervalMs: 60 * 60 * 1000,
    holdMs: 15 * 60 * 1000,
    tickMs: 5 * 60 * 1000,
    async run() {
      const result = await invitationReminders.run({ actor: REMINDER_TASK_ACTOR })
      if (result.due.length > 0)
        logger.info(
          { sent: result.sent, failed: result.failed, skipped: result.skipped },
          'invitation reminders sent'
        )
    },
    onError: (error) => logger.warn({ err: error }, 'invitation reminders failed'),
  })
}

const scheduler = reminderScheduler()

/** The background task registered in backend/start/background_tasks.ts. */
export const invitationRemindersTask = {
  async start() {
    const env = (await import('#start/env')).default
    if (env.get('INVITATION_REMINDERS_TASK', true)) scheduler.start()
    return async () => scheduler.stop()
  },
}
