import { api } from '../common/api'
import { signedIn } from './signedIn'
import type { Language } from '../../../shared_data/languages'
import type { ApiAnswer, ApiBody } from '../common/api_contract'

/** Shapes of the member calls of member-shop.md §7, as the shop uses them. */
export interface MemberRecord {
  id: number
  member_id: string
  insured_full_name: string
  date_of_birth: string | null
  email: string | null
  personal_email: string | null
  original_email: string | null
  requiresPersonalEmail: boolean
  plan_name: string | null
  product_name: string | null
  product_alias: string | null
  sum_insured: number | null
  final_premium: number | null
  premium_currency: string | null
  policy_end_date: string | null
  insured_role: string
}

export interface MemberDetails {
  member: MemberRecord
  relatedMembers: MemberRecord[]
}

export interface Currency {
  id: number
  code: string
  symbol: string
  name: string
}

/** The selection a member sends, as the server's validators define it. */
type CalculateBody = ApiBody<'/api/migration/calculate', 'post'>
export type Frequency = CalculateBody['paymentFrequency']
export type DurationType = CalculateBody['durationType']

interface DurationOption {
  durationType: DurationType
  startDate: string
  endDate: string
  durationDays: number
  months: number
  offeredFrequencies: Frequency[]
}

export interface FrequencySettings {
  enforceFixedEndDate: boolean
  fixedEndDate: string | null
  fixedStartDate: string | null
  frequencies: Record<'disabled' | 'monthly' | 'quarterly' | 'semi-annual' | 'annual', boolean>
  durations: DurationOption[]
}

export interface Installment {
  paymentNumber: number
  amount: number
  dueDate: string
  isReconciliation: boolean
}

export interface PricingResult {
  calculations: {
    memberId: number
    memberName: string
    calculatedPremium: number
    annualPremium: number
  }[]
  currency: string
  durationType: DurationType
  durationDays: number
  startDate: string
  endDate: string
  totalAmount: number
  paymentFrequency: Frequency
  subscriptionAmount: number
  numberOfPayments: number
  installmentSchedule: Installment[]
}

/** The creation result with the pricing the server stored and will charge (it recomputes the price). */
export interface CreatedMigration extends PricingResult {
  /** Stripe: null until the consent is recorded (the consent call answers it). */
  clientSecret: string | null
  /** The words the member accepts before paying. */
  consentTerms: { textVersion: string; text: string }
  migrationId: number
  migrationReference: string
  paymentType: 'one-time' | 'subscription'
  provider: 'sandbox' | 'stripe'
}

export interface MigrationStatus {
  blocked: boolean
  reason: string | null
  reasonCode: 'admin_block' | 'already_migrated' | 'migration_processing' | null
}

export interface MemberArea {
  migration: {
    id: number
    reference: string
    status: string
    currency: string
    startDate: string
    endDate: string
    paymentFrequency: Frequency
    totalAmount: number
    members: { name: string; memberId: string; role: string; premium: number }[]
  } | null
  canPayNow: boolean
  recurring: boolean
  cardUpdatedAt: string | null
  /** The card the plan is charged to, as the provider reports it. */
  card: { brand: string; last4: string; label: string } | null
  documentsState: 'preparing' | 'ready' | 'partial' | 'skipped' | 'failed' | null
  schedule: (Installment & {
    status: 'paid' | 'due' | 'failed' | 'cancelled'
    receiptId: number | null
  })[]
  documents: { id: number; fileName: string; memberName: string | null }[]
  creditNotes: ApiAnswer<'/api/member/area', 'get'>['creditNotes']
}

/** What the member buys (GET /member/coverage): shown on select and checkout before paying. */
export type CoverageTerms = Omit<ApiAnswer<'/api/member/coverage', 'get'>, 'success'>
export type ConsentAnswer = Omit<ApiAnswer<'/api/migration/{id}/consent', 'post'>, 'success'>

export interface PaymentsConfig {
  provider: 'sandbox' | 'stripe'
  publishableKey: string | null
}

// Answers the shop reads, checked against the server's documented answers: each line fails `tsc`
// when the server stops sending a field the shop uses (or sends it with another type).
type Answers<Shop, Server> = Shop extends Server ? true : never
const _checks: [
  Answers<
    { publishableKey: string | null },
    Pick<ApiAnswer<'/api/payments/config', 'get'>, 'publishableKey'>
  >,
  Answers<
    { migrationId: number | null },
    Pick<ApiAnswer<'/api/migration/current', 'get'>, 'migrationId'>
  >,
  Answers<{ cardUpdatedAt: string }, Pick<ApiAnswer<'/api/member/card', 'post'>, 'cardUpdatedAt'>>,
  Answers<
    Pick<PricingResult, 'totalAmount' | 'numberOfPayments' | 'subscriptionAmount'>,
    Pick<
      ApiAnswer<'/api/migration/calculate', 'post'>,
      'totalAmount' | 'numberOfPayments' | 'subscriptionAmount'
    >
  >,
] = [true, true, true, true]
void _checks

