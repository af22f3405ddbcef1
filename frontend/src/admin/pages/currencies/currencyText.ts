import type { ApiAnswer } from '../../../common/api_contract'

type CurrenciesAnswer = ApiAnswer<'/api/currencies/admin/all', 'get'>
export type Currency = CurrenciesAnswer['currencies'][number]
export type CacheStatus = CurrenciesAnswer['cacheStatus']
export type SchedulerStatus = ApiAnswer<
  '/api/currencies/admin/scheduler-status',
  'get'
>['scheduler']['refreshRatesTask']
export const BASE = 'USD'
const SURCHARGE_RANGE = 'Surcharge must be between 0 and 100'

/** A non-numeric surcharge becomes 0 (spec §5); a number outside 0–100 is refused, never clamped. */
export function parseSurcharge(value: string): { value: number; error: string | null } {
  const number = Number.parseFloat(value)
  if (!Number.isFinite(number)) return { value: 0, error: null }
  return number < 0 || number > 100
    ? { value: number, error: SURCHARGE_RANGE }
    : { value: number, error: null }
}

/** What the scheduler chip says: whether rates refresh by themselves, and if not, why. */
export function describeScheduler(status: SchedulerStatus) {
  const every = `every ${Math.round(status.intervalSeconds / 60)} minutes`
  if (status.running)
    return `Auto-refresh ${every}: running${status.inThisProcess ? '' : ' in another process'}${status.provider ? ` (${status.provider})` : ''}`
  if (status.state === 'provider_off')
    return 'Auto-refresh: off (no rates provider configured) — stored rates serve'
  return 'Auto-refresh: not running (background tasks are off) — stored rates serve'
}

export function describeAge(seconds: number | null) {
  if (seconds === null) return 'never'
  if (seconds < 60) return `${seconds} s ago`
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`
  if (seconds < 86400) return `${Math.floor(seconds / 3600)} h ago`
  return `${Math.floor(seconds / 86400)} days ago`
}
