import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { insertRows } from './multi_insert.js'

const FIRST_NAMES = [
  'Anna',
  'Ben',
  'Clara',
  'David',
  'Elena',
  'Felix',
  'Greta',
  'Hugo',
  'Ida',
  'Jonas',
  'Katrin',
  'Leo',
  'Maya',
  'Noah',
  'Olga',
  'Paul',
]
const LAST_NAMES = [
  'Meier',
  'Schneider',
  'Fischer',
  'Weber',
  'Wagner',
  'Becker',
  'Hoffmann',
  'Koch',
  'Richter',
  'Klein',
  'Wolf',
  'Neumann',
]
const COUNTRIES = ['Switzerland', 'Germany', 'France', 'Italy', 'Spain', 'Kenya', 'Singapore']
const CURRENCIES = ['USD', 'EUR', 'GBP', 'CHF']

/** Deterministic pseudo-random numbers, so two runs generate the same people. */
export function random(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0
    return state / 2 ** 32
  }
}

export interface SyntheticOptions {
  /** How many members in all (principals and dependants). */
  count: number
  /** Member ID prefix, so several sets can coexist. */
  prefix?: string
  products?: string[]
  batchSize?: number
  seed?: number
  onProgress?: (done: number) => void
}

/**
 * Inserts `count` synthetic members in families (a principal and 0-3
 * dependants), with multi-row inserts in transactions. Used by benchmarks
 * and load tests; returns the number of principals.
 */
export async function generateSyntheticMembers(
  options: SyntheticOptions
): Promise<{ members: number; principals: number }> {
  const {
    count,
    prefix = 'SYN',
    products = ['Global Health Gold', 'Global Health Silver'],
    batchSize = 1000,
  } = options
  const next = random(options.seed ?? 42)
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]
  const now = DateTime.now().toSQL({ includeOffset: false })
  let made = 0
  let principals = 0

  while (made < count) {
    const families: {
      principal: Record<string, unknown>
      dependants: Record<string, unknown>[]
    }[] = []
    let inBatch = 0
    while (inBatch < batchSize && made + inBatch < count) {
      const family = principals + families.length + 1
      const lastName = pick(LAST_NAMES)
      const product = pick(products)
      const currency = pick(CURRENCIES)
      const base = {
        product_name: product,
        plan_name: product.split(' ').pop(),
        residence_country: pick(COUNTRIES),
        premium_currency: currency,
        sum_insured: 500000,
        policy_start_date: '2026-01-01',
        policy_end_date: '2026-12-31',
        status: 'Active',
        created_at: now,
        updated_at: now,
      }
      const memberId = `${prefix}-${String(family).padStart(7, '0')}`
      const email = next() < 0.85 ? `member${family}@example.test` : null
      const principal = {
        ...base,
        member_id: memberId,
        person_id: `${memberId}-P`,
        insured_full_name: `${pick(FIRST_NAMES)} ${lastName}`,
        date_of_birth: `${1950 + Math.floor(next() * 50)}-${String(1 + Math.floor(next() * 12)).padStart(2, '0')}-${String(1 + Math.floor(next() * 28)).padStart(2, '0')}`,
        insured_role: 'Principal',
        email,
        original_email: email,
        final_premium: 1000 + Math.round(next() * 300000) / 100,
      }
      const size = Math.min(Math.floor(next() * 4), count - made - inBatch - 1)
      const dependants = Array.from({ length: Math.max(0, size) }, (_, index) => ({
        ...base,
        member_id: `${memberId}-${index + 1}`,
        person_id: `${memberId}-D${index + 1}`,
        principal_person_id: principal.person_id,
        principal_name: principal.insured_full_name,
        insured_full_name: `${pick(FIRST_NAMES)} ${lastName}`,
        date_of_birth: `${1960 + Math.floor(next() * 60)}-06-15`,
        insured_role: index === 0 && next() < 0.6 ? 'Spouse' : 'Child',
        final_premium: 500 + Math.round(next() * 150000) / 100,
      }))
      families.push({ principal, dependants })
      inBatch += 1 + dependants.length
    }

    await db.transaction(async (trx) => {
      await insertRows(
        trx,
        'members',
        families.map((family) => family.principal)
      )
      const ids = await trx
        .from('members')
        .whereIn(
          'member_id',
          families.map((family) => family.principal.member_id as string)
        )
        .select('id', 'member_id')
      const idByMemberId = new Map(ids.map((row) => [row.member_id, row.id]))
      const dependants = families.flatMap((family) =>
        family.dependants.map((dependant) => ({
          ...dependant,
          principal_id: idByMemberId.get(family.principal.member_id),
        }))
      )
      await insertRows(trx, 'members', dependants)
    })
    principals += families.length
    made += inBatch
    options.onProgress?.(made)
  }
  return { members: made, principals }
}
