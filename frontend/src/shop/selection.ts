import type { DurationType, Frequency, PricingResult } from './shopApi'
import type { MessageKey } from './i18n/messages'

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

/** Each frequency's name and description: catalogue keys (i18n/). */
export const FREQUENCY_LABELS: Record<Frequency, { label: MessageKey; description: MessageKey }> = {
  'one-time': { label: 'frequency.one-time', description: 'frequency.one-time.description' },
  'monthly': { label: 'frequency.monthly', description: 'frequency.monthly.description' },
  'quarterly': { label: 'frequency.quarterly', description: 'frequency.quarterly.description' },
  'semi-annual': {
    label: 'frequency.semi-annual',
    description: 'frequency.semi-annual.description',
  },
  'annual': { label: 'frequency.annual', description: 'frequency.annual.description' },
}

export const DURATION_LABELS: Record<DurationType, MessageKey> = {
  '6_months': 'duration.6_months',
  '9_months': 'duration.9_months',
  '12_months': 'duration.12_months',
  'fixed_date': 'duration.fixed_date',
}
