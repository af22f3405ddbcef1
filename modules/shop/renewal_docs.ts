import { Type, type Static } from '@sinclair/typebox'
import { documentRoutes, Nullable } from '#modules/api_contract/index'

/** The member area's renewal card (docs/shop.md, "Renewal"); amounts in decimal units. */
export const MemberRenewalAnswer = Type.Object({
  success: Type.Literal(true),
  /** Offered from RENEWAL_INVITATION_DAYS before the end date until the day before it, once per migration. */
  renewal: Nullable(
    Type.Object({
      migrationId: Type.Number(),
      migrationReference: Type.String(),
      /** The end date of the term renewed: the renewal starts on it. */
      endDate: Type.String(),
      opensOn: Type.String(),
      /** What Renew checks out (the term's members still in the family, its duration, frequency and currency). */
      selection: Type.Object({
        memberIds: Type.Array(Type.Number()),
        durationType: Type.String(),
        paymentFrequency: Type.String(),
        currency: Type.String(),
      }),
      /** Today's price of the renewed term (today's products and rates), as the checkout will compute it. */
      price: Type.Object({
        totalAmount: Type.Number(),
        currency: Type.String(),
        startDate: Type.String(),
        endDate: Type.String(),
        numberOfPayments: Type.Number(),
        subscriptionAmount: Type.Number(),
      }),
    })
  ),
})
export type MemberRenewalAnswer = Static<typeof MemberRenewalAnswer>

documentRoutes({
  'member.renewal': {
    summary:
      "The renewal offer of the member's coverage whose end date is near: its end date and today's price of a term starting then; null when none is due or it was renewed",
    access: 'member',
    responses: { 200: MemberRenewalAnswer },
  },
})
