import type Stripe from 'stripe'
import env from '#start/env'
import { createStripeClient } from '../providers/stripe_client.js'

/**
 * The Stripe SDK client when STRIPE_SECRET_KEY is set (null otherwise),
 * built from the environment on each call (cheap; configuration changes
 * apply). STRIPE_API_HOST/PORT/PROTOCOL point it at a local double in tests.
 */
export function stripeClient(): Stripe | null {
  const key = env.get('STRIPE_SECRET_KEY')
  if (!key) return null
  return createStripeClient({
    secretKey: key,
    host: env.get('STRIPE_API_HOST'),
    port: env.get('STRIPE_API_PORT'),
    protocol: env.get('STRIPE_API_PROTOCOL'),
  })
}
