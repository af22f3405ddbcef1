import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { booleanColumn } from '#modules/shared/index'
import {
  decryptSettingValue,
  encryptSettingValue,
  isSecretSetting,
} from '../services/setting_encryption.js'

const SETTING_TYPES = [
  'boolean',
  'text',
  'color',
  'password',
  'number',
  'email',
  'url',
  'other',
] as const
export type SettingType = (typeof SETTING_TYPES)[number]
const SETTING_CATEGORIES = ['formatting', 'email', 'payment', 'application', 'branding'] as const
export type SettingCategory = (typeof SETTING_CATEGORIES)[number]

export default class Setting extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare setting_key: string

  /** Encrypted at rest for sensitive settings (setting_encryption.ts); always clear in code. */
  @column({
    prepare: (value: string | null, _attribute: string, model) =>
      isSecretSetting(model as Setting) ? encryptSettingValue(value) : value,
    consume: (value: string | null) => decryptSettingValue(value),
  })
  declare setting_value: string | null

  @column()
  declare setting_type: SettingType

  @column()
  declare display_name: string

  @column()
  declare description: string | null

  @column(booleanColumn)
  declare is_editable: boolean

  @column(booleanColumn)
  declare is_sensitive: boolean

  @column()
  declare category: SettingCategory

  @column.dateTime({ autoCreate: true })
  declare created_at: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updated_at: DateTime
}
