import db from '@adonisjs/lucid/services/db'
import { insertMigration, insertPayment } from '#tests/helpers/backoffice_data'

/**
 * What the app bar's search finds in the browser tests and its matrix states: a principal
 * "Zoë Quellmann" (SRCH-7001) and a migration MIG-SRCH-7001 of DEMO-1001 with a payment
 * `pi_search_7001`.
 */
export async function searchableRecords() {
  const now = new Date()
  const [memberId] = await db.table('members').insert({
    member_id: 'SRCH-7001',
    insured_full_name: 'Zoë Quellmann',
    date_of_birth: '1981-02-03',
    insured_role: 'Principal',
    status: 'Active',
    email: 'zoe.quellmann@search.test',
    created_at: now,
    updated_at: now,
  })
  const migrationId = await insertMigration('DEMO-1001', {
    migration_reference: 'MIG-SRCH-7001',
    status: 'completed',
    payment_status: 'succeeded',
  })
  await insertPayment(migrationId, { provider_payment_id: 'pi_search_7001', status: 'succeeded' })
  return { memberId: Number(memberId), migrationId }
}
