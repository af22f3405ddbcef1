/** Products, currencies and exchange rates: the only door other modules use. */
export { default as Product, FREQUENCIES, type Frequency } from './models/product.js'
export { default as Currency, BASE_CURRENCY } from './models/currency.js'
export { default as ExchangeRate } from './models/exchange_rate.js'
export {
  exchangeRatesService,
  effectiveRate,
  type CurrencyRate,
} from './services/exchange_rates_service.js'

import { exchangeRatesService } from './services/exchange_rates_service.js'
/** Rate (units per 1 USD), surcharge and effective rate of a currency; null when unknown. */
export const getCurrencyRate = (code: string) => exchangeRatesService.currencyRate(code)
export { ratesSchedulerTask, RatesScheduler } from './services/rates_scheduler.js'
export {
  catalogSnapshot,
  type CatalogSnapshot,
  type CatalogCurrency,
} from './services/catalog_snapshot.js'
export { addProductNames } from './services/product_rows.js'
