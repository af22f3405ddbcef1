import type { HttpContext } from '@adonisjs/core/http'
import { savedViews } from './saved_views.js'
import {
  savedViewIdValidator,
  savedViewListValidator,
  savedViewStoreValidator,
} from './saved_view_validators.js'
import type {
  SavedViewAnswer,
  SavedViewDeletedAnswer,
  SavedViewsAnswer,
} from './saved_view_docs.js'

const adminId = (ctx: HttpContext) => (ctx.auth.use('admin').user as unknown as { id: number }).id

/** /api/admin/saved-views: the signed-in administrator's own saved list views. */
export default class SavedViewsController {
  async index(ctx: HttpContext): Promise<SavedViewsAnswer> {
    const { resource } = await savedViewListValidator.validate(ctx.request.qs())
    return { success: true, views: await savedViews.list(adminId(ctx), resource) }
  }

  async store(ctx: HttpContext): Promise<SavedViewAnswer> {
    const input = await ctx.request.validateUsing(savedViewStoreValidator)
    const { view, created } = await savedViews.save(adminId(ctx), input)
    ctx.response.status(created ? 201 : 200)
    return { success: true, view }
  }

  async destroy(ctx: HttpContext): Promise<SavedViewDeletedAnswer> {
    const { id } = await savedViewIdValidator.validate(ctx.params)
    await savedViews.remove(adminId(ctx), id)
    return { success: true, message: 'Saved view deleted' }
  }
}
