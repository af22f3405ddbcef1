import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import type { JobHandler } from '#modules/jobs/index'
import { Member } from '#modules/members/index'
import { Migration } from '#modules/migrations/index'
import { resolveMemberRecipient, sendTemplatedEmail } from '#modules/notifications/index'
import { frontendUrl, getBranding } from '#modules/settings/index'
import { migrationOutcomes, today } from '#modules/shared/index'
import { dateFormatter } from '#modules/documents/index'
import { insurerCancellation } from '#modules/dunning/index'

/** The delivery key of a migration's coverage_expired email: one email, whoever sends it. */
const expiredKey = (migrationId: number) => `coverage-expired:${migrationId}`

/**
 * The end of a term without a paid renewal (queued once by the renewal scheduler, dedupe_key
 * `term-end:<migrationId>`): the migration becomes `expired` (the migrations module's
 * compare-and-set, `term.expired`), the insurer is told through the cancellation call (cause
 * `expired`: its Idempotency-Key per migration, member and cause queues one call job whatever the
 * number of runs), and the member gets one coverage_expired email (keyed delivery). A retried
 * job repeats only what is left: each part is idempotent.
 */
async function endTerm(migrationId: number) {
  const answer = await db.transaction((trx) =>
    migrationOutcomes.report({ type: 'term.expired', migrationId }, trx)
  )
  const migration = await Migration.findOrFail(migrationId)
  // Renewed meanwhile, or cancelled: nothing ends here.
  if (!answer.accepted && migration.status !== 'expired') return { ended: false as const }
  const insurer = await insurerCancellation.notify(migrationId, 'expired')
  if (insurer.status === 'skipped') logger.warn({ migrationId }, `term ended: ${insurer.detail}`)
  const member = await Member.findOrFail(migration.member_id)
  const recipient = await resolveMemberRecipient(member)
  if (!recipient) return { ended: true as const, email: null }
  const date = await dateFormatter()
  const email = await sendTemplatedEmail({
    type: 'coverage_expired',
    to: recipient.address,
    recipientSource: recipient.source,
    migrationId,
    memberId: member.id,
    once: true,
    deliveryKey: expiredKey(migrationId),
    variables: {
      member_name: member.insured_full_name,
      member_id: member.member_id,
      migration_reference: migration.migration_reference,
      end_date: date(migration.end_date),
      renewal_link: `${await frontendUrl()}/shop/login`,
      support_email: (await getBranding()).supportEmail,
      current_date: date(today()),
      frontend_url: await frontendUrl(),
    },
  })
  return { ended: true as const, email }
}

export const termEndJob: JobHandler = {
  async run(payload) {
    const outcome = await endTerm(Number(payload.migrationId))
    if (!outcome.ended || !outcome.email) return
    if (outcome.email.status === 'failed') throw new Error(outcome.email.error)
    if (outcome.email.status === 'in_progress')
      throw new Error('The coverage expired email is being sent by another worker')
  },
}
