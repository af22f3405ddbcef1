import type { HttpContext } from '@adonisjs/core/http'
import { adminActor } from '#modules/audit/index'
import { productAdminService } from '../services/product_admin_service.js'
import { idParamValidator, productSettingsValidator } from '../validators.js'
import type {
  AdminProductsIndexAnswer,
  AdminProductsRefreshAnswer,
  AdminProductsUpdateAnswer,
} from '../api_docs.js'

/** Products screen: list, refresh from members, save one product's settings. */
export default class ProductsAdminController {
  async index(): Promise<AdminProductsIndexAnswer> {
    // The spec's response is the bare array (admin-backoffice.md §7).
    return productAdminService.list()
  }

  async refresh(ctx: HttpContext): Promise<AdminProductsRefreshAnswer> {
    const { message, products } = await productAdminService.refreshFromMembers(adminActor(ctx))
    return { success: true, message, products }
  }

  async update(ctx: HttpContext): Promise<AdminProductsUpdateAnswer> {
    const { id } = await idParamValidator.validate(ctx.request.params())
    const input = await ctx.request.validateUsing(productSettingsValidator)
    return { success: true, product: await productAdminService.update(id, input, adminActor(ctx)) }
  }
}
