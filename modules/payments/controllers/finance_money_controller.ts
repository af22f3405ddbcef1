import type { HttpContext } from '@adonisjs/core/http'
import { contentRange, readRestListQuery, restListQueryValidator } from '#modules/shared/index'
import {
  disputeList,
  refundList,
  DISPUTE_FILTERS,
  DISPUTE_SORTABLE,
  REFUND_FILTERS,
  REFUND_SORTABLE,
  type DisputeFilter,
  type RefundFilter,
} from '../cancellation/money_lists.js'
import { reconciliationIdValidator as idValidator } from '../validators.js'

const refundOptions = { sortable: REFUND_SORTABLE, defaultSort: 'id', filters: REFUND_FILTERS }
const disputeOptions = { sortable: DISPUTE_SORTABLE, defaultSort: 'id', filters: DISPUTE_FILTERS }

/** The Finance area's refunds and disputes resources (ra-data-simple-rest conventions: sort, range, filter, Content-Range). */
export default class FinanceMoneyController {
  async refunds({ request, response }: HttpContext) {
    const query = readRestListQuery<RefundFilter>(
      await restListQueryValidator.validate(request.qs()),
      refundOptions
    )
    const { rows, total } = await refundList.page(query)
    response.header('Content-Range', contentRange('refunds', query.offset, rows.length, total))
    return rows
  }

  async refund({ params }: HttpContext) {
    const { id } = await idValidator.validate(params)
    return refundList.show(id)
  }

  async disputes({ request, response }: HttpContext) {
    const query = readRestListQuery<DisputeFilter>(
      await restListQueryValidator.validate(request.qs()),
      disputeOptions
    )
    const { rows, total } = await disputeList.page(query)
    response.header('Content-Range', contentRange('disputes', query.offset, rows.length, total))
    return rows
  }

  async dispute({ params }: HttpContext) {
    const { id } = await idValidator.validate(params)
    return disputeList.show(id)
  }
}
