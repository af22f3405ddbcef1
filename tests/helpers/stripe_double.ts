import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface RecordedStripeCall {
  method: string
  path: string
  form: URLSearchParams
  authorization: string | undefined
}

/**
 * A local HTTP double of the Stripe endpoints the project uses (payment_intents, customers,
 * prices, subscriptions). The real `stripe` SDK talks to it through host/port/protocol.
 */
export async function startStripeDouble() {
  const calls: RecordedStripeCall[] = []
  let counter = 0
  const server: Server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => {
      const form = new URLSearchParams(body)
      const path = (request.url ?? '').split('?')[0]
      calls.push({ method: request.method ?? '', path, form, authorization: request.headers.authorization })
      const id = (prefix: string) => `${prefix}_double_${++counter}`
      const metadata = Object.fromEntries([...form].filter(([key]) => key.startsWith('metadata[')).map(([key, value]) => [key.slice(9, -1), value]))
      const answers: Record<string, () => object> = {
        '/v1/payment_intents': () => {
          const intent = id('pi')
          return { id: intent, object: 'payment_intent', amount: Number(form.get('amount')), currency: form.get('currency'), status: 'requires_payment_method', client_secret: `${intent}_secret_abc`, metadata }
        },
        '/v1/customers': () => ({ id: id('cus'), object: 'customer', email: form.get('email'), metadata }),
        '/v1/prices': () => ({ id: id('price'), object: 'price', unit_amount: Number(form.get('unit_amount')), currency: form.get('currency') }),
        '/v1/subscriptions': () => {
          const intent = id('pi')
          return {
            id: id('sub'), object: 'subscription', status: 'incomplete', customer: form.get('customer'), metadata,
            latest_invoice: { id: id('in'), object: 'invoice', confirmation_secret: { type: 'payment_intent', client_secret: `${intent}_secret_sub` } },
          }
        },
      }
      const answer = request.method === 'POST' ? answers[path] : undefined
      response.setHeader('content-type', 'application/json')
      response.setHeader('request-id', `req_${counter}`)
      if (!answer) {
        response.statusCode = 404
        response.end(JSON.stringify({ error: { type: 'invalid_request_error', message: `No double for ${request.method} ${path}` } }))
        return
      }
      response.end(JSON.stringify(answer()))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    port,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
