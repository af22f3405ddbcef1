import type { HttpContext } from '@adonisjs/core/http'
import type { Member } from '#modules/members/index'

/** The principal whose session it is; the area guard has already required a member session. */
export const signedInMember = (ctx: HttpContext) => ctx.auth.use('member').user as Member
