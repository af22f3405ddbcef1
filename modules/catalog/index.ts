/** Products, currencies and exchange rates: the only door other modules use. */
export { default as Product, FREQUENCIES, type Frequency } from './models/product.js'
export { default as Currency, BASE_CURRENCY } from './models/currency.js'
export { default as ExchangeRate } from './models/exchange_rate.js'
