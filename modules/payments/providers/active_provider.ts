import env from '#start/env'
import { stripeClient } from '../services/stripe_client.js'
import { SandboxProvider } from './sandbox_provider.js'
import { StripeProvider } from './stripe_provider.js'
import type { PaymentProvider, ProviderName } from './payment_provider.js'

/** Stripe when a secret key is configured, otherwise the sandbox (decisions.md §7). Read on every call so configuration changes apply. */
export function activeProviderName(): ProviderName {
  return env.get('STRIPE_SECRET_KEY') ? 'stripe' : 'sandbox'
}

export function activePaymentProvider(): PaymentProvider {
  if (activeProviderName() === 'sandbox') {
    assertSandboxAllowed()
    return new SandboxProvider()
  }
  return new StripeProvider(stripeClient()!)
}

/**
 * The provider a migration was started with (which may not be the active one any more), for
 * withdrawing or refunding its payment.
 */
export function paymentProviderFor(name: string): PaymentProvider {
  if (name === 'sandbox') return new SandboxProvider()
  const stripe = stripeClient()
  if (name !== 'stripe' || !stripe)
    throw new Error(`The payment provider ${name} is not configured`)
  return new StripeProvider(stripe)
}

/** What the browser needs to show the right payment form. */
export function paymentsConfig() {
  const provider = activeProviderName()
  return {
    provider,
    publishableKey: provider === 'stripe' ? (env.get('STRIPE_PUBLISHABLE_KEY') ?? null) : null,
  }
}

/** Production never takes money through the sandbox unless explicitly allowed; called at boot. */
export function assertSandboxAllowed() {
  if (activeProviderName() !== 'sandbox' || env.get('NODE_ENV') !== 'production') return
  if (env.get('ALLOW_SANDBOX_PAYMENTS') === true) return
  throw new Error(
    'No STRIPE_SECRET_KEY is configured: refusing to run the sandbox payment provider in production (set ALLOW_SANDBOX_PAYMENTS=true to allow it)'
  )
}
