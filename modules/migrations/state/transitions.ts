import { FULFILMENT_STEPS, STEP_STATUS_FIELD, SUCCESSFUL_OUTCOMES } from '#modules/shared/index'
import type { MigrationStatus } from '../models/migration.js'

/** Who moves a migration: itself (the checkout), or the module whose outcome it accepts. */
export type TransitionTrigger =
  | 'checkout.created'
  | 'checkout.start_failed'
  | 'checkout.superseded'
  | 'payment.succeeded'
  | 'payment.failed'
  | 'payment.refunded'
  | 'payment.lapsed'
  | 'coverage.cancelled'
  | 'term.expired'
  | 'payment.money_returned'
  | 'fulfilment.retry_claimed'
  | 'fulfilment.step_started'
  | 'fulfilment.step_finished'
  | 'fulfilment.retry_finished'
  | 'fulfilment.enrolment_settled'

export interface Transition {
  from: MigrationStatus | null
  to: MigrationStatus
  trigger: TransitionTrigger
  by: 'migrations' | 'payments' | 'fulfilment'
}

const FINISHED: MigrationStatus[] = ['completed', 'completed_with_warnings']
/** A refund or dispute seen at the provider changes the payment status of any paid migration, never its status. */
const MONEY_RETURNED_FROM: MigrationStatus[] = [
  'processing',
  'completed',
  'completed_with_warnings',
  'cancelled',
  'failed',
]

/**
 * Every status change of a migration; anything else is refused. docs/architecture.md shows the same
 * table ("A migration's state"), and tests/unit/migrations/state_machine.spec.ts checks one against
 * the other and walks it.
 */
export const TRANSITIONS: Transition[] = [
  { from: null, to: 'pending', trigger: 'checkout.created', by: 'migrations' },
  { from: 'pending', to: 'failed', trigger: 'checkout.start_failed', by: 'migrations' },
  { from: 'pending', to: 'failed', trigger: 'checkout.superseded', by: 'migrations' },
  { from: 'pending', to: 'processing', trigger: 'payment.succeeded', by: 'payments' },
  { from: 'failed', to: 'processing', trigger: 'payment.succeeded', by: 'payments' },
  { from: 'processing', to: 'processing', trigger: 'payment.succeeded', by: 'payments' },
  { from: 'completed', to: 'completed', trigger: 'payment.succeeded', by: 'payments' },
  {
    from: 'completed_with_warnings',
    to: 'completed_with_warnings',
    trigger: 'payment.succeeded',
    by: 'payments',
  },
  { from: 'pending', to: 'failed', trigger: 'payment.failed', by: 'payments' },
  { from: 'failed', to: 'failed', trigger: 'payment.failed', by: 'payments' },
  { from: 'pending', to: 'failed', trigger: 'payment.refunded', by: 'payments' },
  { from: 'failed', to: 'failed', trigger: 'payment.refunded', by: 'payments' },
  { from: 'completed', to: 'failed', trigger: 'payment.refunded', by: 'payments' },
  { from: 'completed_with_warnings', to: 'failed', trigger: 'payment.refunded', by: 'payments' },
  { from: 'processing', to: 'processing', trigger: 'payment.lapsed', by: 'payments' },
  { from: 'completed', to: 'completed', trigger: 'payment.lapsed', by: 'payments' },
  {
    from: 'completed_with_warnings',
    to: 'completed_with_warnings',
    trigger: 'payment.lapsed',
    by: 'payments',
  },
  { from: 'processing', to: 'cancelled', trigger: 'coverage.cancelled', by: 'payments' },
  { from: 'completed', to: 'cancelled', trigger: 'coverage.cancelled', by: 'payments' },
  {
    from: 'completed_with_warnings',
    to: 'cancelled',
    trigger: 'coverage.cancelled',
    by: 'payments',
  },
  ...FINISHED.map(
    (from): Transition => ({ from, to: 'expired', trigger: 'term.expired', by: 'fulfilment' })
  ),
  ...MONEY_RETURNED_FROM.map(
    (from): Transition => ({ from, to: from, trigger: 'payment.money_returned', by: 'payments' })
  ),
  { from: 'pending', to: 'processing', trigger: 'fulfilment.retry_claimed', by: 'fulfilment' },
  { from: 'failed', to: 'processing', trigger: 'fulfilment.retry_claimed', by: 'fulfilment' },
  { from: 'completed', to: 'processing', trigger: 'fulfilment.retry_claimed', by: 'fulfilment' },
  {
    from: 'completed_with_warnings',
    to: 'processing',
    trigger: 'fulfilment.retry_claimed',
    by: 'fulfilment',
  },
  { from: 'processing', to: 'processing', trigger: 'fulfilment.step_started', by: 'fulfilment' },
  { from: 'processing', to: 'processing', trigger: 'fulfilment.step_finished', by: 'fulfilment' },
  { from: 'processing', to: 'completed', trigger: 'fulfilment.step_finished', by: 'fulfilment' },
  {
    from: 'processing',
    to: 'completed_with_warnings',
    trigger: 'fulfilment.step_finished',
    by: 'fulfilment',
  },
  { from: 'processing', to: 'completed', trigger: 'fulfilment.retry_finished', by: 'fulfilment' },
  {
    from: 'processing',
    to: 'completed_with_warnings',
    trigger: 'fulfilment.retry_finished',
    by: 'fulfilment',
  },
  ...FINISHED.flatMap((from) =>
    FINISHED.map(
      (to): Transition => ({ from, to, trigger: 'fulfilment.enrolment_settled', by: 'fulfilment' })
    )
  ),
]

/** The statuses a trigger may move a migration from. */
export function fromStatuses(trigger: TransitionTrigger): MigrationStatus[] {
  return [
    ...new Set(
      TRANSITIONS.filter((row) => row.trigger === trigger && row.from).map((row) => row.from!)
    ),
  ]
}

export function mayMove(from: MigrationStatus, to: MigrationStatus, trigger: TransitionTrigger) {
  return TRANSITIONS.some((row) => row.from === from && row.to === to && row.trigger === trigger)
}

/**
 * decisions.md §6: completed when enrolment, documents and emails all succeeded (or were
 * skipped); completed_with_warnings when the payment succeeded but a later step failed or was partial.
 */
export function overallStatus(
  steps: Record<(typeof STEP_STATUS_FIELD)[keyof typeof STEP_STATUS_FIELD], string>
): 'completed' | 'completed_with_warnings' {
  const allGood = FULFILMENT_STEPS.every((step) =>
    SUCCESSFUL_OUTCOMES.includes(steps[STEP_STATUS_FIELD[step]])
  )
  return allGood ? 'completed' : 'completed_with_warnings'
}
