/** A migration's refunds or disputes (`migrations/<id>/refunds`): all of them, oldest first. */
export const MONEY_LIST_PARAMS = {
  pagination: { page: 1, perPage: 100 },
  sort: { field: 'id', order: 'ASC' as const },
}
