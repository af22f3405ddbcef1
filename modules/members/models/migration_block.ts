import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { booleanColumn } from '#modules/shared/index'

/** An administrator's block on a member's migration; lifted, it stays as history. */
export default class MigrationBlock extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare member_id: number

  @column()
  declare migration_id: number | null

  @column()
  declare reason: string | null

  @column()
  declare blocked_by: string | null

  @column(booleanColumn)
  declare active: boolean

  @column.dateTime({ autoCreate: true })
  declare created_at: DateTime

  @column.dateTime()
  declare lifted_at: DateTime | null
}
