import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'

const isSqlite = (client: QueryClientContract) => client.dialect.name.includes('sqlite')

/**
 * A transaction that takes a decision after a row lock. On MySQL/MariaDB it runs READ
 * COMMITTED, so each plain read sees the latest committed rows rather than a snapshot taken
 * before the lock was granted. SQLite needs nothing: its single connection runs one
 * transaction at a time (serializable).
 */
export function lockingTransaction<T>(callback: (trx: TransactionClientContract) => Promise<T>): Promise<T> {
  const client = db.connection()
  // Inside a transaction already (the tests' global one), this one is a savepoint of it: no level of its own.
  if (isSqlite(client) || client.isTransaction) return db.transaction(callback)
  return db.transaction(callback, { isolationLevel: 'read committed' })
}

/** FOR UPDATE where the database has row locks (inside a transaction; SQLite serialises its writers). */
export function forUpdate<Query extends { forUpdate(): unknown }>(query: Query, client: QueryClientContract): Query {
  if (client.isTransaction && !isSqlite(client)) query.forUpdate()
  return query
}
