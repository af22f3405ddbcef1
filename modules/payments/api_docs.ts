import { Type, type Static } from '@sinclair/typebox'
import { documentRoutes, Nullable } from '#modules/api_contract/index'
import { restExportQueryValidator, restListQueryValidator } from '#modules/shared/index'
import {
  ledgerExportValidator,
  reconcileNowValidator,
  reconciliationIdValidator,
} from './validators.js'

export const WebhooksStripeAnswer = Type.Object({
  received: Type.Boolean(),
  ignored: Type.Optional(
    Type.String({ description: 'Why the event was recorded without being applied' })
  ),
})

/** One mismatch found by a reconciliation run (amounts in cents). */
const ReconciliationItem = Type.Object(
  {
    id: Type.Number(),
    run_id: Type.Number(),
    source: Type.String({ description: 'stripe or sandbox' }),
    kind: Type.String({
      description:
        'missing_here, missing_at_provider, amount_differs, currency_differs or status_differs',
    }),
    object_type: Type.String({ description: 'charge, refund or dispute' }),
    provider_id: Nullable(Type.String()),
    payment_key: Nullable(Type.String()),
    payment_id: Nullable(Type.Number()),
    provider_amount_cents: Nullable(Type.Number()),
    our_amount_cents: Nullable(Type.Number()),
    provider_currency: Nullable(Type.String()),
    our_currency: Nullable(Type.String()),
    provider_status: Nullable(Type.String()),
    our_status: Nullable(Type.String()),
  },
  { $id: 'ReconciliationItem' }
)
type ReconciliationItem = Static<typeof ReconciliationItem>

/** One refund, made by the portal or at the provider (amounts in cents of `currency`). */
const FinanceRefund = Type.Object(
  {
    id: Type.Number(),
    migration_id: Nullable(Type.Number()),
    migration_reference: Nullable(Type.String()),
    member_id: Nullable(Type.String()),
    payment_id: Nullable(Type.Number()),
    cancellation_id: Nullable(Type.Number()),
    provider: Type.String(),
    provider_refund_id: Nullable(Type.String()),
    provider_payment_id: Nullable(Type.String()),
    amount_cents: Type.Number(),
    currency: Type.String(),
    status: Type.String({ description: 'pending, succeeded, failed or canceled' }),
    origin: Type.String({
      description: 'portal (a cancellation) or provider (made outside the portal)',
    }),
    reason: Nullable(Type.String()),
    refunded_at: Nullable(Type.String()),
    created_at: Nullable(Type.String()),
  },
  { $id: 'FinanceRefund' }
)

/** One card dispute reported by the provider (amounts in cents). */
const FinanceDispute = Type.Object(
  {
    id: Type.Number(),
    migration_id: Nullable(Type.Number()),
    migration_reference: Nullable(Type.String()),
    member_id: Nullable(Type.String()),
    payment_id: Nullable(Type.Number()),
    provider: Type.String(),
    provider_dispute_id: Type.String(),
    provider_payment_id: Nullable(Type.String()),
    amount_cents: Type.Number(),
    currency: Type.String(),
    status: Type.String({
      description:
        "The provider's dispute status (warning_needs_response, needs_response, under_review, won, lost, …)",
    }),
    reason: Nullable(Type.String()),
    opened_at: Nullable(Type.String()),
    closed_at: Nullable(Type.String()),
    evidence_due_by: Nullable(
      Type.String({
        description:
          "The provider's deadline for the dispute's evidence (evidence_details.due_by); null when it sent none",
      })
    ),
  },
  { $id: 'FinanceDispute' }
)

const ReconcileNowAnswer = Type.Object({
  success: Type.Boolean(),
  run: Type.Object({
    id: Type.Number(),
    status: Type.String(),
    provider_rows: Type.Number(),
    mismatches: Type.Number(),
  }),
})
export type ReconcileNowAnswer = Static<typeof ReconcileNowAnswer>
export type WebhooksStripeAnswer = Static<typeof WebhooksStripeAnswer>

