import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Resend of an email and replay of an insurer call (docs/operations.md):
 * - email_deliveries: why the recipient was chosen, the attachments sent, and
 *   `resend_of`, the delivery an administrator's Resend repeats. It is unique:
 *   the "resend slot" of a delivery, so simultaneous Resends make one new row.
 * - jobs: the migration a job is about (the per-migration outbox) and a
 *   unique `dedupe_key` (one retry job per insurer call).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('email_deliveries', (table) => {
      table.string('recipient_source', 32).nullable()
      table.text('attachments').nullable()
      table.integer('resend_of').unsigned().nullable().unique()
    })
    this.schema.alterTable('jobs', (table) => {
      table.integer('migration_id').unsigned().nullable().index()
      table.string('dedupe_key', 191).nullable().unique()
    })
    this.defer(async (db) => {
      // Jobs queued before this version name their migration in the payload only.
      const rows = await db.from('jobs').select('id', 'payload')
      for (const row of rows) {
        let payload: any = row.payload
        try {
          payload = typeof payload === 'string' ? JSON.parse(payload) : payload
        } catch {
          continue
        }
        const migrationId = Number(payload?.migrationId)
        if (Number.isInteger(migrationId) && migrationId > 0)
          await db.from('jobs').where('id', row.id).update({ migration_id: migrationId })
      }
    })
  }

  async down() {
    this.schema.alterTable('jobs', (table) => {
      table.dropUnique(['dedupe_key'])
      table.dropIndex(['migration_id'])
      table.dropColumn('dedupe_key')
      table.dropColumn('migration_id')
    })
    this.schema.alterTable('email_deliveries', (table) => {
      table.dropUnique(['resend_of'])
      table.dropColumn('resend_of')
      table.dropColumn('attachments')
      table.dropColumn('recipient_source')
    })
  }
}
