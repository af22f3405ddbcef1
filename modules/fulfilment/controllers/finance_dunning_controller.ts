import type { HttpContext } from '@adonisjs/core/http'
import { contentRange, readRestListQuery, restListQueryValidator } from '#modules/shared/index'
import {
  dunningList,
  DUNNING_FILTERS,
  DUNNING_SORTABLE,
  type DunningFilter,
} from '../dunning/dunning_list.js'
import { idParamValidator } from '../admin_validators.js'

/** The Finance area's dunning resource (ra-data-simple-rest conventions). */
export default class FinanceDunningController {
  async index({ request, response }: HttpContext) {
    const query = readRestListQuery<DunningFilter>(
      await restListQueryValidator.validate(request.qs()),
      { sortable: DUNNING_SORTABLE, defaultSort: 'failed_at', filters: DUNNING_FILTERS }
    )
    const { rows, total } = await dunningList.page(query)
    response.header('Content-Range', contentRange('dunning', query.offset, rows.length, total))
    return rows
  }

  async show({ params }: HttpContext) {
    const { id } = await idParamValidator.validate(params)
    return dunningList.show(id)
  }
}
