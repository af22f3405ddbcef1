import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('members', (table) => {
      table.increments('id')
      table.string('member_id', 64).notNullable().unique()
      table.string('person_id', 64).nullable().index()
      // Family link: a dependant points at its principal's row.
      table
        .integer('principal_id')
        .unsigned()
        .nullable()
        .references('id')
        .inTable('members')
        .onDelete('SET NULL')
      table.string('principal_person_id', 64).nullable().index()
      table.string('principal_name', 191).nullable()
      table.string('insured_full_name', 191).notNullable().index()
      table.date('date_of_birth').notNullable()
      table.string('insured_role', 16).notNullable().defaultTo('Principal').index()
      table.string('email', 254).nullable().index()
      table.string('original_email', 254).nullable()
      table.string('personal_email', 254).nullable()
      table.string('gender', 16).nullable()
      table.string('citizenship', 100).nullable()
      table.string('residence_country', 100).nullable()
      table.string('status', 16).notNullable().defaultTo('Active').index()
      table.string('product_name', 191).nullable().index()
      table.string('plan_name', 191).nullable()
      table.decimal('sum_insured', 14, 2).nullable()
      table.decimal('final_premium', 12, 2).nullable()
      table.string('premium_currency', 3).nullable()
      table.date('policy_start_date').nullable()
      table.date('policy_end_date').nullable()
      table.string('dhig_person_guid', 64).nullable()
      table.string('dhig_person_id', 64).nullable()
      table.string('dhig_member_id', 64).nullable()
      table.timestamp('created_at').notNullable()
      table.timestamp('updated_at').notNullable()
      table.index(['insured_role', 'product_name'])
    })
  }

  async down() {
    this.schema.dropTable('members')
  }
}
