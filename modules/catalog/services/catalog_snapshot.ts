import { referenceCache, textKey } from '#modules/shared/index'
import Product from '../models/product.js'
import Currency, { BASE_CURRENCY } from '../models/currency.js'
import ExchangeRate from '../models/exchange_rate.js'

/** A currency as the shop prices with it. */
export interface CatalogCurrency {
  code: string
  enabled: boolean
  surchargePercentage: number
}

/**
 * Products, currencies and the last good rates as one cached copy per process
 * (modules/shared/reference_cache.ts: reloaded once any process changed the catalogue).
 * The products are shared model instances: read them, never change or save them.
 */
export interface CatalogSnapshot {
  /** The product of that name, compared as MariaDB compares names (textKey); null when unknown. */
  product(name: string | null | undefined): Product | null
  currency(code: string): CatalogCurrency | null
  /** Units per 1 USD; USD is always 1. */
  rates: Record<string, number>
}

const catalog = referenceCache('catalog', async (): Promise<CatalogSnapshot> => {
  const [products, currencies, rateRows] = await Promise.all([
    Product.query(),
    Currency.query(),
    ExchangeRate.query().select('currency_code', 'rate'),
  ])
  // Exact names first (SQLite compares them so), then as MariaDB's collation compares them.
  const exact = new Map(products.map((product) => [product.product_name, product]))
  const byKey = new Map(products.map((product) => [textKey(product.product_name), product]))
  const byCode = new Map<string, CatalogCurrency>(
    currencies.map((currency) => [
      currency.code,
      {
        code: currency.code,
        enabled: currency.enabled,
        surchargePercentage: Number(currency.surcharge_percentage ?? 0),
      },
    ])
  )
  const rates: Record<string, number> = { [BASE_CURRENCY]: 1 }
  for (const row of rateRows) rates[row.currency_code] = Number(row.rate)
  rates[BASE_CURRENCY] = 1
  return {
    product: (name) => (name ? (exact.get(name) ?? byKey.get(textKey(name)) ?? null) : null),
    currency: (code) => byCode.get(code.toUpperCase()) ?? null,
    rates,
  }
})

/** The current catalogue (one versions query per call; the rows only when some process changed them). */
export const catalogSnapshot = () => catalog.get()
