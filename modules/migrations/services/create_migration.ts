import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import type { Member } from '#modules/members/index'
import {
  activePaymentProvider,
  recordPaymentStart,
  type PaymentStart,
  type PaymentType,
  type PaymentProvider,
} from '#modules/payments/index'
import {
  PERIOD_MONTHS,
  isRecurring,
  toPricingResult,
  type PricingResult,
  type Quote,
} from '#modules/pricing/index'
import { ApiError, fromCents, isoDate } from '#modules/shared/index'
import Migration from '../models/migration.js'
import MigrationMember from '../models/migration_member.js'
import Installment from '../models/installment.js'
import { newMigrationReference } from './migration_reference.js'
import { quoteFor, type QuoteRequest } from './quote_service.js'
import { supersedePendingMigrations } from './supersede_pending.js'
import { principalSnapshot } from './principal_snapshot.js'
import { CHECKOUT_MESSAGES, keepAnswer, openCheckout } from './checkout_attempt.js'
import { lockMigration } from './migration_lock.js'
import { consentTermsFor } from './consent_terms.js'
import { renewalTarget, takeRenewalLink } from './renewal.js'

/**
 * The answer of /migration/create: the spec's creation result (clientSecret, migrationId,
 * paymentType, subscriptionAmount, numberOfPayments) with the reference and provider, and the
 * pricing result the migration was stored at, so the checkout shows exactly what is charged.
 */
export type CreatedMigration = PricingResult & {
  /** Stripe's secret only once consent is recorded (POST /migration/{id}/consent): null here. */
  clientSecret: string | null
  /** The words the member must accept before paying (shared_data/consent_texts.ts). */
  consentTerms: { textVersion: string; text: string }
  migrationId: number
  migrationReference: string
  paymentType: PaymentType
  provider: string
}

/** A selection to check out, with the shop's idempotency key of this checkout attempt (optional) and the migration it renews (Renew in the member area). */
export type CheckoutRequest = QuoteRequest & {
  idempotencyKey?: string | null
  renewalOf?: number | null
}

/**
 * Creates a pending migration at a freshly computed price (never an amount from the client),
 * one checkout per member at a time (checkout_attempt.ts): a repeated request with the same
 * idempotency key gets the checkout it already made. Then asks the payment provider for the
 * secret the browser pays with, keeps the answer for repeated requests, and withdraws the
 * member's older pending checkouts (one open checkout per member).
 */
export async function createMigration(
  principal: Member,
  request: CheckoutRequest,
  /** The language of the consent words shown (the request's Accept-Language). */
  language: string = 'en'
): Promise<CreatedMigration> {
  // A renewal's term starts on the end date of the term it renews (docs/fulfilment.md, "The end of the term").
  const renewed = request.renewalOf ? await renewalTarget(principal, request.renewalOf) : null
  const { quote, members } = await quoteFor(principal, request, {
    startOn: renewed ? isoDate(renewed.end_date)! : undefined,
  })
  const provider = activePaymentProvider()
  const reference = await uniqueReference()
  const decision = await openCheckout<CreatedMigration>(
    principal,
    request.idempotencyKey ?? null,
    async (trx) => {
      if (renewed) await takeRenewalLink(renewed.id, trx)
      return storeMigration(trx, {
        principal,
        members,
        quote,
        reference,
        providerName: provider.name,
        key: request.idempotencyKey ?? null,
        renewedFrom: renewed?.id ?? null,
      })
    },
    renewed?.id ?? null
  )
  if (decision.repeated) return withoutSecret(decision.answer)
  const { migration } = decision
  const start = await startPayment(provider, migration, quote)
  const answer: CreatedMigration = {
    ...toPricingResult(quote),
    clientSecret: start.clientSecret,
    consentTerms: await consentTermsFor(migration, language),
    migrationId: migration.id,
    migrationReference: migration.migration_reference,
    paymentType: start.paymentType,
    provider: provider.name,
  }
  await recordStartedPayment(provider, migration, start, answer)
  await supersedePendingMigrations(migration)
  return withoutSecret(answer)
}

/**
 * The card payment's secret stays on the server (kept with the answer) until the member's
 * consent is recorded: POST /migration/{id}/consent hands it out. The sandbox's id pays nothing
 * by itself (its confirm checks the consent), so it is still answered.
 */
function withoutSecret(answer: CreatedMigration): CreatedMigration {
  return answer.provider === 'sandbox' ? answer : { ...answer, clientSecret: null }
}

async function uniqueReference(): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const reference = newMigrationReference()
    if (!(await Migration.findBy('migration_reference', reference))) return reference
  }
  throw new Error('Could not find a free migration reference')
}

interface NewCheckout {
  principal: Member
  members: Member[]
  quote: Quote
  reference: string
  providerName: string
  key: string | null
  renewedFrom: number | null
}

