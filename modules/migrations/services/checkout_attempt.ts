import { setTimeout as sleep } from 'node:timers/promises'
import encryption from '@adonisjs/core/services/encryption'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { lockMember, type Member } from '#modules/members/index'
import { ApiError, lockingTransaction } from '#modules/shared/index'
import Migration from '../models/migration.js'
import { migrationStatusOf } from './migration_blocking.js'

/** A checkout whose payment has been starting for longer than this is taken as abandoned (its process died). */
const CHECKOUT_START_TIMEOUT_MS = 2 * 60_000

/** How long a repeated request waits for the answer of the first one, still starting its payment. */
const REPLAY_WAIT_MS = 20_000

/** Encryption purpose: a stored answer decrypts only as a checkout answer. */
const PURPOSE = 'checkout_answer'

export const CHECKOUT_MESSAGES = {
  starting: 'Your checkout is already being prepared. Please wait a moment and try again.',
  closed: 'This checkout is no longer open. Please go back to your selection and start again.',
  replaced:
    'This checkout was replaced by a newer one. Please go back to your selection and start again.',
}

/** What the member's row lock decided: a new checkout to start, or the one this key already made. */
export type CheckoutDecision<Answer> =
  | { migration: Migration; repeated: false }
  | { answer: Answer; repeated: true }

/**
 * Opens a checkout attempt, one member at a time (docs/fulfilment.md, "One checkout per member"):
 * under the member's row lock it refuses a blocked member (409), finds the checkout the same
 * idempotency key already made, refuses while another checkout's payment is being started (409),
 * and otherwise stores the new pending migration (`store`) in the same transaction.
 */
export async function openCheckout<Answer>(
  principal: Member,
  key: string | null,
  store: (trx: TransactionClientContract) => Promise<Migration>,
  /** The migration a renewal renews: it does not block its own renewal. */
  renewalOf: number | null = null
): Promise<CheckoutDecision<Answer>> {
  const decided = await lockingTransaction(
    async (trx): Promise<{ earlier: Migration } | { created: Migration }> => {
      await lockMember(principal.id, trx)
      const status = await migrationStatusOf(principal, trx, 'en', { renewalOf })
      if (status.blocked) throw new ApiError(status.reason!, 409)
      if (key) {
        const earlier = await Migration.query({ client: trx })
          .where('member_id', principal.id)
          .where('checkout_key', key)
          .first()
        if (earlier) return { earlier }
      }
      const unanswered = await Migration.query({ client: trx })
        .where('member_id', principal.id)
        .where('status', 'pending')
        .whereNull('checkout_answer')
      if (unanswered.some(isStarting)) throw new ApiError(CHECKOUT_MESSAGES.starting, 409)
      return { created: await store(trx) }
    }
  )
  if ('created' in decided) return { migration: decided.created, repeated: false }
  return { answer: await answerOf<Answer>(decided.earlier), repeated: true }
}

/** The create answer a checkout was started with, kept for repeated requests. */
export function keepAnswer(migration: Migration, answer: unknown) {
  migration.checkout_answer = encryption.encrypt(answer, undefined, PURPOSE)
}

/** The kept create answer's payment secret (null when none or unreadable): handed out once consent is recorded. */
export function keptPaymentSecret(migration: Migration): string | null {
  if (!migration.checkout_answer) return null
  return (
    encryption.decrypt<{ clientSecret?: string | null }>(migration.checkout_answer, PURPOSE)
      ?.clientSecret ?? null
  )
}

/** A pending checkout created recently whose payment has not been started yet (no answer stored). */
function isStarting(migration: Migration) {
  return Date.now() - migration.created_at.toMillis() < CHECKOUT_START_TIMEOUT_MS
}

/** The answer of an earlier request with the same key; waits while that request is still starting the payment. */
async function answerOf<Answer>(earlier: Migration): Promise<Answer> {
  const deadline = Date.now() + REPLAY_WAIT_MS
  let migration: Migration | null = earlier
  while (migration && migration.status === 'pending') {
    if (migration.checkout_answer) {
      // Null when it cannot be read any more (APP_KEY rotated): then it is no longer offered.
      const answer = encryption.decrypt<Answer>(migration.checkout_answer, PURPOSE)
      if (answer) return answer
      break
    }
    if (Date.now() > deadline) throw new ApiError(CHECKOUT_MESSAGES.starting, 409)
    await sleep(100)
    migration = await Migration.find(earlier.id)
  }
  throw new ApiError(CHECKOUT_MESSAGES.closed, 409)
}