export type Withdrawal = ApiAnswer<'/api/member/withdrawal', 'get'>
export type StopPaymentsAnswer = ApiAnswer<'/api/member/stop-payments', 'get'>
export type RenewalAnswer = ApiAnswer<'/api/member/renewal', 'get'>

export const shopApi = {
  details: () => api.get<MemberDetails>('/member/details'),
  migrationStatus: () => api.get<MigrationStatus>('/member/migration-status'),
  updateEmail: (newEmail: ApiBody<'/api/member/update-email', 'post'>['newEmail']) =>
    api.post<MemberDetails>('/member/update-email', { newEmail }),
  currencies: () =>
    api.get<{ currencies: Currency[] }>('/currencies/enabled').then((answer) => answer.currencies),
  frequencySettings: () => api.get<FrequencySettings>('/member/payment-frequencies'),
  calculate: (selection: CalculateBody) =>
    api.post<PricingResult>('/migration/calculate', selection),
  /** idempotencyKey: one per checkout attempt, so a repeated request gets the same checkout back. */
  create: (selection: ApiBody<'/api/migration/create', 'post'> & { idempotencyKey: string }) =>
    api.post<CreatedMigration>('/migration/create', selection),
  coverage: () => api.get<CoverageTerms>('/member/coverage'),
  productDocumentUrl: (kind: 'conditions' | 'pre_contract') =>
    `/api/member/product-documents/${kind}`,
  consent: (migrationId: number, body: ApiBody<'/api/migration/{id}/consent', 'post'>) =>
    api.post<ConsentAnswer>(`/migration/${migrationId}/consent`, body),
  paymentsConfig: () => api.get<PaymentsConfig>('/payments/config'),
  sandboxConfirm: (migrationId: number) => api.post(`/migration/${migrationId}/sandbox-confirm`),
  migration: (migrationId: string) =>
    api.get<{ migration: { migrationId: number; migrationReference: string; status: string } }>(
      `/migration/${migrationId}`
    ),
  memberArea: () => api.get<MemberArea>('/member/area'),
  startCardUpdate: () =>
    api.post<{ provider: 'sandbox' | 'stripe'; clientSecret: string | null }>('/member/card/setup'),
  finishCardUpdate: (setupIntentId?: ApiBody<'/api/member/card', 'post'>['setupIntentId']) =>
    api.post<{ cardUpdatedAt: string }>('/member/card', setupIntentId ? { setupIntentId } : {}),
  /** Withdrawal in the cooling-off period (docs/shop.md): the offer, then the withdrawal made. */
  withdrawal: () => api.get<Withdrawal>('/member/withdrawal'),
  withdraw: () => api.post<Withdrawal>('/member/withdrawal'),
  /** Stop future payments outside the cooling-off period (docs/shop.md): the quote, then the stop made. */
  stopPayments: () => api.get<StopPaymentsAnswer>('/member/stop-payments'),
  renewal: () => api.get<RenewalAnswer>('/member/renewal'),
  stopFuturePayments: (coveredUntil: string) =>
    api.post<StopPaymentsAnswer>('/member/stop-payments', { coveredUntil }),
  payNow: () => api.post<{ invoiceId: string; provider: 'sandbox' | 'stripe' }>('/member/pay-now'),
  documentUrl: (documentId: number) => `/api/member/documents/${documentId}`,
  receiptUrl: (paymentId: number) => `/api/member/receipts/${paymentId}`,
  creditNoteUrl: (creditNoteId: number) => `/api/member/credit-notes/${creditNoteId}`,
  currentCheckout: () => api.get<{ migrationId: number | null }>('/migration/current'),
  resumeCheckout: (migrationId: number) =>
    api.get<CreatedMigration>(`/migration/${migrationId}/checkout`),
  /** The member's language for emails and PDFs (docs/shop.md, "Languages"). */
  saveLanguage: (language: Language) =>
    api.put<{ language: Language }>('/member/language', { language }),
  session: () => api.get<{ authenticated: boolean }>('/auth/session'),
  logout: () => {
    signedIn.forget()
    return api.post('/auth/logout')
  },
}
