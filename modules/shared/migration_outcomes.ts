import type { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/**
 * The contract through which payments and fulfilment report what happened to a migration
 * (docs/architecture.md, "A migration's state"). The migrations module registers the handlers
 * at boot and is the only writer of the migrations table; a reporter passes its transaction, so
 * the outcome commits (or rolls back) with the reporter's own writes. Each handler answers
 * accepted or refused; a refused outcome changed nothing.
 */

/** The three fulfilment steps in the order they run, and the migration column that records each one's outcome. */
export const FULFILMENT_STEPS = ['enrolment', 'documents', 'emails'] as const
export type StepName = (typeof FULFILMENT_STEPS)[number]

export const STEP_STATUS_FIELD = {
  enrolment: 'api_status',
  documents: 'document_status',
  emails: 'email_status',
} as const satisfies Record<StepName, string>

/** Outcomes that count as success for the overall status (decisions.md §6: succeeded or skipped). */
export const SUCCESSFUL_OUTCOMES = ['succeeded', 'generated', 'sent', 'completed', 'skipped']

export type MigrationOutcome =
  /** The provider confirmed a payment of the migration. */
  | { type: 'payment.succeeded'; migrationId: number }
  /** A payment attempt failed or was abandoned. */
  | { type: 'payment.failed'; migrationId: number }
  /** The payment was given back (a refused payment, later an administrator's refund); `reason` is shown on the migration. */
  | { type: 'payment.refunded'; migrationId: number; reason: string }
  /** The provider gave up collecting a failed installment (subscription unpaid, or cancelled after failed payments): the coverage lapsed. */
  | { type: 'payment.lapsed'; migrationId: number; reason: string }
  /** The coverage was cancelled (an administrator's Cancel coverage, or the member's withdrawal): the migration ends `cancelled`. */
  | { type: 'coverage.cancelled'; migrationId: number; reason: string }
  /** The term reached its end date without a paid renewal (fulfilment's renewal scheduler): the migration ends `expired`, once. */
  | { type: 'term.expired'; migrationId: number }
  /**
   * Money went back to the member (our cancellation's refund, or one made at the provider) or a
   * dispute moved: `paymentStatus` is the payment status payments derived from its refund and
   * dispute rows (refunded, partially_refunded, disputed, dispute_lost, succeeded); the status stays.
   */
  | { type: 'payment.money_returned'; migrationId: number; paymentStatus: ReturnedPaymentStatus }
  /** An administrator's retry of one step claims the migration (one retry at a time). */
  | { type: 'fulfilment.retry_claimed'; migrationId: number }
  /** The worker starts a step. */
  | { type: 'fulfilment.step_started'; migrationId: number; step: StepName }
  /** A step ended with `outcome`; after the last step of the chain the migration gets its overall status. */
  | { type: 'fulfilment.step_finished'; migrationId: number; step: StepName; outcome: string }
  /** An administrator's retry ended (`outcome` null when the step threw): the claim is released. */
  | {
      type: 'fulfilment.retry_finished'
      migrationId: number
      step: StepName
      outcome: string | null
    }
  /**
   * A late insurer call changed the enrolment outcome of a finished migration. Applied only if
   * the statuses are still those the reporter read (`seen`), as one conditional UPDATE.
   */
  | {
      type: 'fulfilment.enrolment_settled'
      migrationId: number
      apiStatus: string
      seen: SeenStatuses
    }

export type ReturnedPaymentStatus =
  | 'refunded'
  | 'partially_refunded'
  | 'disputed'
  | 'dispute_lost'
  | 'succeeded'

export type OutcomeType = MigrationOutcome['type']
export type OutcomeOf<T extends OutcomeType> = Extract<MigrationOutcome, { type: T }>

interface SeenStatuses {
  status: string
  api_status: string
  document_status: string
  email_status: string
}

export type Accepted = { accepted: true }
export type Refused = { accepted: false; reason: string }
/** A refused payment is given back by payments (`refund`), unless it already was. */
type RefusedPayment = Refused & { refund: boolean }

export type OutcomeAnswer<T extends OutcomeType> = T extends 'payment.succeeded'
  ? Accepted | RefusedPayment
  : Accepted | Refused

export type OutcomeHandlers = {
  [T in OutcomeType]: (
    outcome: OutcomeOf<T>,
    trx: TransactionClientContract
  ) => Promise<OutcomeAnswer<T>>
}

/** What payments reads of a migration while it handles a provider event. */
export interface PaymentSubject {
  readonly id: number
  readonly migration_reference: string
  readonly member_id_str: string
  readonly currency: string
  readonly payment_provider: string
  readonly payment_intent_id: string | null
  readonly provider_customer_id: string | null
  readonly payment_status: string
  readonly start_date: DateTime
  readonly end_date: DateTime
}

/** One installment of a migration's payment plan, as payments reads it. */
export interface PlannedInstallment {
  readonly payment_number: number
  readonly amount: number
  readonly due_date: DateTime
  readonly is_reconciliation: boolean
}

/** The reads payments needs, answered by the migrations module (registered with the handlers). */
export interface MigrationReads {
  /** The migration, its row locked until the transaction ends (the first lock of a payment event); null when unknown. */
  lockForPayment(
    migrationId: number,
    trx: TransactionClientContract
  ): Promise<PaymentSubject | null>
  installments(migrationId: number, trx: TransactionClientContract): Promise<PlannedInstallment[]>
}

let registered: { handlers: OutcomeHandlers; reads: MigrationReads } | null = null

function owner() {
  if (!registered)
    throw new Error(
      'No migration outcome handlers registered: the migrations module registers them at boot'
    )
  return registered
}

export const migrationOutcomes = {
  /** Called once at boot by the migrations module (backend/start/migration_outcomes.ts). */
  register(handlers: OutcomeHandlers, reads: MigrationReads) {
    registered = { handlers, reads }
  },

  /** Reports an outcome inside the reporter's transaction; the answer says whether the migration accepted it. */
  report<T extends OutcomeType>(
    outcome: OutcomeOf<T>,
    trx: TransactionClientContract
  ): Promise<OutcomeAnswer<T>> {
    const handler = owner().handlers[outcome.type] as (
      outcome: OutcomeOf<T>,
      trx: TransactionClientContract
    ) => Promise<OutcomeAnswer<T>>
    return handler(outcome, trx)
  },

  get reads(): MigrationReads {
    return owner().reads
  },
}
