import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The Subscriptions screen's tabs read the newest rows first (under 50 administrators): the All tab by
 * (created_at, id), Problematic by status then updated_at, Early Cancellations by status then
 * cancelled_at. With these the 500 rows of a tab are read in index order, not sorted.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('subscriptions', (table) => {
      table.index(['created_at', 'id'], 'subscriptions_created_at_id_index')
      table.index(['status', 'updated_at'], 'subscriptions_status_updated_at_index')
      table.index(['status', 'cancelled_at'], 'subscriptions_status_cancelled_at_index')
    })
  }

  async down() {
    this.schema.alterTable('subscriptions', (table) => {
      table.dropIndex([], 'subscriptions_created_at_id_index')
      table.dropIndex([], 'subscriptions_status_updated_at_index')
      table.dropIndex([], 'subscriptions_status_cancelled_at_index')
    })
  }
}
