import { paymentsConfig } from '#modules/payments/index'
import { enabledCurrencies } from '../services/shop_catalogue.js'
import type { CurrenciesEnabledAnswer, PaymentsConfigAnswer } from '../api_docs.js'

/** Public reference data the shop screens need before pricing. */
export default class CatalogueController {
  async enabledCurrencies(): Promise<CurrenciesEnabledAnswer> {
    return { success: true, currencies: await enabledCurrencies() }
  }

  async paymentsConfig(): Promise<PaymentsConfigAnswer> {
    return { success: true, ...paymentsConfig() }
  }
}
