import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import logger from '@adonisjs/core/services/logger'
import { jobQueue, JOB_TYPES } from '#modules/jobs/index'
import {
  FULFILMENT_STEPS,
  STEP_STATUS_FIELD,
  migrationOutcomes,
  type Accepted,
  type OutcomeHandlers,
  type Refused,
} from '#modules/shared/index'
import Migration from '../models/migration.js'
import Installment from '../models/installment.js'
import { lockMigration } from '../services/migration_lock.js'
import { refusalOf } from './payment_refusal.js'
import { paidRenewalOf } from '../services/renewal.js'
import { fromStatuses, mayMove, overallStatus, type TransitionTrigger } from './transitions.js'
import { DateTime } from 'luxon'

const ACCEPTED: Accepted = { accepted: true }
const refused = (reason: string): Refused => ({ accepted: false, reason })

/** Payment states the system set itself: no provider event moves them any more. */
const SETTLED_BY_US = ['cancelled', 'refunded', 'lapsed']

/** The migration, locked; or why the outcome is refused (unknown migration, or a move the table does not allow). */
async function lockFor(
  migrationId: number,
  trigger: TransitionTrigger,
  trx: TransactionClientContract
) {
  const migration = await lockMigration(migrationId, trx)
  if (!migration) return refused('Migration not found')
  if (!fromStatuses(trigger).includes(migration.status))
    return refused(`A ${migration.status} migration does not accept ${trigger}`)
  migration.useTransaction(trx)
  return migration
}

/**
 * How outcomes reported by payments and fulfilment move a migration (state/transitions.ts). A
 * payment success always wins over a failure (a declined first card may be followed by a good
 * one); a failure never undoes a success, whatever order the events arrive in (decisions.md §6).
 */
