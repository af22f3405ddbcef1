import type { HttpContext } from '@adonisjs/core/http'
import type { ReconcileNowAnswer } from '../api_docs.js'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { adminActor, recordAudit, sendListExport } from '#modules/audit/index'
import {
  ApiError,
  contentRange,
  fieldColumns,
  readRestListQuery,
  restExportQueryValidator,
  restListQueryValidator,
} from '#modules/shared/index'
import { reconcile } from '../reconciliation/reconcile.js'
import { reconcileNowValidator, reconciliationIdValidator } from '../validators.js'
import {
  RECONCILIATION_EXPORT_FIELDS,
  reconciliationList,
  RECONCILIATION_FILTERS,
  RECONCILIATION_SORTABLE,
  type ReconciliationFilter,
  type ReconciliationItem,
} from '../reconciliation/reconciliation_list.js'

const listOptions = {
  sortable: RECONCILIATION_SORTABLE,
  defaultSort: 'id',
  filters: RECONCILIATION_FILTERS,
}

/** The Finance area's reconciliation resource (ra-data-simple-rest conventions), Reconcile now and the export. */
export default class FinanceReconciliationController {
  async index({ request, response }: HttpContext) {
    const query = readRestListQuery<ReconciliationFilter>(
      await restListQueryValidator.validate(request.qs()),
      listOptions
    )
    const { rows, total } = await reconciliationList.page(query)
    response.header(
      'Content-Range',
      contentRange('reconciliation', query.offset, rows.length, total)
    )
    return rows
  }

  async show({ params }: HttpContext) {
    const { id } = await reconciliationIdValidator.validate(params)
    return reconciliationList.show(id)
  }

  /** Reconcile now: whole days, from 00:00 of `from` to 24:00 of `to` (server time), at most 31 days. */
  async run(ctx: HttpContext): Promise<ReconcileNowAnswer> {
    const { from, to } = await reconcileNowValidator.validate(ctx.request.body())
    const start = DateTime.fromJSDate(from).startOf('day')
    const end = DateTime.fromJSDate(to).endOf('day')
    if (end < start)
      throw new ApiError('The end date must not be before the start date', 422, { field: 'to' })
    if (end.diff(start, 'days').days > 31)
      throw new ApiError('Reconcile at most 31 days at once', 422, { field: 'to' })
    const actor = adminActor(ctx)
    const runId = await reconcile({ from: start, to: end, trigger: 'manual', startedBy: actor })
    const run = await db.from('reconciliation_runs').where('id', runId).firstOrFail()
    await db.transaction((trx) =>
      recordAudit(trx, {
        actor,
        action: 'reconciliation.run',
        entityType: 'reconciliation_run',
        entityId: runId,
        after: { from: start.toISODate(), to: end.toISODate(), mismatches: Number(run.mismatches) },
      })
    )
    return {
      success: true,
      run: {
        id: runId,
        status: run.status,
        provider_rows: Number(run.provider_rows),
        mismatches: Number(run.mismatches),
      },
    }
  }

  /** The filtered, sorted list as CSV (default) or XLSX, streamed and audited. */
  async export(ctx: HttpContext) {
    const { format, ...list } = await restExportQueryValidator.validate(ctx.request.qs())
    const query = readRestListQuery<ReconciliationFilter>(list, listOptions)
    await sendListExport(ctx, {
      list: 'finance_reconciliation',
      filters: { filter: query.filter, sort: query.sort, order: query.order },
      format: format ?? 'csv',
      columns: fieldColumns<ReconciliationItem>(RECONCILIATION_EXPORT_FIELDS),
      source: reconciliationList.exportSource(query),
    })
  }
}
