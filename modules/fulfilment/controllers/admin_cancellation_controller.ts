import type { HttpContext } from '@adonisjs/core/http'
import { adminActor } from '#modules/audit/index'
import { ApiError, parseIsoDate } from '#modules/shared/index'
import { cancelCoverage } from '../cancellation/cancel_coverage.js'
import { cancellationPreviewValidator, cancellationValidator } from '../validators.js'
import type {
  AdminMigrationCancellationAnswer,
  AdminMigrationCancelAnswer,
} from '../cancellation/api_docs.js'

function realDate(value: string | undefined, field: string) {
  if (value !== undefined && !parseIsoDate(value))
    throw new ApiError(`${field} must be a real date (YYYY-MM-DD)`, 422, { field })
  return value
}

/** Cancel coverage on the migration detail (docs/payments.md, "Cancellation and refunds"). */
export default class AdminCancellationController {
  async show(ctx: HttpContext): Promise<AdminMigrationCancellationAnswer> {
    const { params, effectiveOn } = await ctx.request.validateUsing(cancellationPreviewValidator)
    return {
      success: true,
      ...(await cancelCoverage.adminView(params.id, realDate(effectiveOn, 'effectiveOn'))),
    }
  }

  async store(ctx: HttpContext): Promise<AdminMigrationCancelAnswer> {
    const { params, reason, effectiveOn } = await ctx.request.validateUsing(cancellationValidator)
    const answer = await cancelCoverage.byAdmin(
      params.id,
      { reason, effectiveOn: realDate(effectiveOn, 'effectiveOn')! },
      adminActor(ctx)
    )
    ctx.response.status(answer.created ? 201 : 200)
    return { success: true, ...answer }
  }
}
