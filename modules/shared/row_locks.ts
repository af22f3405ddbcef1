import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'

const isSqlite = (client: QueryClientContract) => client.dialect.name.includes('sqlite')

/**
 * A transaction that takes a decision after a row lock. On MySQL/MariaDB it runs READ
 * COMMITTED, so each plain read sees the latest committed rows rather than a snapshot taken
 * before the lock was granted. SQLite needs nothing: its single connection runs one
 * transaction at a time (serializable).
 */
export function lockingTransaction<T>(
  callback: (trx: TransactionClientContract) => Promise<T>
): Promise<T> {
  const client = db.connection()
  // Inside a transaction already (the tests' global one), this one is a savepoint of it: no level of its own.
  if (isSqlite(client) || client.isTransaction) return db.transaction(callback)
  return db.transaction(callback, { isolationLevel: 'read committed' })
}

/** FOR UPDATE where the database has row locks (inside a transaction; SQLite serialises its writers). */
export function forUpdate<Query extends { forUpdate(): unknown }>(
  query: Query,
  client: QueryClientContract
): Query {
  if (client.isTransaction && !isSqlite(client)) query.forUpdate()
  return query
}

/**
 * Runs a write again when MySQL/MariaDB chose it as a deadlock victim (InnoDB rolls the victim's
 * transaction back and expects it to be re-issued). Two workers writing rows of neighbouring
 * migrations can meet on the same index gap (Lucid's updateOrCreate reads FOR UPDATE first).
 */
export async function retryOnDeadlock<T>(write: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write()
    } catch (error) {
      if (attempt >= attempts || (error as { code?: string })?.code !== 'ER_LOCK_DEADLOCK')
        throw error
      await new Promise((resolve) =>
        setTimeout(resolve, 25 * attempt + Math.floor(Math.random() * 50))
      )
    }
  }
}
