import { BaseSchema } from '@adonisjs/lucid/schema'

/** SQLite: the expression indexes of the members' prefix search (the `fold` function, config/database.ts). */
const FOLDED = ['member_id', 'insured_full_name', 'email']
const foldedIndex = (column: string) => `members_fold_${column}_index`

/**
 * The app bar's search (docs/backoffice.md, "Search"), read from indexes at 100,000 members:
 * - members by the start of their member ID, name or email: MariaDB's own indexes on the three
 *   columns serve `LIKE 'text%'` under utf8mb4_unicode_ci; SQLite gets an index of each column
 *   folded (lower case, no accents) by the `fold` function every connection registers, so a range
 *   of `fold(column)` is read from it. Writing these columns therefore needs `fold` on SQLite.
 * - refunds and disputes by the provider payment they give back (a PaymentIntent or a charge id):
 *   their own provider ids were unique (indexed) already, the payment's were not.
 */
export default class extends BaseSchema {
  async up() {
    if (this.db.dialect.name.includes('sqlite'))
      for (const column of FOLDED)
        this.schema.raw(`CREATE INDEX ${foldedIndex(column)} ON members (fold(${column}))`)
    this.schema.alterTable('payment_refunds', (table) => {
      table.index(['provider_payment_id'], 'payment_refunds_provider_payment_id_index')
    })
    this.schema.alterTable('payment_disputes', (table) => {
      table.index(['provider_payment_id'], 'payment_disputes_provider_payment_id_index')
    })
  }

  async down() {
    this.schema.alterTable('payment_disputes', (table) => {
      table.dropIndex([], 'payment_disputes_provider_payment_id_index')
    })
    this.schema.alterTable('payment_refunds', (table) => {
      table.dropIndex([], 'payment_refunds_provider_payment_id_index')
    })
    if (this.db.dialect.name.includes('sqlite'))
      for (const column of FOLDED) this.schema.raw(`DROP INDEX ${foldedIndex(column)}`)
  }
}
