import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { jsonColumn } from '#modules/shared/index'

export type JobStatus = 'queued' | 'running' | 'done' | 'failed'

/** A unit of durable background work; see job_queue.ts for its life cycle. */
export default class Job extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare type: string

  @column(jsonColumn)
  declare payload: Record<string, unknown>

  @column()
  declare status: JobStatus

  @column()
  declare attempts: number

  @column()
  declare max_attempts: number

  @column.dateTime()
  declare run_at: DateTime

  @column()
  declare locked_by: string | null

  @column.dateTime()
  declare locked_until: DateTime | null

  @column()
  declare last_error: string | null

  /** The migration the job is about (from payload.migrationId), for the per-migration outbox. */
  @column()
  declare migration_id: number | null

  /** Unique when set: at most one job for one thing (e.g. the retries of one insurer call). */
  @column()
  declare dedupe_key: string | null

  @column.dateTime({ autoCreate: true })
  declare created_at: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updated_at: DateTime
}
