import type { HttpContext } from '@adonisjs/core/http'
import { renewalOffer } from '#modules/migrations/index'
import { fromCents, isoDate } from '#modules/shared/index'
import { signedInMember } from './signed_in_member.js'
import type { MemberRenewalAnswer } from '../renewal_docs.js'

/** The member area's renewal card (docs/shop.md, "Renewal"). */
export default class RenewalController {
  async show(ctx: HttpContext): Promise<MemberRenewalAnswer> {
    const offer = await renewalOffer(signedInMember(ctx))
    if (!offer) return { success: true, renewal: null }
    const { migration, quote } = offer
    return {
      success: true,
      renewal: {
        migrationId: migration.id,
        migrationReference: migration.migration_reference,
        endDate: isoDate(migration.end_date)!,
        opensOn: offer.opensOn,
        selection: offer.selection,
        price: {
          totalAmount: fromCents(quote.totalAmount),
          currency: quote.currency.code,
          startDate: quote.startDate,
          endDate: quote.endDate,
          numberOfPayments: quote.numberOfPayments,
          subscriptionAmount: fromCents(quote.subscriptionAmount),
        },
      },
    }
  }
}
