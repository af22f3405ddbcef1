import type { HttpContext } from '@adonisjs/core/http'
import { adminActor } from '#modules/audit/index'
import { currencyAdminService } from '../services/currency_admin_service.js'
import { exchangeRatesService } from '../services/exchange_rates_service.js'
import { schedulerStatus } from '../services/rates_scheduler.js'
import { currencyUpdateValidator, idParamValidator } from '../validators.js'
import type {
  AdminCurrenciesIndexAnswer,
  AdminCurrenciesRefreshRatesAnswer,
  AdminCurrenciesSchedulerStatusAnswer,
  AdminCurrenciesUpdateAnswer,
} from '../api_docs.js'

/** Currencies screen: list with rates, per-currency save, manual refresh, scheduler status. */
export default class CurrenciesAdminController {
  async index(): Promise<AdminCurrenciesIndexAnswer> {
    return { success: true, ...(await currencyAdminService.overview()) }
  }

  async update(ctx: HttpContext): Promise<AdminCurrenciesUpdateAnswer> {
    const { id } = await idParamValidator.validate(ctx.request.params())
    const input = await ctx.request.validateUsing(currencyUpdateValidator)
    return {
      success: true,
      currency: await currencyAdminService.update(id, input, adminActor(ctx)),
    }
  }

  async refreshRates(ctx: HttpContext): Promise<AdminCurrenciesRefreshRatesAnswer> {
    return { success: true, ...(await exchangeRatesService.refreshOrFail(adminActor(ctx))) }
  }

  async schedulerStatus(): Promise<AdminCurrenciesSchedulerStatusAnswer> {
    return { success: true, scheduler: await schedulerStatus() }
  }
}
