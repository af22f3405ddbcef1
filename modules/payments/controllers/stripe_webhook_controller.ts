import type { HttpContext } from '@adonisjs/core/http'
import { recordWebhookEvent } from '#modules/observability/index'
import { verifyStripeEvent } from '../webhooks/verify_stripe_signature.js'
import { processPaymentEvent } from '../webhooks/process_payment_event.js'
import type { WebhooksStripeAnswer } from '../api_docs.js'

export default class StripeWebhookController {
  /** The signature is checked on the exact bytes Stripe sent, hence request.raw(). */
  async handle({ request }: HttpContext): Promise<WebhooksStripeAnswer> {
    const event = verifyStripeEvent(request.raw(), request.header('stripe-signature'))
    const { ignored } = await processPaymentEvent(event)
    recordWebhookEvent(event.type, event.created)
    // 2xx either way: an event that cannot be applied is recorded with its reason, not retried.
    return ignored ? { received: true, ignored } : { received: true }
  }
}
