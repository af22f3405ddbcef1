import type { HttpContext } from '@adonisjs/core/http'
import { signedInMember } from './signed_in_member.js'
import { auditDataExport, exportLanguage, memberDataOf } from '../services/member_data_export.js'
import { memberDataPdf } from '../services/member_data_pdf.js'
import type { MemberDataAnswer } from '../api_docs.js'

/** "Download my data" (docs/privacy.md): the signed-in principal's own data only, each request audited. */
export default class MemberDataController {
  async json(ctx: HttpContext): Promise<MemberDataAnswer> {
    const principal = signedInMember(ctx)
    const data = await memberDataOf(principal)
    await auditDataExport(principal, 'json')
    ctx.response.header(
      'Content-Disposition',
      `attachment; filename="my-data-${principal.member_id}.json"`
    )
    return { success: true, data }
  }

  async pdf(ctx: HttpContext) {
    const principal = signedInMember(ctx)
    const pdf = await memberDataPdf(await memberDataOf(principal), exportLanguage(principal))
    await auditDataExport(principal, 'pdf')
    ctx.response.header('Content-Type', 'application/pdf')
    ctx.response.header(
      'Content-Disposition',
      `attachment; filename="my-data-${principal.member_id}.pdf"`
    )
    ctx.response.send(pdf)
  }
}
