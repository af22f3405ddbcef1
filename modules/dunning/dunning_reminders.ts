import { DateTime } from 'luxon'
import logger from '@adonisjs/core/services/logger'
import { dunningCases, type DunningCase } from './dunning_cases.js'
import { sendDunningNotice } from './dunning_notices.js'
import { dunningReminderDays } from './dunning_settings.js'

export interface DunningRun {
  sent: number
  failed: number
  errors: string[]
}

/**
 * The notice a case is due for at `now`: 1 + the number of the latest
 * reminder day that has passed since the failure (a reminder whose day was
 * missed while nothing ran is skipped for the later one, never sent late
 * next to it); null when nothing is due.
 */
function dueNotice(dunning: DunningCase, days: number[], now: DateTime): number | null {
  if (dunning.stage < 1) return null
  let reminder = 0
  days.forEach((day, index) => {
    if (dunning.failed_at.plus({ days: day }) <= now) reminder = index + 1
  })
  return reminder > 0 && 1 + reminder > dunning.stage ? 1 + reminder : null
}

/**
 * Reminders of unpaid failed installments (docs/payments.md): the scheduled
 * task calls run() with the clock; tests pass their own `now`. Each notice
 * goes out once (the case's claim and the delivery's dedupe key).
 */
export const dunningReminders = {
  async run(now = DateTime.utc()): Promise<DunningRun> {
    const days = await dunningReminderDays()
    const result: DunningRun = { sent: 0, failed: 0, errors: [] }
    for (const dunning of await dunningCases.unpaid()) {
      const notice = dueNotice(dunning, days, now)
      if (notice === null) continue
      try {
        const outcome = await sendDunningNotice(dunning, notice, now)
        if (outcome === 'sent') result.sent += 1
        if (typeof outcome === 'object') {
          result.failed += 1
          result.errors.push(`payment ${dunning.payment_id}: ${outcome.failed}`)
        }
      } catch (error) {
        logger.warn({ err: error, paymentId: dunning.payment_id }, 'dunning reminder failed')
        result.failed += 1
        result.errors.push(
          `payment ${dunning.payment_id}: ${error instanceof Error ? error.message : String(error)}`
        )
      }
    }
    return result
  },
}
