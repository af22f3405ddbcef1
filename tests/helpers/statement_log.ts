import db from '@adonisjs/lucid/services/db'

/**
 * The SQL statements every database connection of this process sends while `work` runs
 * (knex's `query` event, transactions included): what a call costs in round trips.
 */
export async function statementsDuring(work: () => Promise<unknown>): Promise<string[]> {
  const statements: string[] = []
  const listener = (query: { sql?: string }) => query.sql && statements.push(query.sql)
  const clients = [...db.manager.connections.values()]
    .map((node) => node.connection?.client as any)
    .filter((client) => client?.on)
  for (const client of clients) client.on('query', listener)
  try {
    await work()
  } finally {
    for (const client of clients) client.off('query', listener)
  }
  return statements
}
