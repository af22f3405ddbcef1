import { Type, type Static } from '@sinclair/typebox'
import { documentRoutes, Nullable, SubscriptionFrequency } from '#modules/api_contract/index'
import {
  currencyUpdateValidator,
  idParamValidator,
  productSettingsValidator,
} from './validators.js'

/** Units of each enabled currency per US dollar, by currency code. */
const ExchangeRates = Type.Record(Type.String(), Type.Number(), { $id: 'ExchangeRates' })
type ExchangeRates = Static<typeof ExchangeRates>

const CacheStatus = Type.Object(
  {
    cached: Type.Boolean(),
    // null while no rate is stored (a database without seeded or fetched rates)
    age: Nullable(Type.Number()),
    source: Nullable(Type.String()),
    fetchedAt: Nullable(Type.String()),
  },
  { $id: 'CacheStatus' }
)
type CacheStatus = Static<typeof CacheStatus>

const Currency = Type.Object(
  {
    id: Type.Number(),
    code: Type.String(),
    name: Type.String(),
    symbol: Type.String(),
    enabled: Type.Boolean(),
    surcharge_percentage: Type.Number(),
  },
  { $id: 'Currency' }
)
type Currency = Static<typeof Currency>

const AdminCurrenciesIndexAnswer = Type.Object({
  success: Type.Boolean(),
  currencies: Type.Array(Currency),
  cacheStatus: CacheStatus,
  exchangeRates: ExchangeRates,
})
export type AdminCurrenciesIndexAnswer = Static<typeof AdminCurrenciesIndexAnswer>

const AdminCurrenciesRefreshRatesAnswer = Type.Object({
  success: Type.Boolean(),
  cacheStatus: CacheStatus,
  rates: ExchangeRates,
})
export type AdminCurrenciesRefreshRatesAnswer = Static<typeof AdminCurrenciesRefreshRatesAnswer>

export const AdminCurrenciesSchedulerStatusAnswer = Type.Object({
  success: Type.Boolean(),
  scheduler: Type.Object({
    refreshRatesTask: Type.Object({
      running: Type.Boolean(),
      inThisProcess: Type.Boolean(),
      state: Type.String(),
      intervalSeconds: Type.Number(),
      providerConfigured: Type.Boolean(),
      provider: Nullable(Type.String()),
      lastRunAt: Nullable(Type.String()),
      lastError: Nullable(Type.String()),
    }),
  }),
})
export type AdminCurrenciesSchedulerStatusAnswer = Static<
  typeof AdminCurrenciesSchedulerStatusAnswer
>

export const AdminCurrenciesUpdateAnswer = Type.Object({
  success: Type.Boolean(),
  currency: Currency,
})
export type AdminCurrenciesUpdateAnswer = Static<typeof AdminCurrenciesUpdateAnswer>

export const AdminProductsIndexAnswer = Type.Array(
  Type.Object({
    id: Type.Number(),
    product_name: Nullable(Type.String()),
    product_alias: Nullable(Type.String()),
    plan_id: Nullable(Type.String()),
    disabled: Type.Boolean(),
    subscription_frequencies: SubscriptionFrequency,
    fixed_start_date: Nullable(Type.String()),
    fixed_end_date: Nullable(Type.String()),
    enforce_fixed_start_date: Type.Boolean(),
    enforce_fixed_end_date: Type.Boolean(),
  })
)
export type AdminProductsIndexAnswer = Static<typeof AdminProductsIndexAnswer>

export const AdminProductsRefreshAnswer = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  products: Type.Array(
    Type.Object({
      id: Type.Number(),
      product_name: Nullable(Type.String()),
      product_alias: Nullable(Type.String()),
      plan_id: Nullable(Type.String()),
      disabled: Type.Boolean(),
      subscription_frequencies: SubscriptionFrequency,
      fixed_start_date: Nullable(Type.String()),
      fixed_end_date: Nullable(Type.String()),
      enforce_fixed_start_date: Type.Boolean(),
      enforce_fixed_end_date: Type.Boolean(),
    })
  ),
})
export type AdminProductsRefreshAnswer = Static<typeof AdminProductsRefreshAnswer>

export const AdminProductsUpdateAnswer = Type.Object({
  success: Type.Boolean(),
  product: Type.Object({
    id: Type.Number(),
    product_name: Nullable(Type.String()),
    product_alias: Nullable(Type.String()),
    plan_id: Nullable(Type.String()),
    disabled: Type.Boolean(),
    subscription_frequencies: SubscriptionFrequency,
    fixed_start_date: Nullable(Type.String()),
    fixed_end_date: Nullable(Type.String()),
    enforce_fixed_start_date: Type.Boolean(),
    enforce_fixed_end_date: Type.Boolean(),
  }),
})
export type AdminProductsUpdateAnswer = Static<typeof AdminProductsUpdateAnswer>

/** The contract of this module's routes: validators used by its controllers, and the JSON Schema of each success answer. */
documentRoutes({
  'admin.currencies.index': {
    summary: 'Every currency with its rate and surcharge',
    access: 'admin',
    responses: {
      200: AdminCurrenciesIndexAnswer,
    },
  },
  'admin.currencies.refresh_rates': {
    summary: 'Fetch exchange rates now',
    access: 'admin',
    responses: {
      200: AdminCurrenciesRefreshRatesAnswer,
    },
  },
  'admin.currencies.scheduler_status': {
    summary: 'State of the exchange-rate scheduler',
    access: 'admin',
    responses: {
      200: AdminCurrenciesSchedulerStatusAnswer,
    },
  },
  'admin.currencies.update': {
    summary: 'Update a currency',
    access: 'admin',
    body: currencyUpdateValidator,
    params: idParamValidator,
    responses: {
      200: AdminCurrenciesUpdateAnswer,
    },
  },
  'admin.products.index': {
    summary: 'Products with their shop settings',
    access: 'admin',
    responses: {
      200: AdminProductsIndexAnswer,
    },
  },
  'admin.products.refresh': {
    summary: 'Add products found in the member data',
    access: 'admin',
    responses: {
      200: AdminProductsRefreshAnswer,
    },
  },
  'admin.products.update': {
    summary: "Update a product's shop settings",
    access: 'admin',
    body: productSettingsValidator,
    params: idParamValidator,
    responses: {
      200: AdminProductsUpdateAnswer,
    },
  },
})
