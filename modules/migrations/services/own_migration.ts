import type { Member } from '#modules/members/index'
import { ApiError } from '#modules/shared/index'
import Migration from '../models/migration.js'

/** The signed-in member's own migration, as the success page shows it. */
export async function ownMigration(principal: Member, migrationId: number) {
  const migration = await Migration.query()
    .where('id', migrationId)
    .where('member_id', principal.id)
    .first()
  if (!migration) throw new ApiError('Migration not found', 404)
  return {
    migrationId: migration.id,
    migrationReference: migration.migration_reference,
    status: migration.status,
    paymentStatus: migration.payment_status,
    currency: migration.currency,
    totalAmount: migration.total_amount,
    paymentFrequency: migration.payment_frequency,
  }
}
