import Stripe from 'stripe'
import env from '#start/env'
import { ApiError } from '#modules/shared/index'

/** Signature checks need no API key; a dummy one satisfies the SDK's constructor. */
const verifier = new Stripe('sk_signature_check_only')

/**
 * Turns a webhook request into a Stripe event, or refuses it: 400 for a
 * missing or wrong signature, 503 when no secret is configured (Stripe then
 * retries later instead of losing the event).
 */
export function verifyStripeEvent(
  rawBody: string | null,
  signature: string | undefined
): Stripe.Event {
  const secret = env.get('STRIPE_WEBHOOK_SECRET')
  if (!secret) throw new ApiError('Stripe webhooks are not configured on this server', 503)
  if (!rawBody || !signature) throw new ApiError('Missing Stripe signature or body', 400)
  try {
    return verifier.webhooks.constructEvent(rawBody, signature, secret)
  } catch {
    throw new ApiError('Invalid Stripe signature', 400)
  }
}
