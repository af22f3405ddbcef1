import db from '@adonisjs/lucid/services/db'
import { ApiError, bumpReferenceVersion } from '#modules/shared/index'
import { recordAudit, type Actor } from '#modules/audit/index'
import Currency, { BASE_CURRENCY } from '../models/currency.js'
import { exchangeRatesService } from './exchange_rates_service.js'

const BASE_CURRENCY_LOCKED = `The base currency ${BASE_CURRENCY} cannot be changed`

function serializeCurrency(currency: Currency) {
  return {
    id: currency.id,
    code: currency.code,
    name: currency.name,
    symbol: currency.symbol,
    enabled: currency.enabled,
    surcharge_percentage: Number(currency.surcharge_percentage ?? 0),
  }
}

export const currencyAdminService = {
  /** The Currencies screen's data: currencies (USD first), cache status and the rate map. */
  async overview() {
    const currencies = await Currency.query()
      .orderByRaw('CASE WHEN code = ? THEN 0 ELSE 1 END', [BASE_CURRENCY])
      .orderBy('code')
    return {
      currencies: currencies.map(serializeCurrency),
      cacheStatus: await exchangeRatesService.cacheStatus(),
      exchangeRates: await exchangeRatesService.rates(),
    }
  },

  async update(
    id: number,
    input: { enabled: boolean; surcharge_percentage: number },
    actor: Actor
  ) {
    return db.transaction(async (trx) => {
      const currency = await Currency.find(id, { client: trx })
      if (!currency) throw new ApiError('Currency not found', 404)
      if (currency.code === BASE_CURRENCY) throw new ApiError(BASE_CURRENCY_LOCKED, 422)
      const before = serializeCurrency(currency)
      // Stored as decimal(5,2): surcharges have at most two decimals.
      const surcharge = Math.round(input.surcharge_percentage * 100) / 100
      await currency.merge({ enabled: input.enabled, surcharge_percentage: surcharge }).save()
      await bumpReferenceVersion(trx, 'catalog')
      await recordAudit(trx, {
        actor,
        action: 'currency.update',
        entityType: 'currency',
        entityId: id,
        before,
        after: serializeCurrency(currency),
      })
      return serializeCurrency(currency)
    })
  },
}
