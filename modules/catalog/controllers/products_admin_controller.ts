import type { HttpContext } from '@adonisjs/core/http'
import { productAdminService } from '../services/product_admin_service.js'
import { idParamValidator, productSettingsValidator } from '../validators.js'

/** Products screen: list, refresh from members, save one product's settings. */
export default class ProductsAdminController {
  async index() {
    // The spec's response is the bare array (admin-backoffice.md §7).
    return productAdminService.list()
  }

  async refresh() {
    const { message, products } = await productAdminService.refreshFromMembers()
    return { success: true, message, products }
  }

  async update({ request }: HttpContext) {
    const { id } = await idParamValidator.validate(request.params())
    const input = await request.validateUsing(productSettingsValidator)
    return { success: true, product: await productAdminService.update(id, input) }
  }
}
