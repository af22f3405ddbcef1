export interface Frequencies {
  'disabled': boolean
  'monthly': boolean
  'quarterly': boolean
  'semi-annual': boolean
  'annual': boolean
}

export interface Product {
  id: number
  product_name: string
  product_alias: string | null
  plan_id: string | null
  disabled: boolean
  subscription_frequencies: Frequencies
  fixed_start_date: string | null
  fixed_end_date: string | null
  enforce_fixed_start_date: boolean
  enforce_fixed_end_date: boolean
}

/** Today in the browser's calendar (toISOString would give the UTC date): the end-date minimum without a start date. */
export function todayIso() {
  const now = new Date()
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`
}
