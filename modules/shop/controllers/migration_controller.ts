import type { HttpContext } from '@adonisjs/core/http'
import type { Member } from '#modules/members/index'
import { confirmSandboxPayment, createMigration, ownMigration, quoteFor } from '#modules/migrations/index'
import { toPricingResult } from '#modules/pricing/index'
import { calculateValidator, createMigrationValidator, migrationIdValidator } from '../validators.js'

const principalOf = (ctx: HttpContext) => ctx.auth.use('member').user as Member

export default class MigrationController {
  async calculate(ctx: HttpContext) {
    const { fixedEndDate: _ignored, ...request } = await ctx.request.validateUsing(calculateValidator)
    const { quote } = await quoteFor(principalOf(ctx), request)
    return { success: true, ...toPricingResult(quote) }
  }

  async create(ctx: HttpContext) {
    const request = await ctx.request.validateUsing(createMigrationValidator)
    return { success: true, ...(await createMigration(principalOf(ctx), request)) }
  }

  async show(ctx: HttpContext) {
    const { id } = await migrationIdValidator.validate(ctx.params)
    return { success: true, migration: await ownMigration(principalOf(ctx), id) }
  }

  async sandboxConfirm(ctx: HttpContext) {
    const { id } = await migrationIdValidator.validate(ctx.params)
    return { success: true, ...(await confirmSandboxPayment(principalOf(ctx), id)) }
  }
}
