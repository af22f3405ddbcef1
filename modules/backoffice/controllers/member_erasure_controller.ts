import type { HttpContext } from '@adonisjs/core/http'
import { adminActor } from '#modules/audit/index'
import { eraseMember } from '../services/member_erasure.js'
import { erasureValidator, idParamValidator } from '../validators.js'
import type { BackofficeMemberErasureAnswer } from '../api_docs.js'

/** An administrator answers a member's erasure request (docs/privacy.md). */
export default class MemberErasureController {
  async store(ctx: HttpContext): Promise<BackofficeMemberErasureAnswer> {
    const { id } = await idParamValidator.validate(ctx.params)
    const { confirmation } = await ctx.request.validateUsing(erasureValidator)
    const outcome = await eraseMember(id, confirmation, adminActor(ctx))
    ctx.response.status(outcome.erased ? 201 : 200)
    return {
      success: true,
      message: outcome.erased ? 'Personal data erased' : 'Personal data already erased',
      ...outcome,
    }
  }
}
