import logger from '@adonisjs/core/services/logger'
import { periodicTask } from '#modules/shared/index'
import { dunningReminders } from './dunning_reminders.js'

/** The dunning reminders in the background, like the invitation reminders: looked for once an hour overall. */
function dunningScheduler() {
  return periodicTask({
    name: 'dunning_reminders',
    intervalMs: 60 * 60 * 1000,
    holdMs: 15 * 60 * 1000,
    tickMs: 5 * 60 * 1000,
    async run() {
      const result = await dunningReminders.run()
      if (result.sent + result.failed > 0) logger.info(result, 'dunning reminders sent')
    },
    onError: (error) => logger.warn({ err: error }, 'dunning reminders failed'),
  })
}

/** The background task registered in backend/start/background_tasks.ts. */
export const dunningRemindersTask = {
  async start() {
    const env = (await import('#start/env')).default
    const scheduler = dunningScheduler()
    if (env.get('DUNNING_REMINDERS_TASK', true)) scheduler.start()
    return async () => scheduler.stop()
  },
}