/** The migration with its members and installment plan, in the deciding transaction; the price, rate and surcharge are frozen here. */
async function storeMigration(
  trx: TransactionClientContract,
  { principal, members, quote, reference, providerName, key, renewedFrom }: NewCheckout
): Promise<Migration> {
  const migration = await Migration.create(
    {
      migration_reference: reference,
      ...principalSnapshot(principal),
      currency: quote.currency.code,
      exchange_rate: quote.currency.rate,
      surcharge_percentage: quote.currency.surchargePercentage,
      total_amount: fromCents(quote.totalAmount),
      total_amount_usd: fromCents(quote.totalAmountUsd),
      subscription_amount: fromCents(quote.subscriptionAmount),
      number_of_payments: quote.numberOfPayments,
      duration_type: quote.durationType,
      duration_days: quote.durationDays,
      start_date: DateTime.fromISO(quote.startDate),
      end_date: DateTime.fromISO(quote.endDate),
      payment_frequency: quote.paymentFrequency,
      status: 'pending',
      payment_status: 'pending',
      document_status: 'pending',
      email_status: 'pending',
      api_status: 'pending',
      payment_provider: providerName,
      checkout_key: key,
      renewed_from_migration_id: renewedFrom,
    },
    { client: trx }
  )
  const lines = new Map(quote.calculations.map((line) => [line.memberId, line]))
  await MigrationMember.createMany(
    members.map((member) => ({
      migration_id: migration.id,
      member_id: member.id,
      insured_full_name: member.insured_full_name,
      insured_role: member.insured_role,
      member_id_str: member.member_id,
      date_of_birth: member.date_of_birth,
      final_premium: member.final_premium,
      premium_currency: member.premium_currency,
      annual_premium: fromCents(lines.get(member.id)!.annualPremium),
      calculated_premium: fromCents(lines.get(member.id)!.calculatedPremium),
      premium_rate: lines.get(member.id)!.premiumRate,
    })),
    { client: trx }
  )
  await Installment.createMany(
    quote.installmentSchedule.map((row) => ({
      migration_id: migration.id,
      payment_number: row.paymentNumber,
      amount: fromCents(row.amount),
      due_date: DateTime.fromISO(row.dueDate),
      is_reconciliation: row.isReconciliation,
    })),
    { client: trx }
  )
  return migration
}

/** Asks the provider for the payment; a provider failure fails the migration (nothing was charged) and answers 502. */
async function startPayment(
  provider: PaymentProvider,
  migration: Migration,
  quote: Quote
): Promise<PaymentStart> {
  let start: PaymentStart
  try {
    start = await provider.startPayment({
      migrationId: migration.id,
      reference: migration.migration_reference,
      currency: quote.currency.code,
      totalAmount: quote.totalAmount,
      installments: quote.installmentSchedule.map((row) => ({
        amount: row.amount,
        dueDate: row.dueDate,
      })),
      periodMonths: isRecurring(quote.paymentFrequency)
        ? PERIOD_MONTHS[quote.paymentFrequency]
        : null,
      startDate: quote.startDate,
      endDate: quote.endDate,
      customer: {
        name: migration.insured_full_name,
        email: migration.email,
        memberId: migration.member_id_str,
      },
    })
  } catch (error) {
    logger.error(
      { err: error, migrationId: migration.id },
      'Payment provider refused to start a payment'
    )
    migration.merge({ status: 'failed', payment_status: 'failed' })
    await migration.save()
    throw new ApiError('The payment could not be started. Please try again later.', 502)
  }
  return start
}

/**
 * Stores the provider's ids and the answer (for repeated requests) on the checkout, still
 * pending. Should it have been withdrawn meanwhile (its start outlasted the time-out and a newer
 * checkout replaced it), the payment just started is cancelled and the answer is a 409.
 */
async function recordStartedPayment(
  provider: PaymentProvider,
  created: Migration,
  start: PaymentStart,
  answer: CreatedMigration
) {
  const recorded = await db.transaction(async (trx) => {
    const migration = await lockMigration(created.id, trx)
    if (!migration || migration.status !== 'pending') return false
    migration.useTransaction(trx)
    migration.merge({
      payment_intent_id: start.paymentIntentId,
      provider_customer_id: start.customerId,
    })
    keepAnswer(migration, answer)
    await migration.save()
    await recordPaymentStart(migration, provider.name, start, trx)
    return true
  })
  if (recorded) return
  await provider
    .cancelPayment({
      migrationId: created.id,
      paymentIntentId: start.paymentIntentId,
      subscriptionId: start.subscriptionId,
    })
    .catch((error) =>
      logger.error(
        { err: error, migrationId: created.id },
        'could not cancel the payment of a replaced checkout'
      )
    )
  throw new ApiError(CHECKOUT_MESSAGES.replaced, 409)
}
