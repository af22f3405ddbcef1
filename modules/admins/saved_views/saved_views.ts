import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { ApiError } from '#modules/shared/index'
import { FILTER_KEY, MAX_FILTERS, MAX_FILTER_TEXT } from './saved_view_validators.js'

/** How many views one administrator keeps for one list: a handful is the use, a thousand a fault. */
const MAX_VIEWS_PER_LIST = 50
/** The stored parameters of one view, as JSON (a filter of 20 values of 200 characters fits). */
const MAX_PARAMS_JSON = 8000

export interface SavedViewParams {
  filter: Record<string, unknown>
  sort: string
  order: 'ASC' | 'DESC'
  perPage: number
}

interface SavedViewRow {
  id: number
  admin_user_id: number
  resource: string
  name: string
  params: string
  created_at: string | Date
  updated_at: string | Date
}

const iso = (value: string | Date) => DateTime.fromJSDate(new Date(value)).toUTC().toISO()!

function present(row: SavedViewRow) {
  return {
    id: Number(row.id),
    resource: row.resource,
    name: row.name,
    listParams: JSON.parse(row.params) as SavedViewParams,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  }
}

const refused = (message: string) => new ApiError(message, 422, { field: 'listParams.filter' })

const isText = (value: unknown) => typeof value === 'string' && value.length <= MAX_FILTER_TEXT
const isScalar = (value: unknown) =>
  isText(value) ||
  typeof value === 'boolean' ||
  (typeof value === 'number' && Number.isFinite(value))

/** A filter is what the lists' filters hold: texts, numbers, true/false, or short lists of them. */
function checkedFilter(filter: Record<string, unknown>) {
  const entries = Object.entries(filter)
  if (entries.length > MAX_FILTERS) throw refused(`A view keeps at most ${MAX_FILTERS} filters`)
  for (const [key, value] of entries) {
    if (!FILTER_KEY.test(key)) throw refused(`"${key.slice(0, 40)}" is not a filter name`)
    const fits =
      isScalar(value) ||
      (Array.isArray(value) && value.length <= MAX_FILTERS && value.every(isScalar))
    if (!fits)
      throw refused(
        `The filter ${key} must be a text of at most ${MAX_FILTER_TEXT} characters, a number, true/false or a list of them`
      )
  }
  return filter
}

/**
 * Saved views of the back-office lists, each administrator's own (docs/backoffice.md, "Saved
 * views"): kept on the server, so a view saved on one device is there on every other.
 */
export const savedViews = {
  async list(adminId: number, resource?: string) {
    const query = db.from('admin_saved_views').where('admin_user_id', adminId)
    if (resource) query.where('resource', resource)
    const rows: SavedViewRow[] = await query.orderBy('resource').orderBy('name').orderBy('id')
    return rows.map(present)
  },

  /** Saves a view; a view of the same list with the same name is replaced. `created` says which. */
  async save(
    adminId: number,
    input: { resource: string; name: string; listParams: SavedViewParams }
  ) {
    const params = JSON.stringify({
      filter: checkedFilter(input.listParams.filter),
      sort: input.listParams.sort,
      order: input.listParams.order,
      perPage: input.listParams.perPage,
    })
    if (params.length > MAX_PARAMS_JSON)
      throw refused(`A view's filters take at most ${MAX_PARAMS_JSON} characters`)
    const mine = () =>
      db.from('admin_saved_views').where('admin_user_id', adminId).where('resource', input.resource)
    const existing = await mine().where('name', input.name).first()
    if (!existing) {
      const count = Number((await mine().count('* as total').first())?.total ?? 0)
      if (count >= MAX_VIEWS_PER_LIST)
        throw new ApiError(
          `At most ${MAX_VIEWS_PER_LIST} saved views per list: delete one first`,
          422,
          { field: 'name' }
        )
    }
    const now = DateTime.utc().toJSDate()
    // One statement whichever of two simultaneous saves comes first (the unique key decides).
    await db
      .knexQuery()
      .table('admin_saved_views')
      .insert({
        admin_user_id: adminId,
        resource: input.resource,
        name: input.name,
        params,
        created_at: now,
        updated_at: now,
      })
      .onConflict(['admin_user_id', 'resource', 'name'])
      .merge(['params', 'updated_at'])
    const row: SavedViewRow = await mine().where('name', input.name).firstOrFail()
    return { view: present(row), created: !existing }
  },

  /** Deletes one of the administrator's own views; another administrator's is not found (404). */
  async remove(adminId: number, id: number) {
    const deleted = await db
      .from('admin_saved_views')
      .where('id', id)
      .where('admin_user_id', adminId)
      .delete()
    if (!Number(deleted)) throw new ApiError('Saved view not found', 404)
  },
}
