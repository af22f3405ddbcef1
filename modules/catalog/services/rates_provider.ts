import app from '@adonisjs/core/services/app'
import env from '#start/env'
import { settingsService } from '#modules/settings/index'
import { outboundRequest } from '#modules/shared/index'

/**
 * The public default provider: open.er-api.com ("ExchangeRate-API open
 * access", no key, daily updates) answering
 * `{ result: "success", base_code: "USD", rates: { EUR: 0.92, ... } }`.
 * Any provider answering that shape can be set with EXCHANGE_RATES_URL;
 * "off" disables fetching (the stored or seeded rates serve).
 */
const DEFAULT_RATES_URL = 'https://open.er-api.com/v6/latest/USD'
const TIMEOUT_MS = 10_000
const MAX_ANSWER_BYTES = 1024 * 1024

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

/** The configured provider URL, or null when fetching is off (always off in tests unless set). */
export function ratesProviderUrl(): string | null {
  const configured = env.get('EXCHANGE_RATES_URL')
  if (configured === 'off') return null
  if (configured) return configured
  return app.inTest ? null : DEFAULT_RATES_URL
}

/** Fetches rates (units per 1 USD). Throws with a readable message on any failure. */
export async function fetchProviderRates(): Promise<Record<string, number>> {
  const url = ratesProviderUrl()
  if (!url) throw new Error('No exchange-rate provider is configured')
  const apiKey = await settingsService.raw('EXCHANGE_RATES_API_KEY')
  // The outbound-URL policy applies here too (an operator allows a private provider with OUTBOUND_ALLOW_RANGES).
  const response = await outboundRequest(url.replace('{apiKey}', encodeURIComponent(apiKey)), {
    headers: { Accept: 'application/json' },
    timeoutMs: TIMEOUT_MS,
    maxBytes: MAX_ANSWER_BYTES,
  })
  if (!response.ok) throw new Error(`Exchange-rate provider answered ${response.status}`)
  const body = parseJson(response.body.toString('utf8')) as {
    result?: string
    base_code?: string
    rates?: Record<string, unknown>
  } | null
  if (
    !body ||
    body.result !== 'success' ||
    body.base_code !== 'USD' ||
    typeof body.rates !== 'object' ||
    !body.rates
  ) {
    throw new Error('Exchange-rate provider gave an unexpected answer')
  }
  const rates: Record<string, number> = {}
  for (const [code, value] of Object.entries(body.rates)) {
    if (/^[A-Z]{3}$/.test(code) && typeof value === 'number' && Number.isFinite(value) && value > 0)
      rates[code] = value
  }
  return rates
}
