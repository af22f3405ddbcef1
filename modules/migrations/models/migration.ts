import { DateTime } from 'luxon'
import { BaseModel, column, hasMany } from '@adonisjs/lucid/orm'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import { decimalColumn } from '#modules/shared/index'
import type { DurationType, PaymentFrequency } from '#modules/pricing/index'
import MigrationMember from './migration_member.js'
import Installment from './installment.js'

export const MIGRATION_STATUSES = [
  'pending',
  'processing',
  'completed',
  'completed_with_warnings',
  'failed',
  'cancelled',
  /** The term ended on its end date without a paid renewal (docs/fulfilment.md, "The end of the term"). */
  'expired',
] as const
export type MigrationStatus = (typeof MIGRATION_STATUSES)[number]

/** A member's order to move (part of) the family onto new coverage. Its price never changes. */
export default class Migration extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare migration_reference: string

  @column()
  declare member_id: number

  @column()
  declare insured_full_name: string

  @column()
  declare member_id_str: string

  @column()
  declare email: string | null

  @column.date()
  declare date_of_birth: DateTime | null

  @column()
  declare product_name: string | null

  @column()
  declare plan_name: string | null

  @column()
  declare currency: string

  @column(decimalColumn)
  declare exchange_rate: number

  @column(decimalColumn)
  declare surcharge_percentage: number

  @column(decimalColumn)
  declare total_amount: number

  @column(decimalColumn)
  declare total_amount_usd: number

  @column(decimalColumn)
  declare subscription_amount: number

  @column()
  declare number_of_payments: number

  @column()
  declare duration_type: DurationType

  @column()
  declare duration_days: number

  @column.date()
  declare start_date: DateTime

  @column.date()
  declare end_date: DateTime

  @column()
  declare payment_frequency: PaymentFrequency

  @column()
  declare status: MigrationStatus

  @column()
  declare payment_status: string

  @column()
  declare document_status: string

  @column()
  declare email_status: string

  @column()
  declare api_status: string

  @column()
  declare payment_provider: string

  @column()
  declare payment_intent_id: string | null

  @column()
  declare provider_customer_id: string | null

  @column.dateTime()
  declare completed_at: DateTime | null

  /** Why the system failed it (a superseded checkout, a refunded payment); null otherwise. */
  @column()
  declare failure_reason: string | null

  /** The shop's idempotency key of the checkout attempt that created it (unique per member). */
  @column()
  declare checkout_key: string | null

  /** The create answer replayed to a repeated request, encrypted (it holds the client secret); null while the payment is being started. */
  @column({ serializeAs: null })
  declare checkout_answer: string | null

  /** The migration this one renews (the member area's Renew); unique: a migration is renewed once. */
  @column()
  declare renewed_from_migration_id: number | null

  @column.dateTime({ autoCreate: true })
  declare created_at: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updated_at: DateTime

  @hasMany(() => MigrationMember)
  declare selectedMembers: HasMany<typeof MigrationMember>

  @hasMany(() => Installment)
  declare installments: HasMany<typeof Installment>
}
