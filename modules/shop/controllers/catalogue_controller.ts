import { paymentsConfig } from '#modules/payments/index'
import { enabledCurrencies } from '../services/shop_catalogue.js'

/** Public reference data the shop screens need before pricing. */
export default class CatalogueController {
  async enabledCurrencies() {
    return { success: true, currencies: await enabledCurrencies() }
  }

  async paymentsConfig() {
    return { success: true, ...paymentsConfig() }
  }
}
