/** A Finance list (refunds or disputes) of one migration: all of it, oldest first. */
export const moneyListParams = (migrationId: number) => ({
  pagination: { page: 1, perPage: 100 },
  sort: { field: 'id', order: 'ASC' as const },
  filter: { migration_id: String(migrationId) },
})
