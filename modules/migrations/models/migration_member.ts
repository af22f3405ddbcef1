import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { decimalColumn } from '#modules/shared/index'

/** A member moved by a migration, with the premium it was priced at. */
export default class MigrationMember extends BaseModel {
  static table = 'migration_members'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare migration_id: number

  @column()
  declare member_id: number

  @column()
  declare insured_full_name: string

  @column()
  declare insured_role: string

  @column()
  declare member_id_str: string

  @column.date()
  declare date_of_birth: DateTime | null

  @column(decimalColumn)
  declare final_premium: number | null

  @column()
  declare premium_currency: string | null

  /** Units of premium_currency per 1 USD when the migration was priced (null before this was kept). */
  @column(decimalColumn)
  declare premium_rate: number | null

  @column(decimalColumn)
  declare annual_premium: number

  @column(decimalColumn)
  declare calculated_premium: number

  @column()
  declare dhig_person_id: string | null

  @column()
  declare dhig_member_id: string | null
}
