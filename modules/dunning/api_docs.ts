import { Type, type Static } from '@sinclair/typebox'
import { documentRoutes, Nullable } from '#modules/api_contract/index'
import { restExportQueryValidator, restListQueryValidator } from '#modules/shared/index'
import { idParamValidator } from './validators.js'

/** One dunning case of the Finance area. */
const DunningCase = Type.Object(
  {
    id: Type.Number(),
    migration_id: Type.Number(),
    migration_reference: Type.String(),
    member_name: Type.String(),
    member_id: Type.String(),
    provider_payment_id: Type.String(),
    amount: Type.Number(),
    currency: Type.String(),
    failed_at: Type.String(),
    notices_sent: Type.Number(),
    stage: Type.String({
      description: 'notice_pending, failure_email, reminder_N, paid or lapsed',
    }),
    last_notice_at: Nullable(Type.String()),
    paid: Type.Boolean(),
  },
  { $id: 'DunningCase' }
)
type DunningCase = Static<typeof DunningCase>

/** The Finance area's dunning routes: validators used by the controller, and the JSON Schema of each success answer. */
documentRoutes({
  'admin.finance.dunning.index': {
    summary:
      'Dunning cases of failed installments (Finance area; ra-data-simple-rest list: sort, range, filter {status: open|paid|lapsed, q}; total in Content-Range)',
    access: 'admin',
    query: restListQueryValidator,
    responses: { 200: Type.Array(DunningCase) },
  },
  'admin.finance.dunning.export': {
    summary:
      "The dunning list's filter and sort (the list's sort and filter parameters, no range), every case, as CSV (default) or XLSX (format=xlsx); streamed, text cells formula-safe, audited (list.export)",
    access: 'admin',
    query: restExportQueryValidator,
    responses: { 200: { contentType: 'text/csv; charset=utf-8' } },
  },
  'admin.finance.dunning.show': {
    summary: 'One dunning case (Finance area)',
    access: 'admin',
    params: idParamValidator,
    responses: { 200: DunningCase },
  },
})
