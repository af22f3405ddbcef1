import { Type, type Static } from '@sinclair/typebox'
import { documentRoutes } from '#modules/api_contract/index'


export const WebhooksStripeAnswer = Type.Object({
  received: Type.Boolean(),
})
export type WebhooksStripeAnswer = Static<typeof WebhooksStripeAnswer>

/** The contract of this module's routes: validators used by its controllers, and the JSON Schema of each success answer. */
documentRoutes({
  'webhooks.stripe': {
    summary: 'Stripe webhook (signed events)',
    access: 'stripe',
    responses: {
      200: WebhooksStripeAnswer,
    },
  },
})
