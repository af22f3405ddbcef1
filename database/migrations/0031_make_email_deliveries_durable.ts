import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Email deliveries as durable records (docs/fulfilment.md "Emails"): a key
 * that makes an email sent once per migration and member one row, a lease
 * while it is being sent, the moment the SMTP hand-off began, attempts.
 * Rows left `sending` by a crash before this change cannot be told apart:
 * they become `unknown` (needs attention) and so does their migration's email
 * status. The shipped confirmation template stops claiming documents are
 * attached whatever happened: it uses {{documents_notice}}.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('email_deliveries', (table) => {
      table.string('dedupe_key', 191).nullable().unique()
      table.integer('attempts').notNullable().defaultTo(1)
      table.timestamp('lease_until').nullable()
      table.timestamp('handed_off_at').nullable()
      table.timestamp('updated_at').nullable()
    })
    this.defer(async (db) => {
      await db.from('email_deliveries').where('status', 'sending').update({
        status: 'unknown',
        error_message: 'Interrupted before this version recorded hand-offs',
      })
      const stuck = db
        .from('email_deliveries')
        .where('status', 'unknown')
        .whereNotNull('migration_id')
        .select('migration_id')
      await db
        .from('migrations')
        .whereIn('id', stuck)
        .where('email_status', 'sent')
        .update({ email_status: 'unknown' })
      await db
        .from('migrations')
        .where('email_status', 'unknown')
        .where('status', 'completed')
        .update({ status: 'completed_with_warnings' })
      await db
        .from('email_templates')
        .where('template_type', 'migration_confirmation')
        .update({
          html_content: db.knexRawQuery('REPLACE(html_content, ?, ?)', [
            'Your policy documents are attached to this email.',
            '{{documents_notice}}',
          ]),
        })
    })
  }

  async down() {
    this.schema.alterTable('email_deliveries', (table) => {
      table.dropUnique(['dedupe_key'])
      table.dropColumn('dedupe_key')
      table.dropColumn('attempts')
      table.dropColumn('lease_until')
      table.dropColumn('handed_off_at')
      table.dropColumn('updated_at')
    })
  }
}
