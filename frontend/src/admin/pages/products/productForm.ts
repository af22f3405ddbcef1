import type { ApiAnswer } from '../../../common/api_contract'
import { localIsoDateTime } from '../../../common/format'

export type Product = ApiAnswer<'/api/admin/products', 'get'>[number]
export type Frequencies = Product['subscription_frequencies']

export const FREQUENCIES: { id: keyof Frequencies; name: string }[] = [
  { id: 'disabled', name: 'One-time payment' },
  { id: 'monthly', name: 'Monthly' },
  { id: 'quarterly', name: 'Quarterly' },
  { id: 'semi-annual', name: 'Semi-annual' },
  { id: 'annual', name: 'Annual' },
]

export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
export const UUID_HINT =
  'Invalid UUID format. Expected format: xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx'
export const PLAN_ID_NOTE = 'The plan id is required for automated enrolment after payment.'
export const START_WARNING =
  'You have enabled "Enforce Fixed Start Date" but haven\'t set a date. Please specify a fixed start date or disable the enforcement.'
export const END_WARNING =
  'You have enabled "Enforce Fixed End Date" but haven\'t set a date. Please specify a fixed end date or disable the enforcement.'

/** The API's field names (422 `errors`) → the card's inputs. */
export const SOURCES = {
  subscriptionFrequencies: 'subscription_frequencies',
  fixedStartDate: 'fixed_start_date',
  fixedEndDate: 'fixed_end_date',
  productAlias: 'product_alias',
  planId: 'plan_id',
}

/** The spec's PUT body (admin-backoffice.md §7); empty texts are sent as null. */
export const toPayload = (product: Product) => ({
  subscriptionFrequencies: product.subscription_frequencies,
  fixedStartDate: product.fixed_start_date || null,
  fixedEndDate: product.fixed_end_date || null,
  enforceFixedStartDate: product.enforce_fixed_start_date,
  enforceFixedEndDate: product.enforce_fixed_end_date,
  productAlias: product.product_alias || null,
  planId: product.plan_id || null,
  disabled: product.disabled,
})

/** Today in the browser's calendar (toISOString alone gives the UTC date): the end-date minimum without a start date. */
export const todayIso = () => localIsoDateTime().slice(0, 10)
