import { DateTime } from 'luxon'
import logger from '@adonisjs/core/services/logger'
import { jobQueue, JOB_TYPES } from '#modules/jobs/index'
import { renewalInvitationDays, termsEndingBy, termsToInvite } from '#modules/migrations/index'
import { settingsService } from '#modules/settings/index'
import { isoDate, periodicTask } from '#modules/shared/index'
import { sendRenewalInvitation } from './renewal_invitation.js'

export interface RenewalRun {
  invited: number
  ended: number
  failed: number
  errors: string[]
}

/** The dedupe key of a term's end: one job per migration (unique jobs.dedupe_key). */
const termEndKey = (migrationId: number) => `term-end:${migrationId}`

/** `now` as the calendar day of the TIMEZONE setting (what "today" is for prices, decisions.md §5). */
async function dayOf(now: DateTime): Promise<string> {
  const zone = await settingsService.get('TIMEZONE', 'UTC')
  return isoDate(now.setZone(zone).startOf('day'))!
}

/**
 * The end of the term (docs/fulfilment.md): the scheduled task calls run() with the clock; tests
 * pass their own `now`. From RENEWAL_INVITATION_DAYS before the end date, each migration not
 * renewed gets its invitation once (a missed day is caught up until the end date); on the end
 * date without a paid renewal its term ends once, as a job (term_end_job.ts). Any number of
 * simultaneous runs, in any number of processes, send one invitation and queue one job.
 */
export const renewalScheduler = {
  async run(now = DateTime.utc()): Promise<RenewalRun> {
    const result: RenewalRun = { invited: 0, ended: 0, failed: 0, errors: [] }
    const today = await dayOf(now)
    for (const migration of await termsToInvite(today, await renewalInvitationDays())) {
      try {
        const outcome = await sendRenewalInvitation(migration)
        if (outcome === 'sent') result.invited += 1
        if (typeof outcome === 'object') {
          result.failed += 1
          result.errors.push(`migration ${migration.id}: ${outcome.failed}`)
        }
      } catch (error) {
        logger.warn({ err: error, migrationId: migration.id }, 'renewal invitation failed')
        result.failed += 1
        result.errors.push(
          `migration ${migration.id}: ${error instanceof Error ? error.message : String(error)}`
        )
      }
    }
    for (const migration of await termsEndingBy(today)) {
      const job = await jobQueue.enqueueOnce(
        JOB_TYPES.termEnded,
        { migrationId: migration.id },
        termEndKey(migration.id)
      )
      if (job) result.ended += 1
    }
    return result
  },
}

/** Looked for once an hour overall, like the dunning reminders. */
function renewalTaskScheduler() {
  return periodicTask({
    name: 'renewal_scheduler',
    intervalMs: 60 * 60 * 1000,
    holdMs: 15 * 60 * 1000,
    tickMs: 5 * 60 * 1000,
    async run() {
      const result = await renewalScheduler.run()
      if (result.invited + result.ended + result.failed > 0)
        logger.info(result, 'renewal invitations and term ends')
    },
    onError: (error) => logger.warn({ err: error }, 'renewal scheduler failed'),
  })
}

/** The background task registered in backend/start/background_tasks.ts (RENEWAL_TASK=false turns it off). */
export const renewalTask = {
  async start() {
    const env = (await import('#start/env')).default
    const scheduler = renewalTaskScheduler()
    if (env.get('RENEWAL_TASK', true)) scheduler.start()
    return async () => scheduler.stop()
  },
}
