import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { booleanColumn, decimalColumn } from '#modules/shared/index'

/** One planned payment of a migration's schedule. */
export default class Installment extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare migration_id: number

  @column()
  declare payment_number: number

  @column(decimalColumn)
  declare amount: number

  @column.date()
  declare due_date: DateTime

  @column(booleanColumn)
  declare is_reconciliation: boolean
}
