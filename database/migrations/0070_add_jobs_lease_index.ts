import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The job claim's second read (a running job whose lease expired, modules/jobs/job_queue.ts)
 * walks (status, locked_until) instead of the whole table: a locking read that scans the table
 * would hold every row it passed while it runs, and the other workers would skip them all.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('jobs', (table) => {
      table.index(['status', 'locked_until'], 'jobs_status_locked_until_index')
    })
  }

  async down() {
    this.schema.alterTable('jobs', (table) => {
      table.dropIndex([], 'jobs_status_locked_until_index')
    })
  }
}
