import { Type, type Static } from '@sinclair/typebox'
import { documentRoutes } from '#modules/api_contract/index'
import { restListQueryValidator } from '#modules/shared/index'
import { reconcileNowValidator, reconciliationIdValidator } from './validators.js'

export const WebhooksStripeAnswer = Type.Object({
  received: Type.Boolean(),
  ignored: Type.Optional(Type.String({ description: 'Why the event was recorded without being applied' })),
})

/** One mismatch found by a reconciliation run (amounts in cents). */
export const ReconciliationItem = Type.Object({
  id: Type.Number(),
  run_id: Type.Number(),
  source: Type.String({ description: 'stripe or sandbox' }),
  kind: Type.String({ description: 'missing_here, missing_at_provider, amount_differs, currency_differs or status_differs' }),
  object_type: Type.String({ description: 'charge, refund or dispute' }),
  provider_id: Type.Union([Type.String(), Type.Null()]),
  payment_key: Type.Union([Type.String(), Type.Null()]),
  payment_id: Type.Union([Type.Number(), Type.Null()]),
  provider_amount_cents: Type.Union([Type.Number(), Type.Null()]),
  our_amount_cents: Type.Union([Type.Number(), Type.Null()]),
  provider_currency: Type.Union([Type.String(), Type.Null()]),
  our_currency: Type.Union([Type.String(), Type.Null()]),
  provider_status: Type.Union([Type.String(), Type.Null()]),
  our_status: Type.Union([Type.String(), Type.Null()]),
}, { $id: 'ReconciliationItem' })
export type ReconciliationItem = Static<typeof ReconciliationItem>

export const ReconcileNowAnswer = Type.Object({
  success: Type.Boolean(),
  run: Type.Object({ id: Type.Number(), status: Type.String(), provider_rows: Type.Number(), mismatches: Type.Number() }),
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
    summary: 'Reconciliation mismatches (Finance area; ra-data-simple-rest list: sort, range, filter {kind, object_type, run_id (default: the latest finished run), q}; total in Content-Range)',
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
    summary: 'The reconciliation mismatches of a filter as CSV (same filter parameter as the list)',
    access: 'admin',
    query: restListQueryValidator,
    responses: { 200: { contentType: 'text/csv; charset=utf-8' } },
  },
  'admin.finance.reconciliation.run': {
    summary: "Reconcile now: compares the provider's charges, refunds and disputes of whole days from..to (at most 31) with our payments",
    access: 'admin',
    body: reconcileNowValidator,
    responses: { 200: ReconcileNowAnswer },
  },
})
