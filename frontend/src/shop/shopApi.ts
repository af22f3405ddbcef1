import { api } from '../common/api'
import { signedIn } from './signedIn'
import type { Language } from '../../../shared_data/languages'
import type { ApiAnswer, ApiBody } from '../common/api_contract'

/*
| The member calls of member-shop.md §7, typed by their route (api_contract.ts): every answer type below
| is the server's documented answer, so a field the server stops sending fails `tsc`, not a member.
*/
export type MemberDetails = ApiAnswer<'/api/member/details', 'get'>
export type MemberRecord = MemberDetails['member']
export type Currency = ApiAnswer<'/api/currencies/enabled', 'get'>['currencies'][number]

/** The selection a member sends, as the server's validators define it. */
type CalculateBody = ApiBody<'/api/migration/calculate', 'post'>
export type Frequency = CalculateBody['paymentFrequency']
export type DurationType = CalculateBody['durationType']

export type FrequencySettings = ApiAnswer<'/api/member/payment-frequencies', 'get'>
export type PricingResult = ApiAnswer<'/api/migration/calculate', 'post'>
export type Installment = PricingResult['installmentSchedule'][number]
/** The creation result with the pricing the server stored and will charge (it recomputes the price). */
export type CreatedMigration = ApiAnswer<'/api/migration/create', 'post'>
export type MigrationStatus = ApiAnswer<'/api/member/migration-status', 'get'>
export type MemberArea = ApiAnswer<'/api/member/area', 'get'>
/** What the member buys (GET /member/coverage): shown on select and checkout before paying. */
export type CoverageTerms = ApiAnswer<'/api/member/coverage', 'get'>
export type PaymentsConfig = ApiAnswer<'/api/payments/config', 'get'>
export type Withdrawal = ApiAnswer<'/api/member/withdrawal', 'get'>
export type StopPaymentsAnswer = ApiAnswer<'/api/member/stop-payments', 'get'>
export type RenewalAnswer = ApiAnswer<'/api/member/renewal', 'get'>

export const shopApi = {
  details: () => api.get('/api/member/details'),
  migrationStatus: () => api.get('/api/member/migration-status'),
  updateEmail: (newEmail: ApiBody<'/api/member/update-email', 'post'>['newEmail']) =>
    api.post('/api/member/update-email', { body: { newEmail } }),
  currencies: () => api.get('/api/currencies/enabled').then((answer) => answer.currencies),
  frequencySettings: () => api.get('/api/member/payment-frequencies'),
  calculate: (selection: CalculateBody) =>
    api.post('/api/migration/calculate', { body: selection }),
  /** idempotencyKey: one per checkout attempt, so a repeated request gets the same checkout back. */
  create: (selection: ApiBody<'/api/migration/create', 'post'>) =>
    api.post('/api/migration/create', { body: selection }),
  coverage: () => api.get('/api/member/coverage'),
  productDocumentUrl: (kind: 'conditions' | 'pre_contract') =>
    `/api/member/product-documents/${kind}`,
  consent: (migrationId: number, body: ApiBody<'/api/migration/{id}/consent', 'post'>) =>
    api.post('/api/migration/{id}/consent', { path: { id: migrationId }, body }),
  paymentsConfig: () => api.get('/api/payments/config'),
  sandboxConfirm: (migrationId: number) =>
    api.post('/api/migration/{id}/sandbox-confirm', { path: { id: migrationId } }),
  migration: (migrationId: number) => api.get('/api/migration/{id}', { path: { id: migrationId } }),
  memberArea: () => api.get('/api/member/area'),
  startCardUpdate: () => api.post('/api/member/card/setup'),
  finishCardUpdate: (setupIntentId?: ApiBody<'/api/member/card', 'post'>['setupIntentId']) =>
    api.post('/api/member/card', { body: setupIntentId ? { setupIntentId } : {} }),
  /** Withdrawal in the cooling-off period (docs/shop.md): the offer, then the withdrawal made. */
  withdrawal: () => api.get('/api/member/withdrawal'),
  withdraw: () => api.post('/api/member/withdrawal'),
  /** Stop future payments outside the cooling-off period (docs/shop.md): the quote, then the stop made. */
  stopPayments: () => api.get('/api/member/stop-payments'),
  renewal: () => api.get('/api/member/renewal'),
  stopFuturePayments: (coveredUntil: string) =>
    api.post('/api/member/stop-payments', { body: { coveredUntil } }),
  payNow: () => api.post('/api/member/pay-now'),
  documentUrl: (documentId: number) => `/api/member/documents/${documentId}`,
  receiptUrl: (paymentId: number) => `/api/member/receipts/${paymentId}`,
  creditNoteUrl: (creditNoteId: number) => `/api/member/credit-notes/${creditNoteId}`,
  currentCheckout: () => api.get('/api/migration/current'),
  resumeCheckout: (migrationId: number) =>
    api.get('/api/migration/{id}/checkout', { path: { id: migrationId } }),
  /** The member's language for emails and PDFs (docs/shop.md, "Languages"). */
  saveLanguage: (language: Language) => api.put('/api/member/language', { body: { language } }),
  session: () => api.get('/api/auth/session'),
  logout: () => {
    signedIn.forget()
    return api.post('/api/auth/logout')
  },
}
