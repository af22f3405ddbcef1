import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { forUpdate } from '#modules/shared/index'
import Migration from '../models/migration.js'

/** Loads a migration inside a transaction, locking its row where the database can (SQLite serialises its writers anyway). */
export async function lockMigration(migrationId: number, trx: TransactionClientContract) {
  return forUpdate(Migration.query({ client: trx }).where('id', migrationId), trx).first()
}
