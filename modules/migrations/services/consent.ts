import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { Member } from '#modules/members/index'
import { paymentProviderFor } from '#modules/payments/index'
import { ApiError, lockingTransaction } from '#modules/shared/index'
import { CHECKOUT_REPLACED, ERROR_CODES } from '../../../shared_data/checkout_messages.js'
import Migration from '../models/migration.js'
import MigrationConsent from '../models/migration_consent.js'
import { lockMigration } from './migration_lock.js'
import { isReplacedCheckout } from './resume_checkout.js'
import { consentTermsFor } from './consent_terms.js'
import { keptPaymentSecret } from './checkout_attempt.js'

const CONSENT_OUTDATED =
  'The conditions of this checkout have changed. Please reload the page and accept them again.'

export interface ConsentRequest {
  textVersion: string
  language: string
  ip: string
}

export interface ConsentRecord {
  textVersion: string
  language: string
  acceptedAt: string
  text: string
  ip: string
}

const toRecord = (row: MigrationConsent): ConsentRecord => ({
  textVersion: row.text_version,
  language: row.language,
  acceptedAt: row.accepted_at.toUTC().toISO()!,
  text: row.accepted_text,
  ip: row.ip,
})

/** Whether the member consented to this checkout's terms (any text version recorded). */
export async function hasConsent(migrationId: number): Promise<boolean> {
  return (await MigrationConsent.query().where('migration_id', migrationId).first()) !== null
}

/** The consents recorded for a migration, oldest first (admin detail, confirmation email). */
export async function consentsOf(migrationId: number): Promise<ConsentRecord[]> {
  return (await MigrationConsent.query().where('migration_id', migrationId).orderBy('id')).map(
    toRecord
  )
}

/**
 * Records, before payment, that the member accepted this checkout's terms: the text version and
 * the words as shown (built from the stored checkout, never from the client), language, time and
 * IP. Once per migration and text version whatever the clicks: decided under the migration's row
 * lock, with the unique index behind it. Answers the record and, only now, the payment's secret.
 */
export async function recordConsent(
  principal: Member,
  migrationId: number,
  request: ConsentRequest
) {
  const migration = await Migration.query()
    .where('id', migrationId)
    .where('member_id', principal.id)
    .first()
  if (!migration) throw new ApiError('Migration not found', 404)
  if (isReplacedCheckout(migration))
    throw new ApiError(CHECKOUT_REPLACED, 409, { code: ERROR_CODES.checkoutReplaced })
  if (migration.status !== 'pending' || !migration.payment_intent_id)
    throw new ApiError('This migration is not awaiting payment', 409)
  const terms = await consentTermsFor(migration, request.language)
  if (request.textVersion !== terms.textVersion) throw new ApiError(CONSENT_OUTDATED, 422)

  const consent = await lockingTransaction(async (trx) => {
    await lockMigration(migration.id, trx)
    const existing = await MigrationConsent.query({ client: trx })
      .where('migration_id', migration.id)
      .where('text_version', terms.textVersion)
      .first()
    if (existing) return existing
    return MigrationConsent.create(
      {
        migration_id: migration.id,
        member_id: principal.id,
        text_version: terms.textVersion,
        language: request.language,
        accepted_text: terms.text,
        ip: request.ip.slice(0, 64),
        // Whole seconds: what the database keeps, so every answer shows the same time.
        accepted_at: DateTime.utc().startOf('second'),
      },
      { client: trx }
    )
  }).catch(async (error) => {
    // A simultaneous call won the unique index (SQLite runs without row locks): its row is the record.
    const winner = await MigrationConsent.query()
      .where('migration_id', migration.id)
      .where('text_version', terms.textVersion)
      .first()
    if (winner) return winner
    throw error
  })

  return { consent: toRecord(consent), clientSecret: await paymentSecretOf(migration) }
}

/** The secret the browser pays with, asked from the provider the checkout was started with. */
export async function paymentSecretOf(migration: Migration): Promise<string> {
  const kept = keptPaymentSecret(migration)
  if (kept) return kept
  const subscription = await db
    .from('subscriptions')
    .where('migration_id', migration.id)
    .select('provider_subscription_id')
    .first()
  return paymentProviderFor(migration.payment_provider).paymentSecret({
    migrationId: migration.id,
    paymentIntentId: migration.payment_intent_id!,
    subscriptionId: subscription?.provider_subscription_id ?? null,
  })
}
