import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { booleanColumn } from '#modules/shared/index'

/** Payment frequencies on the wire; "one-time" is the flag the spec calls "disabled". */
export const FREQUENCIES = ['one-time', 'monthly', 'quarterly', 'semi-annual', 'annual'] as const
export type Frequency = (typeof FREQUENCIES)[number]

/** An insurance product found in the census, with its subscription settings. */
export default class Product extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare product_name: string

  @column()
  declare product_alias: string | null

  @column()
  declare plan_id: string | null

  @column(booleanColumn)
  declare disabled: boolean

  @column(booleanColumn)
  declare freq_one_time: boolean

  @column(booleanColumn)
  declare freq_monthly: boolean

  @column(booleanColumn)
  declare freq_quarterly: boolean

  @column(booleanColumn)
  declare freq_semi_annual: boolean

  @column(booleanColumn)
  declare freq_annual: boolean

  @column.date()
  declare fixed_start_date: DateTime | null

  @column.date()
  declare fixed_end_date: DateTime | null

  @column(booleanColumn)
  declare enforce_fixed_start_date: boolean

  @column(booleanColumn)
  declare enforce_fixed_end_date: boolean

  @column.dateTime({ autoCreate: true })
  declare created_at: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updated_at: DateTime

  /** The spec's subscription_frequencies object (its "disabled" means one-time allowed). */
  get subscriptionFrequencies() {
    return {
      'disabled': this.freq_one_time,
      'monthly': this.freq_monthly,
      'quarterly': this.freq_quarterly,
      'semi-annual': this.freq_semi_annual,
      'annual': this.freq_annual,
    }
  }
}