/** The contract of this module's routes: validators used by its controllers, and the JSON Schema of each success answer. */
documentRoutes({
  'webhooks.stripe': {
    summary: 'Stripe webhook (signed events)',
    access: 'stripe',
    responses: {
      200: WebhooksStripeAnswer,
    },
  },
  'admin.finance.reconciliation.index': {
    summary:
      'Reconciliation mismatches (Finance area; ra-data-simple-rest list: sort, range, filter {kind, object_type, run_id (default: the latest finished run), q}; total in Content-Range)',
    access: 'admin',
    query: restListQueryValidator,
    responses: { 200: Type.Array(ReconciliationItem) },
  },
  'admin.finance.reconciliation.show': {
    summary: 'One reconciliation mismatch',
    access: 'admin',
    params: reconciliationIdValidator,
    responses: { 200: ReconciliationItem },
  },
  'admin.finance.reconciliation.export': {
    summary:
      "The reconciliation mismatches of the list's filter and sort, every row, as CSV (default) or XLSX (format=xlsx); streamed, text cells formula-safe, audited (list.export)",
    access: 'admin',
    query: restExportQueryValidator,
    responses: { 200: { contentType: 'text/csv; charset=utf-8' } },
  },
  'admin.finance.ledger.export': {
    summary:
      'The ledger of a period (from..to, whole days, at most 366): payments recorded paid, refunds and disputes with provider ids, currency, amount and USD value, as CSV or XLSX (streamed; text cells formula-safe); audited',
    access: 'admin',
    query: ledgerExportValidator,
    responses: {
      200: {
        contentType: 'text/csv; charset=utf-8',
      },
    },
  },
  'admin.finance.refunds.index': {
    summary:
      'Refunds (Finance area; ra-data-simple-rest list: sort id, created_at, refunded_at, amount_cents, status, origin; range; filter {status, origin, migration_id, q = reference, member ID or provider refund id, from, to (YYYY-MM-DD)}; total in Content-Range)',
    access: 'admin',
    query: restListQueryValidator,
    responses: { 200: Type.Array(FinanceRefund) },
  },
  'admin.finance.refunds.export': {
    summary:
      "The refunds list's filter and sort (the list's sort and filter parameters, no range), every row, as CSV (default) or XLSX (format=xlsx); streamed, text cells formula-safe, audited (list.export)",
    access: 'admin',
    query: restExportQueryValidator,
    responses: { 200: { contentType: 'text/csv; charset=utf-8' } },
  },
  'admin.finance.disputes.export': {
    summary:
      "The disputes list's filter and sort (the list's sort and filter parameters, no range), every row, as CSV (default) or XLSX (format=xlsx); streamed, text cells formula-safe, audited (list.export)",
    access: 'admin',
    query: restExportQueryValidator,
    responses: { 200: { contentType: 'text/csv; charset=utf-8' } },
  },
  'admin.finance.refunds.show': {
    summary: 'One refund',
    access: 'admin',
    params: reconciliationIdValidator,
    responses: { 200: FinanceRefund },
  },
  'admin.finance.disputes.index': {
    summary:
      'Card disputes (ra-data-simple-rest list: sort id, opened_at, closed_at, amount_cents, status; range; filter {status (a provider status, or open = not won, lost or closed), migration_id, q = reference, member ID or provider dispute id, from, to}; total in Content-Range)',
    access: 'admin',
    query: restListQueryValidator,
    responses: { 200: Type.Array(FinanceDispute) },
  },
  'admin.migrations.refunds': {
    summary:
      "One migration's refunds, for its detail page (every role that reads migrations; the same list, sort, range and filter as the Finance area's refunds, kept to this migration)",
    access: 'admin',
    params: reconciliationIdValidator,
    query: restListQueryValidator,
    responses: { 200: Type.Array(FinanceRefund) },
  },
  'admin.migrations.disputes': {
    summary:
      "One migration's card disputes, for its detail page (every role that reads migrations; the same list as the Finance area's disputes, kept to this migration)",
    access: 'admin',
    params: reconciliationIdValidator,
    query: restListQueryValidator,
    responses: { 200: Type.Array(FinanceDispute) },
  },
  'admin.finance.disputes.show': {
    summary: 'One card dispute',
    access: 'admin',
    params: reconciliationIdValidator,
    responses: { 200: FinanceDispute },
  },
  'admin.finance.reconciliation.run': {
    summary:
      "Reconcile now: compares the provider's charges, refunds and disputes of whole days from..to (at most 31) with our payments",
    access: 'admin',
    body: reconcileNowValidator,
    responses: { 200: ReconcileNowAnswer },
  },
})
