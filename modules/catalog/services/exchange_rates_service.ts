import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { ApiError, bumpReferenceVersion } from '#modules/shared/index'
import Currency, { BASE_CURRENCY } from '../models/currency.js'
import ExchangeRate from '../models/exchange_rate.js'
import { fetchProviderRates } from './rates_provider.js'
import { recordAudit, type Actor } from '#modules/audit/index'

export interface CacheStatus {
  /** Whether stored rates exist (fetched or seeded). */
  cached: boolean
  /** Seconds since the newest stored rate was fetched; null without rates. */
  age: number | null
  /** Where the newest rate came from: "provider" or "seed". */
  source: string | null
  fetchedAt: string | null
}

/** Rate and surcharge of one currency as the shop's pricing uses them. */
export interface CurrencyRate {
  code: string
  enabled: boolean
  /** Units of the currency per 1 USD. */
  rate: number
  surchargePercentage: number
  /** rate × (1 + surcharge / 100). */
  effectiveRate: number
}

export function effectiveRate(rate: number, surchargePercentage: number) {
  return rate * (1 + surchargePercentage / 100)
}

export const exchangeRatesService = {
  /** Stored rates by currency code; USD is always 1. */
  async rates(): Promise<Record<string, number>> {
    const rows = await ExchangeRate.query().orderBy('currency_code')
    const rates: Record<string, number> = { [BASE_CURRENCY]: 1 }
    for (const row of rows) rates[row.currency_code] = Number(row.rate)
    rates[BASE_CURRENCY] = 1
    return rates
  },

  async cacheStatus(): Promise<CacheStatus> {
    const newest = await ExchangeRate.query()
      .where('currency_code', '!=', BASE_CURRENCY)
      .orderBy('fetched_at', 'desc')
      .first()
    if (!newest) return { cached: false, age: null, source: null, fetchedAt: null }
    const age = Math.max(0, Math.floor(DateTime.now().diff(newest.fetched_at, 'seconds').seconds))
    return { cached: true, age, source: newest.source, fetchedAt: newest.fetched_at.toISO() }
  },

  /**
   * Fetches the provider's rates and stores those of our currencies. On any
   * failure nothing is changed (the last good rates keep serving) and the error is thrown.
   */
  /** With `actor`, an administrator's refresh: its audit entry commits with the rates. */
  async refresh(actor?: Actor) {
    const fetched = await fetchProviderRates()
    const codes = (await Currency.query().select('code'))
      .map((c) => c.code)
      .filter((code) => code !== BASE_CURRENCY)
    const now = DateTime.now()
    await db.transaction(async (trx) => {
      for (const code of codes) {
        if (!fetched[code]) continue
        const row = await ExchangeRate.query({ client: trx }).where('currency_code', code).first()
        if (row) {
          row.useTransaction(trx)
          await row.merge({ rate: fetched[code], source: 'provider', fetched_at: now }).save()
        } else {
          await ExchangeRate.create(
            { currency_code: code, rate: fetched[code], source: 'provider', fetched_at: now },
            { client: trx }
          )
        }
      }
      await bumpReferenceVersion(trx, 'catalog')
      if (actor) {
        const rates = Object.fromEntries(
          codes.filter((code) => fetched[code]).map((code) => [code, fetched[code]])
        )
        await recordAudit(trx, {
          actor,
          action: 'currency.refresh_rates',
          entityType: 'exchange_rates',
          after: rates,
        })
      }
    })
    return { cacheStatus: await this.cacheStatus(), rates: await this.rates() }
  },

  /** The admin's refresh action: a provider failure becomes a 502 (bad gateway) with its reason. */
  async refreshOrFail(actor: Actor) {
    try {
      return await this.refresh(actor)
    } catch (error) {
      throw new ApiError(`Could not refresh exchange rates: ${(error as Error).message}`, 502)
    }
  },

  /** Rate (units per USD) and surcharge of a currency; null when the currency or its rate is unknown. */
  async currencyRate(code: string): Promise<CurrencyRate | null> {
    const currency = await Currency.findBy('code', code.toUpperCase())
    if (!currency) return null
    const rate =
      currency.code === BASE_CURRENCY
        ? 1
        : Number((await ExchangeRate.findBy('currency_code', currency.code))?.rate ?? 0)
    if (!rate) return null
    const surchargePercentage = Number(currency.surcharge_percentage ?? 0)
    return {
      code: currency.code,
      enabled: currency.enabled,
      rate,
      surchargePercentage,
      effectiveRate: effectiveRate(rate, surchargePercentage),
    }
  },
}
