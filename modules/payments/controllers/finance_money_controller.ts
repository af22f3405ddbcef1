import type { HttpContext } from '@adonisjs/core/http'
import { sendListExport } from '#modules/audit/index'
import {
  contentRange,
  fieldColumns,
  readRestListQuery,
  restExportQueryValidator,
  restListQueryValidator,
  type RestListQuery,
} from '#modules/shared/index'
import {
  disputeList,
  refundList,
  DISPUTE_FILTERS,
  DISPUTE_SORTABLE,
  REFUND_FILTERS,
  REFUND_SORTABLE,
  type DisputeFilter,
  type DisputeRow,
  type RefundFilter,
  type RefundRow,
} from '../cancellation/money_lists.js'
import { reconciliationIdValidator as idValidator } from '../validators.js'

const refunds = {
  resource: 'refunds',
  list: refundList,
  options: { sortable: REFUND_SORTABLE, defaultSort: 'id', filters: REFUND_FILTERS },
}
const disputes = {
  resource: 'disputes',
  list: disputeList,
  options: { sortable: DISPUTE_SORTABLE, defaultSort: 'id', filters: DISPUTE_FILTERS },
}

const REFUND_EXPORT_FIELDS: (keyof RefundRow)[] = [
  'id',
  'created_at',
  'refunded_at',
  'migration_reference',
  'member_id',
  'provider',
  'provider_refund_id',
  'provider_payment_id',
  'amount_cents',
  'currency',
  'status',
  'origin',
  'reason',
]
const DISPUTE_EXPORT_FIELDS: (keyof DisputeRow)[] = [
  'id',
  'opened_at',
  'closed_at',
  'evidence_due_by',
  'migration_reference',
  'member_id',
  'provider',
  'provider_dispute_id',
  'provider_payment_id',
  'amount_cents',
  'currency',
  'status',
  'reason',
]

interface MoneyList<F extends Record<string, string>> {
  resource: string
  list: { page(query: RestListQuery<F>): Promise<{ rows: unknown[]; total: number }> }
  options: Parameters<typeof readRestListQuery<F>>[1]
}

/** One page of a money list as ra-data-simple-rest reads it; `migrationId` keeps it to one migration. */
async function listPage<F extends { migration_id: string }>(
  { request, response }: HttpContext,
  money: MoneyList<F>,
  migrationId?: number
) {
  const query = readRestListQuery<F>(
    await restListQueryValidator.validate(request.qs()),
    money.options
  )
  if (migrationId !== undefined)
    query.filter = { ...query.filter, migration_id: String(migrationId) }
  const { rows, total } = await money.list.page(query)
  response.header('Content-Range', contentRange(money.resource, query.offset, rows.length, total))
  return rows
}

/**
 * The Finance area's refunds and disputes resources (ra-data-simple-rest conventions: sort, range,
 * filter, Content-Range), and the same lists of one migration for its detail page: every role that
 * reads migrations reads those, while the whole lists are the Finance area's (docs/security.md).
 */
export default class FinanceMoneyController {
  async refunds(ctx: HttpContext) {
    return listPage<RefundFilter>(ctx, refunds)
  }

  /** The refunds list's filter and sort, every row, as CSV or XLSX (streamed, audited). */
  async refundsExport(ctx: HttpContext) {
    const { format, ...list } = await restExportQueryValidator.validate(ctx.request.qs())
    const query = readRestListQuery<RefundFilter>(list, refunds.options)
    await sendListExport(ctx, {
      list: 'finance_refunds',
      filters: { filter: query.filter, sort: query.sort, order: query.order },
      format: format ?? 'csv',
      columns: fieldColumns<RefundRow>(REFUND_EXPORT_FIELDS),
      source: refundList.exportSource(query),
    })
  }

  async disputesExport(ctx: HttpContext) {
    const { format, ...list } = await restExportQueryValidator.validate(ctx.request.qs())
    const query = readRestListQuery<DisputeFilter>(list, disputes.options)
    await sendListExport(ctx, {
      list: 'finance_disputes',
      filters: { filter: query.filter, sort: query.sort, order: query.order },
      format: format ?? 'csv',
      columns: fieldColumns<DisputeRow>(DISPUTE_EXPORT_FIELDS),
      source: disputeList.exportSource(query),
    })
  }

  async migrationRefunds(ctx: HttpContext) {
    const { id } = await idValidator.validate(ctx.params)
    return listPage<RefundFilter>(ctx, refunds, id)
  }

  async refund({ params }: HttpContext) {
    const { id } = await idValidator.validate(params)
    return refundList.show(id)
  }

  async disputes(ctx: HttpContext) {
    return listPage<DisputeFilter>(ctx, disputes)
  }

  async migrationDisputes(ctx: HttpContext) {
    const { id } = await idValidator.validate(ctx.params)
    return listPage<DisputeFilter>(ctx, disputes, id)
  }

  async dispute({ params }: HttpContext) {
    const { id } = await idValidator.validate(params)
    return disputeList.show(id)
  }
}
