import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'

/**
 * A local stand-in for the Stripe endpoints the project uses (customers,
 * payment intents, subscriptions), so the real SDK runs with no network.
 */
export class StripeDouble {
  requests: { method: string; path: string; authorization?: string; params: Record<string, string> }[] = []
  objects = new Map<string, Record<string, any>>()
  #server: Server | null = null
  #next = 0

  async start() {
    this.#server = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk) => (body += chunk))
      request.on('end', () => {
        const params = Object.fromEntries(new URLSearchParams(body))
        this.requests.push({ method: request.method!, path: request.url!, authorization: request.headers.authorization, params })
        const answer = this.#answer(request.method!, request.url!.split('?')[0], params)
        response.writeHead(answer ? 200 : 404, { 'Content-Type': 'application/json', 'Request-Id': `req_${++this.#next}` })
        response.end(JSON.stringify(answer ?? { error: { type: 'invalid_request_error', message: 'No such object' } }))
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

  #answer(method: string, path: string, params: Record<string, string>) {
    const metadata = Object.fromEntries(Object.entries(params).filter(([key]) => key.startsWith('metadata[')).map(([key, value]) => [key.slice(9, -1), value]))
    const now = Math.floor(Date.now() / 1000)
    const create = (prefix: string, object: Record<string, any>) => {
      const id = `${prefix}_double${++this.#next}`
      this.objects.set(id, { id, created: now, livemode: false, metadata, ...object })
      return this.objects.get(id)
    }
    if (method === 'POST' && path === '/v1/customers') return create('cus', { object: 'customer', email: params.email ?? null })
    if (method === 'POST' && path === '/v1/payment_intents') {
      return create('pi', { object: 'payment_intent', amount: Number(params.amount), currency: params.currency, status: 'requires_payment_method', client_secret: `pi_secret_${this.#next}` })
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      return create('sub', { object: 'subscription', status: 'incomplete', customer: params.customer, items: { object: 'list', data: [{ current_period_end: now + 30 * 86400 }] } })
    }
    const found = path.match(/^\/v1\/(subscriptions|payment_intents|customers)\/([^/]+)$/)
    if (method === 'GET' && found) return this.objects.get(found[2]) ?? null
    return null
  }
}
