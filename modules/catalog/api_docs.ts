import { documentRoutes } from '#modules/api_contract/index'
import { currencyUpdateValidator, idParamValidator, productSettingsValidator } from './validators.js'

/** The contract of this module's routes: validators used by its controllers, and the JSON Schema of each success answer. */
documentRoutes({
  'admin.currencies.index': {
    summary: 'Every currency with its rate and surcharge',
    access: 'admin',
    responses: {
      200: {
        type: 'object',
        properties: {
          success: { type: 'boolean' },
          currencies: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                id: { type: 'number' },
                code: { type: 'string' },
                name: { type: 'string' },
                symbol: { type: 'string' },
                enabled: { type: 'boolean' },
                surcharge_percentage: { type: 'number' },
              },
              required: ['id', 'code', 'name', 'symbol', 'enabled', 'surcharge_percentage'],
            },
          },
          cacheStatus: {
            type: 'object',
            properties: {
              cached: { type: 'boolean' },
              age: { type: 'number' },
              source: { type: 'string' },
              fetchedAt: { type: 'string' },
            },
            required: ['cached', 'age', 'source', 'fetchedAt'],
          },
          exchangeRates: {
            type: 'object',
            properties: {
              USD: { type: 'number' },
              CHF: { type: 'number' },
              EUR: { type: 'number' },
              GBP: { type: 'number' },
            },
            required: ['USD', 'CHF', 'EUR', 'GBP'],
          },
        },
        required: ['success', 'currencies', 'cacheStatus', 'exchangeRates'],
      },
    },
  },
  'admin.currencies.refresh_rates': {
    summary: 'Fetch exchange rates now',
    access: 'admin',
    responses: {
      200: {
        type: 'object',
        properties: {
          success: { type: 'boolean' },
          cacheStatus: {
            type: 'object',
            properties: {
              cached: { type: 'boolean' },
              age: { type: 'number' },
              source: { type: 'string' },
              fetchedAt: { type: 'string' },
            },
            required: ['cached', 'age', 'source', 'fetchedAt'],
          },
          rates: {
            type: 'object',
            properties: {
              USD: { type: 'number' },
              CHF: { type: 'number' },
              EUR: { type: 'number' },
              GBP: { type: 'number' },
            },
            required: ['USD', 'CHF', 'EUR', 'GBP'],
          },
        },
        required: ['success', 'cacheStatus', 'rates'],
      },
    },
  },
  'admin.currencies.scheduler_status': {
    summary: 'State of the exchange-rate scheduler',
    access: 'admin',
    responses: {
      200: {
        type: 'object',
        properties: {
          success: { type: 'boolean' },
          scheduler: {
            type: 'object',
            properties: {
              refreshRatesTask: {
                type: 'object',
                properties: {
                  running: { type: 'boolean' },
                  inThisProcess: { type: 'boolean' },
                  state: { type: 'string' },
                  intervalSeconds: { type: 'number' },
                  providerConfigured: { type: 'boolean' },
                  provider: {},
                  lastRunAt: { type: ['null', 'string'] },
                  lastError: {},
                },
                required: [
                  'running',
                  'inThisProcess',
                  'state',
                  'intervalSeconds',
                  'providerConfigured',
                  'provider',
                  'lastRunAt',
                  'lastError',
                ],
              },
            },
            required: ['refreshRatesTask'],
          },
        },
        required: ['success', 'scheduler'],
      },
    },
  },
  'admin.currencies.update': {
    summary: 'Update a currency',
    access: 'admin',
    body: currencyUpdateValidator,
    params: idParamValidator,
    responses: {
      200: {
        type: 'object',
        properties: {
          success: { type: 'boolean' },
          currency: {
            type: 'object',
            properties: {
              id: { type: 'number' },
              code: { type: 'string' },
              name: { type: 'string' },
              symbol: { type: 'string' },
              enabled: { type: 'boolean' },
              surcharge_percentage: { type: 'number' },
            },
            required: ['id', 'code', 'name', 'symbol', 'enabled', 'surcharge_percentage'],
          },
        },
        required: ['success', 'currency'],
      },
    },
  },
  'admin.products.index': {
    summary: 'Products with their shop settings',
    access: 'admin',
    responses: {
      200: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            id: { type: 'number' },
            product_name: { type: ['string', 'null'] },
            product_alias: { type: ['null', 'string'] },
            plan_id: { type: ['null', 'string'] },
            disabled: { type: 'boolean' },
            subscription_frequencies: {
              type: 'object',
              properties: {
                disabled: { type: 'boolean' },
                monthly: { type: 'boolean' },
                quarterly: { type: 'boolean' },
                "semi-annual": { type: 'boolean' },
                annual: { type: 'boolean' },
              },
              required: ['disabled', 'monthly', 'quarterly', 'semi-annual', 'annual'],
            },
            fixed_start_date: {},
            fixed_end_date: { type: ['null', 'string'] },
            enforce_fixed_start_date: { type: 'boolean' },
            enforce_fixed_end_date: { type: 'boolean' },
          },
          required: [
            'id',
            'product_name',
            'product_alias',
            'plan_id',
            'disabled',
            'subscription_frequencies',
            'fixed_start_date',
            'fixed_end_date',
            'enforce_fixed_start_date',
            'enforce_fixed_end_date',
          ],
        },
      },
    },
  },
  'admin.products.refresh': {
    summary: 'Add products found in the member data',
    access: 'admin',
    responses: {
      200: {
        type: 'object',
        properties: {
          success: { type: 'boolean' },
          message: { type: 'string' },
          products: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                id: { type: 'number' },
                product_name: { type: ['string', 'null'] },
                product_alias: { type: ['null', 'string'] },
                plan_id: { type: ['null', 'string'] },
                disabled: { type: 'boolean' },
                subscription_frequencies: {
                  type: 'object',
                  properties: {
                    disabled: { type: 'boolean' },
                    monthly: { type: 'boolean' },
                    quarterly: { type: 'boolean' },
                    "semi-annual": { type: 'boolean' },
                    annual: { type: 'boolean' },
                  },
                  required: ['disabled', 'monthly', 'quarterly', 'semi-annual', 'annual'],
                },
                fixed_start_date: {},
                fixed_end_date: {},
                enforce_fixed_start_date: { type: 'boolean' },
                enforce_fixed_end_date: { type: 'boolean' },
              },
              required: [
                'id',
                'product_name',
                'product_alias',
                'plan_id',
                'disabled',
                'subscription_frequencies',
                'fixed_start_date',
                'fixed_end_date',
                'enforce_fixed_start_date',
                'enforce_fixed_end_date',
              ],
            },
          },
        },
        required: ['success', 'message', 'products'],
      },
    },
  },
  'admin.products.update': {
    summary: 'Update a product\'s shop settings',
    access: 'admin',
    body: productSettingsValidator,
    params: idParamValidator,
    responses: {
      200: {
        type: 'object',
        properties: {
          success: { type: 'boolean' },
          product: {
            type: 'object',
            properties: {
              id: { type: 'number' },
              product_name: { type: ['string', 'null'] },
              product_alias: { type: ['string', 'null'] },
              plan_id: { type: ['string', 'null'] },
              disabled: { type: 'boolean' },
              subscription_frequencies: {
                type: 'object',
                properties: {
                  disabled: { type: 'boolean' },
                  monthly: { type: 'boolean' },
                  quarterly: { type: 'boolean' },
                  "semi-annual": { type: 'boolean' },
                  annual: { type: 'boolean' },
                },
                required: ['disabled', 'monthly', 'quarterly', 'semi-annual', 'annual'],
              },
              fixed_start_date: { type: ['null', 'string'] },
              fixed_end_date: { type: ['null', 'string'] },
              enforce_fixed_start_date: { type: 'boolean' },
              enforce_fixed_end_date: { type: 'boolean' },
            },
            required: [
              'id',
              'product_name',
              'product_alias',
              'plan_id',
              'disabled',
              'subscription_frequencies',
              'fixed_start_date',
              'fixed_end_date',
              'enforce_fixed_start_date',
              'enforce_fixed_end_date',
            ],
          },
        },
        required: ['success', 'product'],
      },
    },
  },
})
