import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'

export async function countRows(client: QueryClientContract, table: string): Promise<number> {
  const row = await client.from(table).count('* as total').first()
  return Number(row?.total ?? 0)
}

/** The figures of the Import Data screen. */
export async function databaseStats() {
  const client = db.connection()
  const [members, migrations, subscriptions, products] = await Promise.all(
    ['members', 'migrations', 'subscriptions', 'products'].map((table) => countRows(client, table))
  )
  return { members, migrations, subscriptions, products }
}
