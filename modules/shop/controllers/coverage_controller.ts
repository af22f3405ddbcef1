import type { HttpContext } from '@adonisjs/core/http'
import { productDocuments } from '#modules/documents/index'
import { languageOf } from '#modules/shared/index'
import { signedInMember } from './signed_in_member.js'
import { coverageTerms } from '../services/coverage_terms.js'
import { productDocumentKindValidator } from '../validators.js'
import type { MemberCoverageAnswer } from '../api_docs.js'

/** What the member buys, shown before paying, and the product's documents to open. */
export default class CoverageController {
  async show(ctx: HttpContext): Promise<MemberCoverageAnswer> {
    return { success: true, ...(await coverageTerms(signedInMember(ctx))) }
  }

  /**
   * The member's product's policy conditions or pre-contract information, opened in the browser,
   * in the language the member chose in the shop (else English).
   */
  async document(ctx: HttpContext) {
    const { kind } = await productDocumentKindValidator.validate(ctx.params)
    const member = signedInMember(ctx)
    const { fileName, content } = await productDocuments.file(
      member.product_name,
      kind,
      languageOf(member.language)
    )
    ctx.response.header('Content-Type', 'application/pdf')
    ctx.response.header(
      'Content-Disposition',
      `inline; filename="${fileName.replace(/["\\\r\n]/g, '_')}"`
    )
    ctx.response.send(content)
  }
}
