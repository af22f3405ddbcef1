import { documentRoutes } from '#modules/api_contract/index'
import { restListQueryValidator } from '#modules/shared/index'
import { reconcileNowValidator, reconciliationIdValidator } from './validators.js'

/** One mismatch found by a reconciliation run (amounts in cents). */
const RECONCILIATION_ITEM = {
  type: 'object',
  properties: {
    id: { type: 'number' },
    run_id: { type: 'number' },
    source: { type: 'string', description: 'stripe or sandbox' },
    kind: { type: 'string', description: 'missing_here, missing_at_provider, amount_differs, currency_differs or status_differs' },
    object_type: { type: 'string', description: 'charge, refund or dispute' },
    provider_id: { type: ['string', 'null'] },
    payment_key: { type: ['string', 'null'] },
    payment_id: { type: ['number', 'null'] },
    provider_amount_cents: { type: ['number', 'null'] },
    our_amount_cents: { type: ['number', 'null'] },
    provider_currency: { type: ['string', 'null'] },
    our_currency: { type: ['string', 'null'] },
    provider_status: { type: ['string', 'null'] },
    our_status: { type: ['string', 'null'] },
  },
  required: ['id', 'run_id', 'source', 'kind', 'object_type', 'provider_id', 'payment_key', 'payment_id', 'provider_amount_cents', 'our_amount_cents', 'provider_currency', 'our_currency', 'provider_status', 'our_status'],
}

/** The contract of this module's routes: validators used by its controllers, and the JSON Schema of each success answer. */
documentRoutes({
  'admin.finance.reconciliation.index': {
    summary: 'Reconciliation mismatches (Finance area; ra-data-simple-rest list: sort, range, filter {kind, object_type, run_id (default: the latest finished run), q}; total in Content-Range)',
    access: 'admin',
    query: restListQueryValidator,
    responses: { 200: { type: 'array', items: RECONCILIATION_ITEM } },
  },
  'admin.finance.reconciliation.show': {
    summary: 'One reconciliation mismatch',
    access: 'admin',
    params: reconciliationIdValidator,
    responses: { 200: RECONCILIATION_ITEM },
  },
  'admin.finance.reconciliation.export': {
    summary: 'The reconciliation mismatches of a filter as CSV (same filter parameter as the list)',
    access: 'admin',
    query: restListQueryValidator,
    responses: { 200: { contentType: 'text/csv; charset=utf-8' } },
  },
  'admin.finance.reconciliation.run': {
    summary: 'Reconcile now: compares the provider\'s charges, refunds and disputes of whole days from..to (at most 31) with our payments',
    access: 'admin',
    body: reconcileNowValidator,
    responses: {
      200: {
        type: 'object',
        properties: {
          success: { type: 'boolean' },
          run: {
            type: 'object',
            properties: { id: { type: 'number' }, status: { type: 'string' }, provider_rows: { type: 'number' }, mismatches: { type: 'number' } },
            required: ['id', 'status', 'provider_rows', 'mismatches'],
          },
        },
        required: ['success', 'run'],
      },
    },
  },
  'webhooks.stripe': {
    summary: 'Stripe webhook (signed events)',
    access: 'stripe',
    responses: {
      200: {
        type: 'object',
        properties: { received: { type: 'boolean' }, ignored: { type: 'string', description: 'Why the event was recorded without being applied' } },
        required: ['received'],
      },
    },
  },
})
