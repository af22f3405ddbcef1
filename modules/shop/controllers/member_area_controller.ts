import type { HttpContext } from '@adonisjs/core/http'
import { existsSync } from 'node:fs'
import { ApiError } from '#modules/shared/index'
import { signedInMember } from './signed_in_member.js'
import {
  cardUpdate,
  memberArea,
  ownCreditNote,
  ownDocument,
  ownReceipt,
  payNow,
} from '../services/member_area.js'
import { cardUpdateValidator, routeIdValidator } from '../validators.js'
import type {
  MemberAreaAnswer,
  MemberCardSetupAnswer,
  MemberCardUpdateAnswer,
  MemberPayNowAnswer,
} from '../api_docs.js'

/** The member area after payment (docs/shop.md): overview, schedule and policy documents. */
export default class MemberAreaController {
  async show(ctx: HttpContext): Promise<MemberAreaAnswer> {
    return { success: true, ...(await memberArea(signedInMember(ctx))) }
  }

  async payNow(ctx: HttpContext): Promise<MemberPayNowAnswer> {
    return { success: true, ...(await payNow(signedInMember(ctx))) }
  }

  async startCardUpdate(ctx: HttpContext): Promise<MemberCardSetupAnswer> {
    return { success: true, ...(await cardUpdate.start(signedInMember(ctx))) }
  }

  async finishCardUpdate(ctx: HttpContext): Promise<MemberCardUpdateAnswer> {
    const { setupIntentId } = await ctx.request.validateUsing(cardUpdateValidator)
    return {
      success: true,
      ...(await cardUpdate.finish(signedInMember(ctx), setupIntentId ?? null)),
    }
  }

  /** Streams the stored PDF; another member's document is a 404. */
  async document(ctx: HttpContext) {
    const { id } = await routeIdValidator.validate(ctx.params)
    const { path, fileName } = await ownDocument(signedInMember(ctx), id)
    if (!existsSync(path)) throw new ApiError('Document not found', 404)
    ctx.response.header('Content-Type', 'application/pdf')
    ctx.response.attachment(path, fileName)
  }

  /** The receipt PDF of a paid installment, made on request (the same one the receipt email attaches). */
  async receipt(ctx: HttpContext) {
    const { id } = await routeIdValidator.validate(ctx.params)
    const { pdf, fileName } = await ownReceipt(signedInMember(ctx), id)
    ctx.response.header('Content-Type', 'application/pdf')
    ctx.response.header('Content-Disposition', `attachment; filename="${fileName}"`)
    ctx.response.send(pdf)
  }

  /** A credit note of a refund (the PDF the credit-note email attached); another member's is a 404. */
  async creditNote(ctx: HttpContext) {
    const { id } = await routeIdValidator.validate(ctx.params)
    const { content, fileName } = await ownCreditNote(signedInMember(ctx), id)
    ctx.response.header('Content-Type', 'application/pdf')
    ctx.response.header('Content-Disposition', `attachment; filename="${fileName}"`)
    ctx.response.send(content)
  }
}
