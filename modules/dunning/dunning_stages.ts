import db from '@adonisjs/lucid/services/db'

/** Where the dunning of a migration's latest failed installment stands (docs/payments.md). */
export type DunningStage =
  | 'notice_pending'
  | 'failure_email'
  | `reminder_${number}`
  | 'paid'
  | 'lapsed'

export function stageName(notices: number, paid: boolean, ended = false): DunningStage {
  if (paid) return 'paid'
  if (ended) return 'lapsed'
  if (notices <= 0) return 'notice_pending'
  return notices === 1 ? 'failure_email' : `reminder_${notices - 1}`
}

/** The dunning stage of each migration that has a dunning case (its latest one). */
export async function dunningStagesOf(migrationIds: number[]): Promise<Map<number, DunningStage>> {
  const stages = new Map<number, DunningStage>()
  if (migrationIds.length === 0) return stages
  const rows = await db
    .from('dunning_cases as c')
    .join('payments as p', 'p.id', 'c.payment_id')
    .whereIn('c.migration_id', migrationIds)
    .select('c.migration_id', 'c.stage', 'c.ended_at', 'p.paid')
    .orderBy('c.id')
  // Ordered by id: the latest case of a migration is written last.
  for (const row of rows)
    stages.set(
      Number(row.migration_id),
      stageName(Number(row.stage), Boolean(Number(row.paid)), row.ended_at !== null)
    )
  return stages
}
