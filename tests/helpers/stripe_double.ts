import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'

export interface RecordedStripeCall {
  method: string
  path: string
  form: URLSearchParams
  params: Record<string, string>
  authorization: string | undefined
}

/**
 * A local stand-in for the Stripe endpoints the project uses (customers,
 * prices, payment intents, subscriptions), so the real SDK runs with no
 * network. Objects it creates can be read back with GET.
 */
export class StripeDouble {
  requests: RecordedStripeCall[] = []
  objects = new Map<string, Record<string, any>>()
  #server: Server | null = null
  #next = 0

  async start() {
    this.#server = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk) => (body += chunk))
      request.on('end', () => {
        const form = new URLSearchParams(body)
        const path = request.url!.split('?')[0]
        this.requests.push({ method: request.method!, path, form, params: Object.fromEntries(form), authorization: request.headers.authorization })
        const answer = this.#answer(request.method!, path, form)
        response.writeHead(answer ? 200 : 404, { 'Content-Type': 'application/json', 'Request-Id': `req_${++this.#next}` })
        response.end(JSON.stringify(answer ?? { error: { type: 'invalid_request_error', message: `No double for ${request.method} ${path}` } }))
      })
    })
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve))
    return this
  }

  get port() {
    return (this.#server!.address() as AddressInfo).port
  }

  /** The real SDK, pointed at this double. */
  client() {
    return new Stripe('sk_test_double', { host: '127.0.0.1', port: this.port, protocol: 'http', maxNetworkRetries: 0 })
  }

  async stop() {
    await new Promise<void>((resolve) => this.#server?.close(() => resolve()))
  }

  #answer(method: string, path: string, form: URLSearchParams) {
    const metadata = Object.fromEntries([...form].filter(([key]) => key.startsWith('metadata[')).map(([key, value]) => [key.slice(9, -1), value]))
    const now = Math.floor(Date.now() / 1000)
    const newId = (prefix: string) => `${prefix}_double_${++this.#next}`
    const create = (prefix: string, object: Record<string, any>) => {
      const id = newId(prefix)
      this.objects.set(id, { id, created: now, livemode: false, metadata, ...object })
      return this.objects.get(id)
    }
    if (method === 'POST' && path === '/v1/customers') return create('cus', { object: 'customer', email: form.get('email') })
    if (method === 'POST' && path === '/v1/prices') {
      return create('price', { object: 'price', unit_amount: Number(form.get('unit_amount')), currency: form.get('currency') })
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const intent = newId('pi')
      this.objects.set(intent, { id: intent, object: 'payment_intent', created: now, metadata, amount: Number(form.get('amount')), currency: form.get('currency'), status: 'requires_payment_method', client_secret: `${intent}_secret_abc` })
      return this.objects.get(intent)
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      const intent = newId('pi')
      return create('sub', {
        object: 'subscription',
        status: 'incomplete',
        customer: form.get('customer'),
        items: { object: 'list', data: [{ current_period_end: now + 30 * 86400 }] },
        latest_invoice: { id: newId('in'), object: 'invoice', confirmation_secret: { type: 'payment_intent', client_secret: `${intent}_secret_sub` } },
      })
    }
    const found = path.match(/^\/v1\/(subscriptions|payment_intents|customers|prices)\/([^/]+)$/)
    if (method === 'GET' && found) return this.objects.get(found[2]) ?? null
    return null
  }
}

/** The double as a plain handle: port, recorded calls and close(). */
export async function startStripeDouble() {
  const double = await new StripeDouble().start()
  return { port: double.port, calls: double.requests, close: () => double.stop() }
}

const STRIPE_ENV = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_HOST', 'STRIPE_API_PORT', 'STRIPE_API_PROTOCOL'] as const

/**
 * Points the app's Stripe configuration at a double on `port` and returns
 * the function that restores the previous configuration (the sandbox).
 */
export async function useStripeEnv(port: number, extra: { webhookSecret?: string } = {}) {
  const env = (await import('#start/env')).default
  const saved = Object.fromEntries(STRIPE_ENV.map((key) => [key, env.get(key)]))
  env.set('STRIPE_SECRET_KEY', 'sk_test_double')
  env.set('STRIPE_PUBLISHABLE_KEY', 'pk_test_double')
  env.set('STRIPE_API_HOST', '127.0.0.1')
  env.set('STRIPE_API_PORT', port)
  env.set('STRIPE_API_PROTOCOL', 'http')
  if (extra.webhookSecret) env.set('STRIPE_WEBHOOK_SECRET', extra.webhookSecret)
  return () => {
    for (const key of STRIPE_ENV) env.set(key, (saved[key] ?? '') as any)
  }
}
