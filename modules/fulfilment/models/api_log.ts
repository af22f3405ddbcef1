import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { booleanColumn } from '#modules/shared/index'

export type ApiCallType = 'enrolment' | 'cancellation'

/** One enrolment call with its request and answer, kept for the API Audit Logs screen. */
export default class ApiLog extends BaseModel {
  static table = 'api_logs'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare migration_id: number | null

  @column()
  declare api_configuration_id: number | null

  @column()
  declare api_name: string

  @column()
  declare member_id: number | null

  @column()
  declare member_name: string | null

  @column()
  declare member_id_str: string | null

  @column()
  declare endpoint: string

  @column(booleanColumn)
  declare success: boolean

  @column()
  declare response_status: number | null

  @column()
  declare error_message: string | null

  @column()
  declare request_payload: string | null

  @column()
  declare response_payload: string | null

  /** 1 for a member's first call with this configuration, 2 for the next … (null on rows older than the column). */
  @column()
  declare attempt: number | null

  /** The Idempotency-Key header the call carried (the same for every attempt of one member's enrolment). */
  @column()
  declare idempotency_key: string | null

  /** enrolment, or cancellation (the insurer told of a cancelled or lapsed coverage). */
  @column()
  declare call_type: ApiCallType

  /** Not sent (no cancellation endpoint configured): error_message says why. */
  @column(booleanColumn)
  declare skipped: boolean

  @column.dateTime({ autoCreate: true })
  declare created_at: DateTime

  /** The spec's API log shape (admin-backoffice.md §3) plus attempt and idempotency_key; member_id is the census member ID. */
  serializeForAdmin() {
    return {
      id: this.id,
      api_name: this.api_name,
      member_name: this.member_name,
      member_id: this.member_id_str,
      endpoint: this.endpoint,
      success: this.success,
      response_status: this.response_status,
      error_message: this.error_message,
      request_payload: parseOrText(this.request_payload),
      response_payload: parseOrText(this.response_payload),
      created_at: this.created_at.toISO(),
      attempt: this.attempt,
      idempotency_key: this.idempotency_key,
      call_type: this.call_type ?? 'enrolment',
      skipped: !!this.skipped,
    }
  }
}

function parseOrText(value: string | null) {
  if (value === null) return null
  try {
    return JSON.parse(value)
  } catch {
    return value
  }
}
