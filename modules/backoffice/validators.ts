import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { EXPORT_FORMATS } from '#modules/shared/index'
import { MIGRATION_STATUSES } from '#modules/migrations/index'
import { NOTE_ENTITIES, NOTE_MAX_LENGTH } from './services/admin_notes.js'

const SUBSCRIPTION_STATUSES = [
  'active',
  'canceled',
  'past_due',
  'unpaid',
  'incomplete',
  'incomplete_expired',
  'trialing',
] as const
const search = vine.string().trim().maxLength(191).optional()
/** A day, YYYY-MM-DD (a list's date range: its first and last day, whole UTC days). */
const day = () =>
  vine
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
/** Query string without empty parameters: `?status=` or `?status=all` means "all statuses". */
export function filledQuery(query: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== '' && value !== 'all')
  )
}

/** The migrations list's sortable columns (migration_admin_service.ts: each has its index). */
export const MIGRATION_SORTS = [
  'created_at',
  'migration_reference',
  'insured_full_name',
  'total_amount',
  'duration_days',
  'status',
] as const

/** The migrations list's Term filter (docs/backoffice.md): coming renewals, or terms that ended without one. */
export const MIGRATION_TERMS = ['renewal_due', 'lapsed'] as const

/** The migrations list's filters and sort: the list and its export read them the same way. */
const migrationListFields = {
  search,
  status: vine.enum(MIGRATION_STATUSES).optional(),
  /** renewal_due: invited to renew (within RENEWAL_INVITATION_DAYS of the end date), not renewed; lapsed: the term ended without a renewal (expired). */
  term: vine.enum(MIGRATION_TERMS).optional(),
  /** Created on or after this day / on or before this day (UTC). */
  from: day(),
  to: day(),
  /** The column the server sorts by before it takes the page (default created_at, newest first). */
  sort: vine.enum(MIGRATION_SORTS).optional(),
  direction: vine.enum(['asc', 'desc'] as const).optional(),
}
const format = vine.enum(EXPORT_FORMATS).optional()

export const migrationListValidator = vine.compile(
  vine.object({
    ...migrationListFields,
    limit: vine.number().withoutDecimals().min(1).max(500).optional(),
  })
)

/** GET /api/admin/migrations-export: every migration of the list's filters, in its order. */
export const migrationExportValidator = vine.compile(
  vine.object({ ...migrationListFields, format })
)

export const subscriptionListValidator = vine.compile(
  vine.object({
    search,
    status: vine.enum(SUBSCRIPTION_STATUSES).optional(),
  })
)

/** The Subscriptions screen's tabs (All, Early Cancellations, Problematic), each its own list. */
export const SUBSCRIPTION_TABS = ['all', 'early', 'problematic'] as const
/** Columns the Subscriptions tables sort by in the browser; the export takes the tab's sort. */
export const SUBSCRIPTION_SORTS = [
  'id',
  'created_at',
  'migration_reference',
  'insured_full_name',
  'status',
  'payment_frequency',
  'subscription_amount',
  'total_amount_usd',
  'cancelled_at',
  'current_period_end',
] as const

/** GET /api/admin/subscriptions-export: a tab's rows (All with its search and status), in the tab's order. */
export const subscriptionExportValidator = vine.compile(
  vine.object({
    tab: vine.enum(SUBSCRIPTION_TABS).optional(),
    search,
    status: vine.enum(SUBSCRIPTION_STATUSES).optional(),
    sort: vine.enum(SUBSCRIPTION_SORTS).optional(),
    direction: vine.enum(['asc', 'desc'] as const).optional(),
    format,
  })
)

export const unmigratedListValidator = vine.compile(
  vine.object({
    search,
    limit: vine.number().withoutDecimals().min(1).max(10_000).optional(),
  })
)

/** A numeric id in the URL. */
export const idParamValidator = vine.compile(
  vine.object({ id: vine.number().withoutDecimals().min(1).max(2_147_483_647) })
)

export const generateTokenValidator = vine.compile(
  vine.object({ memberId: vine.number().withoutDecimals().min(1).max(2_147_483_647) })
)

/**
 * Generate Links acts on what the screen lists or selects (docs/backoffice.md): the selected
 * members when `memberIds` is given, else the members the list shows for `search`.
 */
export const generateBulkTokensValidator = vine.compile(
  vine.object({
    search,
    memberIds: vine
      .array(vine.number().withoutDecimals().min(1).max(2_147_483_647))
      .maxLength(10_000)
      .optional(),
  })
)

export const sendInvitationsValidator = vine.compile(
  vine.object({
    memberIds: vine
      .array(vine.number().withoutDecimals().min(1).max(2_147_483_647))
      .minLength(1)
      .maxLength(10_000),
  })
)

/** The Unmigrated Users screen's own text for an empty selection (admin-backoffice.md §5). */
sendInvitationsValidator.messagesProvider = new SimpleMessagesProvider({
  'memberIds.required': 'Please select at least one user',
  'memberIds.array.minLength': 'Please select at least one user',
  'memberIds.minLength': 'Please select at least one user',
})

/** The dashboard charts' window: the last `days` days, today included (docs/operations.md §6). */
export const dashboardChartsValidator = vine.compile(
  vine.object({
    days: vine.number().withoutDecimals().min(7).max(90).optional(),
  })
)

/** An erasure's typed confirmation ("ERASE <member ID>", checked by the service). */
export const erasureValidator = vine.compile(
  vine.object({ confirmation: vine.string().trim().maxLength(100) })
)

/** Whose notes: a member's or a migration's (admin_notes.ts). */
export const noteListValidator = vine.compile(
  vine.object({
    entityType: vine.enum(NOTE_ENTITIES),
    entityId: vine.number().withoutDecimals().min(1).max(2_147_483_647),
  })
)

export const noteCreateValidator = vine.compile(
  vine.object({
    entityType: vine.enum(NOTE_ENTITIES),
    entityId: vine.number().withoutDecimals().min(1).max(2_147_483_647),
    body: vine.string().trim().minLength(1).maxLength(NOTE_MAX_LENGTH),
  })
)

export const noteUpdateValidator = vine.compile(
  vine.object({ body: vine.string().trim().minLength(1).maxLength(NOTE_MAX_LENGTH) })
)

/** The app bar's search text (global_search.ts): 2 to 100 characters once trimmed. */
export const searchValidator = vine.compile(
  vine.object({ q: vine.string().trim().minLength(2).maxLength(100) })
)
searchValidator.messagesProvider = new SimpleMessagesProvider({
  'q.required': 'Please type what to search for',
  'q.minLength': 'Type at least 2 characters to search',
  'q.maxLength': 'Search text must be at most 100 characters',
})
