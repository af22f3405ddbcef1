import type { HttpContext } from '@adonisjs/core/http'
import { sendListExport } from '#modules/audit/index'
import {
  contentRange,
  readRestListQuery,
  restExportQueryValidator,
  restListQueryValidator,
} from '#modules/shared/index'
import {
  DUNNING_EXPORT_COLUMNS,
  dunningList,
  DUNNING_FILTERS,
  DUNNING_SORTABLE,
  type DunningFilter,
} from '../dunning_list.js'
import { idParamValidator } from '../validators.js'

/** The Finance area's dunning resource (ra-data-simple-rest conventions). */
const listOptions = {
  sortable: DUNNING_SORTABLE,
  defaultSort: 'failed_at',
  filters: DUNNING_FILTERS,
}

export default class FinanceDunningController {
  async index({ request, response }: HttpContext) {
    const query = readRestListQuery<DunningFilter>(
      await restListQueryValidator.validate(request.qs()),
      listOptions
    )
    const { rows, total } = await dunningList.page(query)
    response.header('Content-Range', contentRange('dunning', query.offset, rows.length, total))
    return rows
  }

  /** The list's filter and sort, every case, as CSV or XLSX (streamed, audited). */
  async export(ctx: HttpContext) {
    const { format, ...list } = await restExportQueryValidator.validate(ctx.request.qs())
    const query = readRestListQuery<DunningFilter>(list, listOptions)
    await sendListExport(ctx, {
      list: 'finance_dunning',
      filters: { filter: query.filter, sort: query.sort, order: query.order },
      format: format ?? 'csv',
      columns: DUNNING_EXPORT_COLUMNS,
      source: dunningList.exportSource(query),
    })
  }

  async show({ params }: HttpContext) {
    const { id } = await idParamValidator.validate(params)
    return dunningList.show(id)
  }
}
