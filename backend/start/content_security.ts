import type { IncomingMessage, ServerResponse } from 'node:http'

/**
 * The pages that may load Stripe.js, and only while Stripe is the active
 * payment provider: the checkout, and the member area (/shop/already-migrated)
 * where a member updates the card of a recurring plan. SecurityHeadersMiddleware
 * marks their responses here and the Content-Security-Policy (config/shield.ts)
 * adds Stripe's origins for them only. Everything else is limited to the
 * app's own origin.
 */
export const STRIPE_PAGES: ReadonlySet<string> = new Set([
  '/shop/checkout',
  '/shop/already-migrated',
])

const stripeCheckoutResponses = new WeakSet<ServerResponse>()

export function allowStripeOn(response: ServerResponse) {
  stripeCheckoutResponses.add(response)
}

/** Stripe's origins for one CSP directive (stripe.com/docs/security/guide#content-security-policy). */
const STRIPE_SOURCES = {
  script: 'https://js.stripe.com https://*.js.stripe.com',
  frame: 'https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com',
  connect: 'https://api.stripe.com',
  img: 'https://*.stripe.com',
} as const

/** A CSP directive value computed per response (helmet-csp calls it with the Node request and response). */
export function stripeSources(kind: keyof typeof STRIPE_SOURCES) {
  return (_request: IncomingMessage, response: ServerResponse) =>
    stripeCheckoutResponses.has(response) ? STRIPE_SOURCES[kind] : ''
}
