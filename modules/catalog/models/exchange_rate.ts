import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { decimalColumn } from '#modules/shared/index'

/** Units of a currency per 1 USD; the last good rate is kept. */
export default class ExchangeRate extends BaseModel {
  static table = 'exchange_rates'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare currency_code: string

  @column(decimalColumn)
  declare rate: number

  @column()
  declare source: string

  @column.dateTime()
  declare fetched_at: DateTime
}
