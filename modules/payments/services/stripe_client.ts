import Stripe from 'stripe'
import env from '#start/env'

let client: Stripe | null | undefined

/**
 * The Stripe SDK client when STRIPE_SECRET_KEY is set (null otherwise).
 * STRIPE_API_HOST/PORT/PROTOCOL point it at a local double in tests.
 */
export function stripeClient(): Stripe | null {
  if (client !== undefined) return client
  const key = env.get('STRIPE_SECRET_KEY')
  if (!key) return (client = null)
  const host = env.get('STRIPE_API_HOST')
  client = new Stripe(key, {
    ...(host ? { host, port: env.get('STRIPE_API_PORT'), protocol: env.get('STRIPE_API_PROTOCOL', 'https') } : {}),
    maxNetworkRetries: 2,
    timeout: 20_000,
  })
  return client
}

/** Forgets the cached client (tests change the environment). */
export function resetStripeClient() {
  client = undefined
}
