import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { booleanColumn, jsonColumn } from '#modules/shared/index'

export type ApiAuthType = 'none' | 'bearer' | 'api_key' | null

/** An insurer enrolment endpoint (the DHIG system on screen) called for every migrated member. */
export default class ApiConfiguration extends BaseModel {
  static table = 'api_configurations'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare name: string

  @column()
  declare endpoint_url: string

  /** Where the insurer is told of a cancelled or lapsed coverage, per enrolled member (null: such calls are skipped, with the reason logged). */
  @column()
  declare cancellation_endpoint_url: string | null

  @column()
  declare auth_type: ApiAuthType

  /** bearer: { token }; api_key: { key, header } (header defaults to X-API-Key). */
  @column({ ...jsonColumn, serializeAs: null })
  declare auth_config: { token?: string; key?: string; header?: string } | null

  @column()
  declare timeout_ms: number

  @column(booleanColumn)
  declare enabled: boolean

  @column.dateTime({ autoCreate: true })
  declare created_at: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updated_at: DateTime
}
