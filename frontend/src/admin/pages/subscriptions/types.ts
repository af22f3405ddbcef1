export interface Installment {
  paymentNumber: number
  amount: number
  dueDate: string | null
  isReconciliation: boolean
}

export interface SubscriptionRow {
  id: number
  migration_id: number
  provider_subscription_id: string
  status: string
  /** A checkout that never started (abandoned, withdrawn or refused): no period, no contract value. */
  never_started: boolean
  current_period_end: string | null
  cancelled_at: string | null
  ends_on: string | null
  remaining_days: number | null
  early_cancellation_reviewed: boolean
  migration_reference: string
  insured_full_name: string
  member_id_str: string
  email: string | null
  product_name: string | null
  currency: string
  total_amount: number
  total_amount_usd: number
  subscription_amount: number
  number_of_payments: number
  payment_frequency: string
  installment_schedule: Installment[]
}

export interface Payment {
  id: number
  amount: number
  currency: string
  status: string
  paid: boolean
  created: string | null
  period_start: string | null
  period_end: string | null
  hosted_invoice_url: string | null
}

export interface SubscriptionStats {
  active_count: number
  active_total_value: number
  early_cancellation_count: number
  early_cancellation_value: number
  unpaid_count: number
  total_subscriptions: number
}
