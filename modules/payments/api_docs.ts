import { documentRoutes } from '#modules/api_contract/index'

/** The contract of this module's routes: validators used by its controllers, and the JSON Schema of each success answer. */
documentRoutes({
  'webhooks.stripe': {
    summary: 'Stripe webhook (signed events)',
    access: 'stripe',
    responses: {
      200: {
        type: 'object',
        properties: { received: { type: 'boolean' }, ignored: { type: 'string', description: 'Why the event was recorded without being applied' } },
        required: ['received'],
      },
    },
  },
})
