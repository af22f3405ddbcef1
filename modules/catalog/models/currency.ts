import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { booleanColumn, decimalColumn } from '#modules/shared/index'

export const BASE_CURRENCY = 'USD'

export default class Currency extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare code: string

  @column()
  declare name: string

  @column()
  declare symbol: string

  @column(booleanColumn)
  declare enabled: boolean

  @column(decimalColumn)
  declare surcharge_percentage: number

  @column.dateTime({ autoCreate: true })
  declare created_at: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updated_at: DateTime
}
