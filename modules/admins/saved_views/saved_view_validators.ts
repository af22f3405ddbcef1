import vine from '@vinejs/vine'

/** A list's resource name as the back-office names it (`members`, `audit-log`, `finance/refunds`). */
const resource = () =>
  vine
    .string()
    .trim()
    .maxLength(64)
    .regex(/^[a-z][a-z0-9-]*(\/[a-z][a-z0-9-]*)?$/)

/** A filter's name: a list parameter such as `status`, `entityType`, `migration_id`. */
export const FILTER_KEY = /^[A-Za-z][A-Za-z0-9_]{0,39}$/
export const MAX_FILTERS = 20
export const MAX_FILTER_TEXT = 200

/** GET /api/admin/saved-views: one list's views, or all of them. */
export const savedViewListValidator = vine.compile(vine.object({ resource: resource().optional() }))

/**
 * POST /api/admin/saved-views: a view of one list. `listParams.filter` holds the list's filter values (texts,
 * numbers, true/false, or lists of texts; saved_views.ts checks each and the size of the whole).
 */
export const savedViewStoreValidator = vine.compile(
  vine.object({
    resource: resource(),
    name: vine.string().trim().minLength(1).maxLength(80),
    // Not `params`: Adonis validates the route's parameters under that name.
    listParams: vine.object({
      filter: vine.record(vine.any()),
      sort: vine
        .string()
        .trim()
        .maxLength(64)
        .regex(/^[A-Za-z][A-Za-z0-9_.]*$/),
      order: vine.enum(['ASC', 'DESC'] as const),
      perPage: vine.number().withoutDecimals().min(1).max(500),
    }),
  })
)

export const savedViewIdValidator = vine.compile(
  vine.object({ id: vine.number().withoutDecimals().min(1).max(2_147_483_647) })
)
