import { Type, type Static } from '@sinclair/typebox'
import { documentRoutes, Nullable } from '#modules/api_contract/index'

/** The member's withdrawal in the cooling-off period (docs/shop.md, "Withdrawal"); amounts in cents. */
export const MemberWithdrawalAnswer = Type.Object({
  success: Type.Literal(true),
  /** Offered while in the cooling-off period: the whole amount back, cover ends today. */
  offer: Nullable(
    Type.Object({
      refundCents: Type.Number(),
      currency: Type.String(),
      coolingOffEndsOn: Type.String(),
      coveredUntil: Type.String(),
    })
  ),
  /** After withdrawing (or an administrator's cancellation): until when they were covered. */
  withdrawal: Nullable(
    Type.Object({
      coveredUntil: Type.String(),
      refundCents: Type.Number(),
      currency: Type.String(),
      status: Type.String(),
    })
  ),
  supportEmail: Type.String(),
})
export type MemberWithdrawalAnswer = Static<typeof MemberWithdrawalAnswer>

documentRoutes({
  'member.withdrawal': {
    summary:
      'Whether the member may withdraw (the amount refunded) or, after it, until when they were covered',
    access: 'member',
    responses: { 200: MemberWithdrawalAnswer },
  },
  'member.withdraw': {
    summary:
      'Withdraw within the cooling-off period: the coverage ends today and the whole amount is refunded; 409 after the period. Repeating it answers the withdrawal made.',
    access: 'member',
    responses: { 200: MemberWithdrawalAnswer },
  },
})
