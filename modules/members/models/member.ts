import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column, hasMany } from '@adonisjs/lucid/orm'
import type { BelongsTo, HasMany } from '@adonisjs/lucid/types/relations'
import { decimalColumn } from '#modules/shared/index'

export const MEMBER_ROLES = ['Principal', 'Spouse', 'Child', 'Dependent'] as const
export type MemberRole = (typeof MEMBER_ROLES)[number]
export const MEMBER_STATUSES = ['Active', 'Inactive', 'Pending'] as const
export const GENDERS = ['Male', 'Female', 'Other'] as const

/** An insured person from the census. Dependants point at their principal. */
export default class Member extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare member_id: string

  @column()
  declare person_id: string | null

  @column()
  declare principal_id: number | null

  @column()
  declare principal_person_id: string | null

  @column()
  declare principal_name: string | null

  @column()
  declare insured_full_name: string

  @column.date()
  declare date_of_birth: DateTime

  @column()
  declare insured_role: MemberRole

  @column()
  declare email: string | null

  @column()
  declare original_email: string | null

  @column()
  declare personal_email: string | null

  @column()
  declare gender: string | null

  @column()
  declare citizenship: string | null

  @column()
  declare residence_country: string | null

  @column()
  declare status: string

  /** Moves on at logout: ends every session of this member opened before. */
  @column({ serializeAs: null })
  declare session_version: number

  @column()
  declare product_name: string | null

  @column()
  declare plan_name: string | null

  @column(decimalColumn)
  declare sum_insured: number | null

  @column(decimalColumn)
  declare final_premium: number | null

  @column()
  declare premium_currency: string | null

  @column.date()
  declare policy_start_date: DateTime | null

  @column.date()
  declare policy_end_date: DateTime | null

  /** The shop's language of this member (shared_data/languages.ts); null until known (English). */
  @column()
  declare language: string | null

  @column()
  declare dhig_person_guid: string | null

  @column()
  declare dhig_person_id: string | null

  @column()
  declare dhig_member_id: string | null

  /** When an administrator erased the member's personal data (docs/privacy.md); null before. */
  @column.dateTime()
  declare erased_at: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare created_at: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updated_at: DateTime

  @belongsTo(() => Member, { foreignKey: 'principal_id' })
  declare principal: BelongsTo<typeof Member>

  @hasMany(() => Member, { foreignKey: 'principal_id' })
  declare dependants: HasMany<typeof Member>

  get isPrincipal() {
    return this.insured_role === 'Principal'
  }
}
