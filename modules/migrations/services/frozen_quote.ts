import { DateTime } from 'luxon'
import { BASE_CURRENCY, Currency } from '#modules/catalog/index'
import { ApiError } from '#modules/shared/index'
import Migration from '../models/migration.js'
import MigrationMember from '../models/migration_member.js'
import { exchangeRates } from './pricing_inputs.js'

/** A value the price was computed with, next to today's value of the same thing. */
interface Comparison {
  /** The value frozen on the migration; null for members priced before the rate was kept. */
  used: number | null
  /** Today's value; null when it no longer exists (currency removed, no stored rate). */
  today: number | null
  /** today − used, null when either is unknown. */
  difference: number | null
  /** The difference as a percentage of `used` (2 decimals), null when either is unknown or `used` is 0. */
  differencePercent: number | null
  changed: boolean
}

type CurrencyState = 'enabled' | 'disabled' | 'removed'

export interface FrozenQuote {
  migrationId: number
  /** When the price was computed and frozen: the migration's creation (ISO, UTC). */
  quotedAt: string | null
  /** When today's values were read (ISO, UTC). */
  comparedAt: string
  currency: {
    code: string
    state: CurrencyState
    rate: Comparison
    surchargePercentage: Comparison
  }
  members: { id: number; name: string; role: string; premiumCurrency: string; rate: Comparison }[]
  /** Some value differs today (a quote computed now would give another price). */
  changed: boolean
}

/** Rates have 8 decimals in the database, surcharges 2: a difference below that is no difference. */
const round = (value: number, decimals: number) =>
  Math.round(value * 10 ** decimals) / 10 ** decimals

function compare(used: number | null, today: number | null, decimals = 8): Comparison {
  if (used === null || today === null)
    return { used, today, difference: null, differencePercent: null, changed: false }
  const difference = round(today - used, decimals)
  const differencePercent = used === 0 ? null : round((difference / used) * 100, 2)
  return { used, today, difference, differencePercent, changed: difference !== 0 }
}

const numberOrNull = (value: unknown) =>
  value === null || value === undefined ? null : Number(value)

/**
 * What a migration's price was computed with (its frozen target rate and
 * surcharge, each member's premium-currency rate, the date) and how each
 * differs from today's rates and surcharge. A currency removed or disabled
 * since is reported as such, never an error.
 */
export async function frozenQuoteOf(migrationId: number): Promise<FrozenQuote> {
  const migration = await Migration.find(migrationId)
  if (!migration) throw new ApiError('Migration not found', 404)
  const [members, currency, rates] = await Promise.all([
    MigrationMember.query().where('migration_id', migrationId).orderBy('id'),
    Currency.findBy('code', migration.currency),
    exchangeRates(),
  ])
  const rateToday = (code: string) => (code === BASE_CURRENCY ? 1 : (rates[code] ?? null))
  const target = {
    code: migration.currency,
    state: (currency ? (currency.enabled ? 'enabled' : 'disabled') : 'removed') as CurrencyState,
    rate: compare(numberOrNull(migration.exchange_rate), rateToday(migration.currency)),
    surchargePercentage: compare(
      numberOrNull(migration.surcharge_percentage),
      currency ? Number(currency.surcharge_percentage) : null,
      2
    ),
  }
  const lines = members.map((member) => {
    const code = member.premium_currency || BASE_CURRENCY
    return {
      id: member.id,
      name: member.insured_full_name,
      role: member.insured_role,
      premiumCurrency: code,
      rate: compare(numberOrNull(member.premium_rate), rateToday(code)),
    }
  })
  return {
    migrationId: migration.id,
    quotedAt: migration.created_at?.toUTC().toISO() ?? null,
    comparedAt: DateTime.utc().toISO()!,
    currency: target,
    members: lines,
    changed:
      target.rate.changed ||
      target.surchargePercentage.changed ||
      lines.some((line) => line.rate.changed),
  }
}
