import db from '@adonisjs/lucid/services/db'

/** Statuses that mean a member has migrated or is migrating right now. */
const MIGRATED_STATUSES = ['completed', 'completed_with_warnings', 'processing']

/**
 * Principals (members mb) with no completed, completed_with_warnings or
 * processing migration, whose product is not disabled (those cannot log in).
 */
export function unmigratedPrincipals() {
  return db
    .from('members as mb')
    .where('mb.insured_role', 'Principal')
    .whereNotExists((sub) => {
      sub
        .from('migrations as mg')
        .whereColumn('mg.member_id', 'mb.id')
        .whereIn('mg.status', MIGRATED_STATUSES)
    })
    .whereNotExists((sub) => {
      sub
        .from('products as pr')
        .whereColumn('pr.product_name', 'mb.product_name')
        .where('pr.disabled', true)
    })
}