const outcomeHandlers: OutcomeHandlers = {
  async 'payment.succeeded'({ migrationId }, trx) {
    const migration = await lockFor(migrationId, 'payment.succeeded', trx)
    if (!(migration instanceof Migration)) return { ...migration, refund: false }
    if (migration.payment_status === 'succeeded') return ACCEPTED
    if (migration.payment_status === 'refunded')
      return { accepted: false, reason: 'The payment was already refunded', refund: false }
    // A lapsed coverage is not revived by a late payment (docs/payments.md, "Lapse"): reconciliation shows the charge.
    if (migration.payment_status === 'lapsed')
      return { accepted: false, reason: 'The coverage already lapsed', refund: false }
    const refusal = await refusalOf(migration, trx)
    if (refusal) return { accepted: false, reason: refusal, refund: true }
    migration.payment_status = 'succeeded'
    if (
      mayMove(migration.status, 'processing', 'payment.succeeded') &&
      migration.status !== 'processing'
    ) {
      migration.merge({ status: 'processing', failure_reason: null })
      await jobQueue.enqueue(JOB_TYPES.fulfilmentStep, { migrationId: migration.id }, { trx })
    }
    await migration.save()
    logger.info({ migrationId: migration.id }, 'payment succeeded, fulfilment queued')
    return ACCEPTED
  },

  async 'payment.failed'({ migrationId }, trx) {
    const migration = await lockFor(migrationId, 'payment.failed', trx)
    if (!(migration instanceof Migration)) return migration
    if (
      migration.payment_status === 'succeeded' ||
      SETTLED_BY_US.includes(migration.payment_status)
    )
      return refused(`The payment is already ${migration.payment_status}`)
    migration.merge({ payment_status: 'failed', status: 'failed' })
    await migration.save()
    return ACCEPTED
  },

  async 'payment.refunded'({ migrationId, reason }, trx) {
    const migration = await lockFor(migrationId, 'payment.refunded', trx)
    if (!(migration instanceof Migration)) return migration
    if (migration.payment_status === 'refunded') return refused('The payment is already refunded')
    migration.merge({ status: 'failed', payment_status: 'refunded', failure_reason: reason })
    await migration.save()
    return ACCEPTED
  },

  /** Only a paid coverage lapses, once: a replayed or second give-up event (unpaid, then deleted) is refused. */
  async 'payment.lapsed'({ migrationId, reason }, trx) {
    const migration = await lockFor(migrationId, 'payment.lapsed', trx)
    if (!(migration instanceof Migration)) return migration
    if (migration.payment_status === 'lapsed') return refused('The coverage already lapsed')
    if (migration.payment_status !== 'succeeded')
      return refused(`A ${migration.payment_status} payment cannot lapse`)
    migration.merge({ payment_status: 'lapsed', failure_reason: reason })
    await migration.save()
    return ACCEPTED
  },

  /** Cancel coverage / withdrawal: payments decided it under this lock (one cancellation per migration). */
  async 'coverage.cancelled'({ migrationId, reason }, trx) {
    const migration = await lockFor(migrationId, 'coverage.cancelled', trx)
    if (!(migration instanceof Migration)) return migration
    if (migration.payment_status !== 'succeeded')
      return refused(`The payment is ${migration.payment_status}, not paid`)
    await migration.merge({ status: 'cancelled', failure_reason: reason.slice(0, 500) }).save()
    return ACCEPTED
  },

  /**
   * The end of the term (fulfilment's renewal scheduler, docs/fulfilment.md): one conditional
   * UPDATE from a finished, paid status to `expired`, so simultaneous runs expire it once; the
   * loser (and a replay) is refused. A paid renewal keeps the migration as it is.
   */
  async 'term.expired'({ migrationId }, trx) {
    const renewed = await paidRenewalOf(migrationId, trx)
    if (renewed) return refused(`Renewed by ${renewed.migration_reference}`)
    const changed = await Migration.query({ client: trx })
      .where('id', migrationId)
      .whereIn('status', fromStatuses('term.expired'))
      .where('payment_status', 'succeeded')
      .update({ status: 'expired' })
    return Number(Array.isArray(changed) ? changed[0] : changed) === 1
      ? ACCEPTED
      : refused('The term already ended or the migration is not a paid, finished one')
  },

  /** The payment status payments derived from its refund and dispute rows; a full refund is final. */
  async 'payment.money_returned'({ migrationId, paymentStatus }, trx) {
    const migration = await lockFor(migrationId, 'payment.money_returned', trx)
    if (!(migration instanceof Migration)) return migration
    if (migration.payment_status === 'refunded' && paymentStatus !== 'refunded')
      return refused('The payment is already refunded in full')
    if (migration.payment_status === paymentStatus) return ACCEPTED
    await migration.merge({ payment_status: paymentStatus }).save()
    return ACCEPTED
  },

  /** One conditional UPDATE, so two admins (or two clicks) never run a step at once: the loser is refused. */
  async 'fulfilment.retry_claimed'({ migrationId }, trx) {
    const claimed = await Migration.query({ client: trx })
      .where('id', migrationId)
      .whereIn('status', fromStatuses('fulfilment.retry_claimed'))
      .update({ status: 'processing' })
    return Number(Array.isArray(claimed) ? claimed[0] : claimed) === 1
      ? ACCEPTED
      : refused('Fulfilment of this migration is still running')
  },

  async 'fulfilment.step_started'({ migrationId, step }, trx) {
    const migration = await lockFor(migrationId, 'fulfilment.step_started', trx)
    if (!(migration instanceof Migration)) return migration
    await migration.merge({ [STEP_STATUS_FIELD[step]]: 'processing' }).save()
    return ACCEPTED
  },

  async 'fulfilment.step_finished'({ migrationId, step, outcome }, trx) {
    const migration = await lockFor(migrationId, 'fulfilment.step_finished', trx)
    if (!(migration instanceof Migration)) return migration
    migration.merge({ [STEP_STATUS_FIELD[step]]: outcome })
    if (step === FULFILMENT_STEPS.at(-1))
      migration.merge({ status: overallStatus(migration), completed_at: DateTime.now() })
    await migration.save()
    return ACCEPTED
  },

  /** Whatever happened to the retried step, the claim is released: the overall status is derived again from the steps. */
  async 'fulfilment.retry_finished'({ migrationId, step, outcome }, trx) {
    const migration = await lockFor(migrationId, 'fulfilment.retry_finished', trx)
    if (!(migration instanceof Migration)) return migration
    if (outcome) migration.merge({ [STEP_STATUS_FIELD[step]]: outcome })
    migration.merge({
      status: overallStatus(migration),
      completed_at: migration.completed_at ?? DateTime.now(),
    })
    await migration.save()
    return ACCEPTED
  },

  /** Compare-and-set on the statuses the reporter read: nothing changes while a step or a retry runs, or when another writer moved the row. */
  async 'fulfilment.enrolment_settled'({ migrationId, apiStatus, seen }, trx) {
    if (!fromStatuses('fulfilment.enrolment_settled').includes(seen.status as Migration['status']))
      return refused(`A ${seen.status} migration does not accept fulfilment.enrolment_settled`)
    const status = overallStatus({ ...seen, api_status: apiStatus })
    const changed = await trx
      .from('migrations')
      .where({ id: migrationId, ...seen })
      .update({ api_status: apiStatus, status })
    return Number(Array.isArray(changed) ? changed[0] : changed) === 1
      ? ACCEPTED
      : refused('The migration changed meanwhile')
  },
}

/** Registered at boot (backend/start/migration_outcomes.ts): payments and fulfilment report through it. */
export function registerMigrationOutcomes() {
  migrationOutcomes.register(outcomeHandlers, {
    lockForPayment: (migrationId, trx) =>
      lockMigration(migrationId, trx).then((migration) => migration ?? null),
    installments: (migrationId, trx) =>
      Installment.query({ client: trx })
        .where('migration_id', migrationId)
        .orderBy('payment_number'),
  })
}
