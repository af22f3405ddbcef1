import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import { DateTime } from 'luxon'
import type { Member } from '#modules/members/index'
import { activePaymentProvider, Subscription, type PaymentStart, type PaymentType, type PaymentProvider } from '#modules/payments/index'
import { PERIOD_MONTHS, isRecurring, toPricingResult, type PricingResult, type Quote } from '#modules/pricing/index'
import { ApiError, fromCents } from '#modules/shared/index'
import Migration from '../models/migration.js'
import MigrationMember from '../models/migration_member.js'
import Installment from '../models/installment.js'
import { migrationStatusOf } from './migration_blocking.js'
import { newMigrationReference } from './migration_reference.js'
import { quoteFor, type QuoteRequest } from './quote_service.js'
import { supersedePendingMigrations } from './supersede_pending.js'
import { principalSnapshot } from './principal_snapshot.js'

/**
 * The answer of /migration/create: the spec's creation result (clientSecret, migrationId,
 * paymentType, subscriptionAmount, numberOfPayments) with the reference and provider, and the
 * pricing result the migration was stored at, so the checkout shows exactly what is charged.
 */
export type CreatedMigration = PricingResult & {
  clientSecret: string
  migrationId: number
  migrationReference: string
  paymentType: PaymentType
  provider: string
}

/**
 * Creates a pending migration at a freshly computed price (never an amount from the client),
 * asks the payment provider for the secret the browser pays with, then withdraws the member's
 * older pending checkouts (one open checkout per member).
 */
export async function createMigration(principal: Member, request: QuoteRequest): Promise<CreatedMigration> {
  const status = await migrationStatusOf(principal)
  if (status.blocked) throw new ApiError(status.reason!, 409)
  const { quote, members } = await quoteFor(principal, request)
  const provider = activePaymentProvider()
  const migration = await storeMigration(principal, members, quote, provider.name)
  const start = await startPayment(provider, migration, quote)
  await supersedePendingMigrations(migration)
  return {
    ...toPricingResult(quote),
    clientSecret: start.clientSecret,
    migrationId: migration.id,
    migrationReference: migration.migration_reference,
    paymentType: start.paymentType,
    provider: provider.name,
  }
}

async function uniqueReference(): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const reference = newMigrationReference()
    if (!(await Migration.findBy('migration_reference', reference))) return reference
  }
  throw new Error('Could not find a free migration reference')
}

/** The migration with its members and installment plan, in one transaction; the price, rate and surcharge are frozen here. */
async function storeMigration(principal: Member, members: Member[], quote: Quote, providerName: string): Promise<Migration> {
  const reference = await uniqueReference()
  return db.transaction(async (trx) => {
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
  })
}

/** Asks the provider for the payment; a provider failure fails the migration (nothing was charged) and answers 502. */
async function startPayment(provider: PaymentProvider, migration: Migration, quote: Quote): Promise<PaymentStart> {
  let start: PaymentStart
  try {
    start = await provider.startPayment({
      migrationId: migration.id,
      reference: migration.migration_reference,
      currency: quote.currency.code,
      totalAmount: quote.totalAmount,
      installments: quote.installmentSchedule.map((row) => ({ amount: row.amount, dueDate: row.dueDate })),
      periodMonths: isRecurring(quote.paymentFrequency) ? PERIOD_MONTHS[quote.paymentFrequency] : null,
      startDate: quote.startDate,
      endDate: quote.endDate,
      customer: { name: migration.insured_full_name, email: migration.email, memberId: migration.member_id_str },
    })
  } catch (error) {
    logger.error({ err: error, migrationId: migration.id }, 'Payment provider refused to start a payment')
    migration.merge({ status: 'failed', payment_status: 'failed' })
    await migration.save()
    throw new ApiError('The payment could not be started. Please try again later.', 502)
  }
  await db.transaction(async (trx) => {
    migration.useTransaction(trx)
    migration.merge({ payment_intent_id: start.paymentIntentId, provider_customer_id: start.customerId })
    await migration.save()
    if (start.subscriptionId) {
      await Subscription.create(
        {
          migration_id: migration.id,
          provider: provider.name,
          provider_subscription_id: start.subscriptionId,
          status: 'incomplete',
          ends_on: migration.end_date,
          early_cancellation_reviewed: false,
        },
        { client: trx }
      )
    }
  })
  return start
}
