import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/**
 * Who asked and how: an administrator's Cancel coverage, the member's Withdraw (cooling-off
 * period), or the member's Stop future payments (afterwards: cover until the last paid day).
 */
export type CancellationKind = 'admin' | 'member' | 'member_stop'

/** The one cancellation of a migration's coverage and the refund it implies (frozen when asked for). */
export default class CoverageCancellation extends BaseModel {
  static table = 'coverage_cancellations'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare migration_id: number

  @column()
  declare requested_by_kind: CancellationKind

  @column()
  declare requested_by: string | null

  @column()
  declare reason: string

  @column.date()
  declare effective_on: DateTime

  @column()
  declare refund_rule: 'cooling_off' | 'unused_part'

  @column({ consume: Number })
  declare paid_cents: number

  @column({ consume: Number })
  declare refund_cents: number

  @column()
  declare currency: string

  @column()
  declare days_paid: number

  @column()
  declare days_unused: number

  /** requested → refunded (the provider gave the money back, or nothing was due) → completed (insurer told, email sent). */
  @column()
  declare status: 'requested' | 'refunded' | 'completed'

  @column.dateTime({ autoCreate: true })
  declare created_at: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updated_at: DateTime
}
