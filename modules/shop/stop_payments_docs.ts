import { Type, type Static } from '@sinclair/typebox'
import { documentRoutes, Nullable } from '#modules/api_contract/index'
import { stopPaymentsValidator } from './validators.js'

/** Stop future payments of an installment plan (docs/shop.md, "Stop future payments"); amounts in cents. */
export const MemberStopPaymentsAnswer = Type.Object({
  success: Type.Literal(true),
  /** Offered outside the cooling-off period while installments remain: what a stop means now. */
  quote: Nullable(
    Type.Object({
      coveredUntil: Type.String(),
      refundCents: Type.Number(),
      paidCents: Type.Number(),
      unpaidCount: Type.Number(),
      unpaidCents: Type.Number(),
      currency: Type.String(),
    })
  ),
  /** After the stop: the last day of cover and the refund (none under docs/pricing.md's rule). */
  stopped: Nullable(
    Type.Object({
      coveredUntil: Type.String(),
      refundCents: Type.Number(),
      currency: Type.String(),
      status: Type.String(),
    })
  ),
  supportEmail: Type.String(),
})
export type MemberStopPaymentsAnswer = Static<typeof MemberStopPaymentsAnswer>

documentRoutes({
  'member.stop_payments': {
    summary:
      'What stopping the future payments means now: the last day of cover (the end of the last paid period), the installments no longer charged and the refund; or the stop made',
    access: 'member',
    responses: { 200: MemberStopPaymentsAnswer },
  },
  'member.stop_payments_confirm': {
    summary:
      'Stop the future payments as quoted (coveredUntil: the quoted last day of cover); 409 in the cooling-off period, without future installments or when the quote changed. Repeating it answers the stop made.',
    access: 'member',
    body: stopPaymentsValidator,
    responses: { 200: MemberStopPaymentsAnswer },
  },
})
