import type { HttpContext } from '@adonisjs/core/http'
import type { AdminRole } from '#modules/admins/index'
import { globalSearch } from '../services/global_search.js'
import { searchValidator } from '../validators.js'
import type { BackofficeSearchAnswer } from '../api_docs.js'

/** The app bar's search across members, migrations, Finance's provider ids and notes. */
export default class SearchController {
  async index(ctx: HttpContext): Promise<BackofficeSearchAnswer> {
    const { q } = await searchValidator.validate(ctx.request.qs())
    const admin = ctx.auth.use('admin').user as unknown as { id: number; role: AdminRole | null }
    return { success: true, query: q, ...(await globalSearch(q, admin)) }
  }
}
