import Stripe from 'stripe'

export interface StripeSettings {
  secretKey: string
  host?: string
  port?: number
  protocol?: 'http' | 'https'
}

/** The real SDK; host/port/protocol let tests point it at a local HTTP double of the Stripe API. */
export function createStripeClient(settings: StripeSettings): Stripe {
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(settings.host ? { host: settings.host } : {}),
    ...(settings.port ? { port: settings.port } : {}),
    ...(settings.protocol ? { protocol: settings.protocol } : {}),
  })
}
