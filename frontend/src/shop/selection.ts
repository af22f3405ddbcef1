import type { DurationType, Frequency, PricingResult } from './shopApi'

/** The saved selection (member-shop.md §3): kept for the browser session. */
export interface SavedSelection {
  memberIds: number[]
  durationType: DurationType
  paymentFrequency: Frequency
  currency: string
  pricing: PricingResult
}

const SELECTION_KEY = 'shop.selection'
const CURRENCY_KEY = 'shop.currency'

export function saveSelection(selection: SavedSelection) {
  sessionStorage.setItem(SELECTION_KEY, JSON.stringify(selection))
}

export function loadSelection(): SavedSelection | null {
  try {
    const raw = sessionStorage.getItem(SELECTION_KEY)
    return raw ? (JSON.parse(raw) as SavedSelection) : null
  } catch {
    return null
  }
}

export function clearSelection() {
  sessionStorage.removeItem(SELECTION_KEY)
}

/** The chosen currency is remembered across visits. */
export const rememberedCurrency = () => localStorage.getItem(CURRENCY_KEY)
export const rememberCurrency = (code: string) => localStorage.setItem(CURRENCY_KEY, code)

export const FREQUENCY_LABELS: Record<Frequency, { label: string; description: string }> = {
  'one-time': { label: 'One-time payment', description: 'Pay the full amount today' },
  'monthly': { label: 'Monthly', description: 'Payments spread monthly over the coverage' },
  'quarterly': { label: 'Quarterly', description: 'A payment every 3 months' },
  'semi-annual': { label: 'Semi-annual', description: 'A payment every 6 months' },
  'annual': { label: 'Annual', description: 'One payment per year' },
}

export const DURATION_LABELS: Record<DurationType, string> = {
  '6_months': '6 months',
  '9_months': '9 months',
  '12_months': '12 months',
  'fixed_date': 'Until the fixed end date',
}
