import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { insertStatements, runStatements, type Statement } from '#modules/shared/index'

/** The multi-row INSERT statements of new census members (imports plans them ahead of writing). */
export function censusInsertStatements(
  client: QueryClientContract,
  columns: string[],
  rows: unknown[][]
): Statement[] {
  return insertStatements(client, 'members', columns, rows)
}

/**
 * Writes one census batch, all of it or nothing: the planned INSERT
 * statements, then each changed member's census values. A batch that is a
 * single INSERT statement needs no transaction (or savepoint, inside the
 * import's transaction) around it: one statement is atomic by itself, also
 * when it fails. Answers the driver's results of the INSERT statements.
 */
export async function writeCensusMembers(
  client: QueryClientContract,
  inserts: Statement[],
  updates: { id: number; changes: Record<string, unknown> }[]
): Promise<unknown[]> {
  if (updates.length === 0 && inserts.length <= 1) return runStatements(client, inserts)
  return client.transaction(async (trx) => {
    const results = await runStatements(trx, inserts)
    for (const { id, changes } of updates) await trx.from('members').where('id', id).update(changes)
    return results
  })
}
