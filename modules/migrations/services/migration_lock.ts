import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Migration from '../models/migration.js'

/** Loads a migration inside a transaction, locking its row where the database can (SQLite serialises its writers anyway). */
export async function lockMigration(migrationId: number, trx: TransactionClientContract) {
  const query = Migration.query({ client: trx }).where('id', migrationId)
  if (!trx.dialect.name.includes('sqlite')) query.forUpdate()
  return query.first()
}
