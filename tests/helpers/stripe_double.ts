import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'
import { StripeBilling, type BilledSubscription } from './stripe_billing.js'

export interface RecordedStripeCall {
  method: string
  path: string
  form: URLSearchParams
  params: Record<string, string>
  authorization: string | undefined
  idempotencyKey: string | undefined
}

/**
 * A local stand-in for the Stripe endpoints the project uses (customers,
 * prices, payment intents, subscriptions, invoice items, refunds), so the
 * real SDK runs with no network. Objects it creates can be read back with
 * GET. Subscriptions are billed by `billing` (stripe_billing.ts), which
 * tests advance period by period to see what Stripe would charge and when.
 */
export class StripeDouble {
  requests: RecordedStripeCall[] = []
  objects = new Map<string, Record<string, any>>()
  /** The card the member's payments are charged to (a PaymentMethod; subscriptions and PaymentIntents answer it expanded). */
  card = { brand: 'mastercard', last4: '4444' }
  billing = new StripeBilling()
  /** What the listing endpoints answer (GET /v1/charges, /v1/refunds, /v1/disputes, /v1/invoice_payments), newest first as Stripe lists. */
  ledger: {
    charges: Record<string, any>[]
    refunds: Record<string, any>[]
    disputes: Record<string, any>[]
    invoice_payments: Record<string, any>[]
  } = { charges: [], refunds: [], disputes: [], invoice_payments: [] }
  /** The PaymentIntent that paid an invoice (GET /v1/invoices/:id answers it under payments). */
  invoicePaymentIntents = new Map<string, string>()
  /** Called with each refund made (a test that stops "between the provider's refund and our write"). */
  onRefund: ((refund: Record<string, any>) => void) | null = null
  /** How long every answer takes, to hold requests at the provider (a slow Stripe). */
  delayMs = 0
  #server: Server | null = null
  #next = 0
  #idempotent = new Map<string, unknown>()

  async start() {
    this.#server = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk) => (body += chunk))
      request.on('end', () => {
        const [path, query] = request.url!.split('?')
        // GET and DELETE carry their parameters in the query string.
        const form = new URLSearchParams(body || query || '')
        const idempotencyKey = request.headers['idempotency-key'] as string | undefined
        this.requests.push({
          method: request.method!,
          path,
          form,
          params: Object.fromEntries(form),
          authorization: request.headers.authorization,
          idempotencyKey,
        })
        // Stripe answers a repeated refund with the same Idempotency-Key with the first answer, refunding nothing again.
        // (Refunds only: other keys are derived from migration ids, which repeat between rolled-back tests.)
        const replayKey =
          request.method === 'POST' && path === '/v1/refunds' && idempotencyKey
            ? `${path} ${idempotencyKey}`
            : null
        const answer =
          replayKey && this.#idempotent.has(replayKey)
            ? this.#idempotent.get(replayKey)
            : this.#answer(request.method!, path, form)
        if (replayKey && answer) this.#idempotent.set(replayKey, answer)
        setTimeout(() => {
          response.writeHead(answer ? 200 : 404, {
            'Content-Type': 'application/json',
            'Request-Id': `req_${++this.#next}`,
          })
          response.end(
            JSON.stringify(
              answer ?? {
                error: {
                  type: 'invalid_request_error',
                  message: `No double for ${request.method} ${path}`,
                },
              }
            )
          )
        }, this.delayMs)
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
    return new Stripe('sk_test_double', {
      host: '127.0.0.1',
      port: this.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    })
  }

  async stop() {
    await new Promise<void>((resolve) => this.#server?.close(() => resolve()))
  }

  /** Recorded calls to one endpoint (method and path, e.g. 'POST /v1/subscriptions'). */
  calls(endpoint: string) {
    const [method, path] = endpoint.split(' ')
    return this.requests.filter(
      (call) =>
        call.method === method &&
        (path.endsWith('*') ? call.path.startsWith(path.slice(0, -1)) : call.path === path)
    )
  }

  #answer(method: string, path: string, form: URLSearchParams) {
    const metadata = bracketed(form, 'metadata')
    const now = Math.floor(Date.now() / 1000)
    const newId = (prefix: string) => `${prefix}_double_${++this.#next}`
    const create = (prefix: string, object: Record<string, any>) => {
      const id = newId(prefix)
      this.objects.set(id, { id, created: now, livemode: false, metadata, ...object })
      return this.objects.get(id)
    }
    if (method === 'POST' && path === '/v1/customers')
      return create('cus', { object: 'customer', email: form.get('email') })
    if (method === 'POST' && path === '/v1/prices') {
      return create('price', {
        object: 'price',
        unit_amount: Number(form.get('unit_amount')),
        currency: form.get('currency'),
        product: newId('prod'),
        recurring: form.get('recurring[interval]')
          ? {
              interval: form.get('recurring[interval]'),
              interval_count: Number(form.get('recurring[interval_count]')),
            }
          : null,
      })
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const intent = newId('pi')
      this.objects.set(intent, {
        id: intent,
        object: 'payment_intent',
        created: now,
        metadata,
        amount: Number(form.get('amount')),
        currency: form.get('currency'),
        status: 'requires_payment_method',
        client_secret: `${intent}_secret_abc`,
      })
      return this.objects.get(intent)
    }
    if (method === 'POST' && path === '/v1/subscriptions')
      return this.#createSubscription(form, metadata, newId, now)
    if (method === 'POST' && path === '/v1/invoiceitems') {
      const item = create('ii', {
        object: 'invoiceitem',
        amount: Number(form.get('amount')),
        currency: form.get('currency'),
        customer: form.get('customer'),
        subscription: form.get('subscription'),
      })!
      this.billing.addPendingItem(item.subscription, item.amount)
      return item
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = this.objects.get(form.get('payment_intent') ?? '')
      const amount = numberOr(form.get('amount')) ?? intent?.amount ?? 0
      const refund = create('re', {
        object: 'refund',
        payment_intent: form.get('payment_intent'),
        charge: null,
        amount,
        currency: intent?.currency ?? 'eur',
        status: 'succeeded',
        reason: form.get('reason'),
      })!
      this.ledger.refunds.unshift(refund)
      this.onRefund?.(refund)
      return refund
    }
    // An invoice with the payment that paid it (API 2025-03-31: invoice.payments), as a refund of an installment reads it.
    const invoice = path.match(/^\/v1\/invoices\/(in_[^/]+)$/)
    if (method === 'GET' && invoice) {
      const intent = this.invoicePaymentIntents.get(invoice[1]) ?? `pi_of_${invoice[1]}`
      return {
        id: invoice[1],
        object: 'invoice',
        status: 'paid',
        payments: {
          object: 'list',
          data: [
            {
              object: 'invoice_payment',
              payment: { type: 'payment_intent', payment_intent: intent },
            },
          ],
        },
      }
    }
    const subscriptionDelete = path.match(/^\/v1\/subscriptions\/([^/]+)$/)
    if (method === 'DELETE' && subscriptionDelete && !this.billing.has(subscriptionDelete[1])) {
      return { id: subscriptionDelete[1], object: 'subscription', status: 'canceled' }
    }
    if (method === 'POST' && path === '/v1/setup_intents') {
      const id = newId('seti')
      this.objects.set(id, {
        id,
        object: 'setup_intent',
        created: now,
        metadata,
        customer: form.get('customer'),
        usage: form.get('usage'),
        status: 'requires_payment_method',
        payment_method: null,
        client_secret: `${id}_secret_abc`,
      })
      return this.objects.get(id)
    }
    const listing = path.match(/^\/v1\/(charges|refunds|disputes|invoice_payments)$/)
    if (method === 'GET' && listing)
      return listPage(this.ledger[listing[1] as keyof StripeDouble['ledger']], form, path)
    const payInvoice = path.match(/^\/v1\/invoices\/([^/]+)\/pay$/)
    if (method === 'POST' && payInvoice)
      return { id: payInvoice[1], object: 'invoice', status: 'paid', paid: true }
    const action = path.match(/^\/v1\/(payment_intents|invoices)\/([^/]+)\/(cancel|void)$/)
    if (method === 'POST' && action) {
      const object = this.objects.get(action[2]) ?? {
        id: action[2],
        object: action[1] === 'invoices' ? 'invoice' : 'payment_intent',
      }
      object.status = action[3] === 'void' ? 'void' : 'canceled'
      this.objects.set(action[2], object)
      return object
    }
    const subscription = path.match(/^\/v1\/subscriptions\/([^/]+)$/)
    if (subscription && this.billing.has(subscription[1])) {
      const id = subscription[1]
      if (method === 'POST')
        this.billing.update(id, { cancelAt: numberOr(form.get('cancel_at')), metadata })
      if (method === 'DELETE') this.billing.cancelNow(id)
      return this.subscriptionObject(
        id,
        form.getAll('expand[]').concat(form.getAll('expand[0]')).includes('latest_invoice')
      )
    }
    // A subscription the test wrote straight into the database: the update is recorded and echoed.
    if (subscription && method === 'POST')
      return {
        id: subscription[1],
        object: 'subscription',
        default_payment_method: form.get('default_payment_method'),
      }
    const found = path.match(
      /^\/v1\/(subscriptions|payment_intents|customers|prices|setup_intents)\/([^/]+)$/
    )
    if (method === 'GET' && found?.[1] === 'payment_intents' && this.objects.has(found[2]))
      return { ...this.objects.get(found[2]), payment_method: this.paymentMethod() }
    // A payment the test wrote straight into the database as paid: Stripe would know it (the receipt reads its card).
    if (method === 'GET' && found?.[1] === 'payment_intents')
      return {
        id: found[2],
        object: 'payment_intent',
        status: 'succeeded',
        payment_method: this.paymentMethod(),
      }
    if (method === 'GET' && found) return this.objects.get(found[2]) ?? null
    return null
  }

  #createSubscription(
    form: URLSearchParams,
    metadata: Record<string, string>,
    newId: (prefix: string) => string,
    now: number
  ) {
    const price = this.objects.get(form.get('items[0][price]') ?? '')
    const id = newId('sub')
    const firstItem = numberOr(form.get('add_invoice_items[0][price_data][unit_amount]'))
    const billed: BilledSubscription = {
      id,
      customer: form.get('customer') ?? '',
      currency: price?.currency ?? 'usd',
      unitAmount: price?.unit_amount ?? 0,
      intervalMonths: price?.recurring?.interval_count ?? 1,
      created: now,
      trialEnd: numberOr(form.get('trial_end')),
      cancelAt: numberOr(form.get('cancel_at')),
      metadata,
      firstInvoiceItems: firstItem === null ? [] : [firstItem],
      firstInvoiceId: newId('in'),
      firstPaymentIntentId: newId('pi'),
    }
    this.billing.subscribe(billed)
    this.objects.set(billed.firstPaymentIntentId, {
      id: billed.firstPaymentIntentId,
      object: 'payment_intent',
      status: 'requires_payment_method',
    })
    return this.subscriptionObject(id, true)
  }

  /** The card on file as a PaymentMethod. */
  paymentMethod() {
    return {
      id: 'pm_double_card',
      object: 'payment_method',
      type: 'card',
      card: { ...this.card, exp_month: 12, exp_year: 2030 },
    }
  }

  /** The subscription as Stripe answers it; the first invoice expanded with its confirmation secret. */
  subscriptionObject(id: string, expandInvoice: boolean) {
    const state = this.billing.get(id)
    const invoice = this.billing.firstInvoice(id, 'open')
    return {
      id,
      object: 'subscription',
      status: state.status,
      customer: state.customer,
      created: state.created,
      billing_cycle_anchor: state.anchor,
      trial_end: state.trialEnd,
      cancel_at: state.cancelAt,
      canceled_at: state.canceledAt,
      ended_at: state.endedAt,
      metadata: state.metadata,
      items: {
        object: 'list',
        data: [
          {
            current_period_end: state.currentPeriodEnd,
            price: {
              id: 'price',
              recurring: { interval: 'month', interval_count: state.intervalMonths },
            },
          },
        ],
      },
      default_payment_method: this.paymentMethod(),
      latest_invoice: expandInvoice
        ? {
            ...invoice,
            confirmation_secret: {
              type: 'payment_intent',
              client_secret: `${state.firstPaymentIntentId}_secret_sub`,
            },
          }
        : invoice.id,
    }
  }
}

/** `prefix[key]=value` form fields as an object. */
function bracketed(form: URLSearchParams, prefix: string): Record<string, string> {
  return Object.fromEntries(
    [...form]
      .filter(([key]) => key.startsWith(`${prefix}[`) && key.indexOf('[', prefix.length + 1) === -1)
      .map(([key, value]) => [key.slice(prefix.length + 1, -1), value])
  )
}

function numberOr(value: string | null): number | null {
  return value === null || value === '' ? null : Number(value)
}

/** The double as a plain handle: port, recorded calls and close(). */
export async function startStripeDouble() {
  const double = await new StripeDouble().start()
  return { port: double.port, calls: double.requests, double, close: () => double.stop() }
}

const STRIPE_ENV = [
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_API_HOST',
  'STRIPE_API_PORT',
  'STRIPE_API_PROTOCOL',
] as const

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

/**
 * A group setup that starts the double and points the app at it for the
 * group's tests, then restores the sandbox and stops the double:
 * `group.setup(serveStripeDouble(stripe))`.
 */
export function serveStripeDouble(double: StripeDouble, extra: { webhookSecret?: string } = {}) {
  return async () => {
    await double.start()
    const restore = await useStripeEnv(double.port, extra)
    return async () => {
      restore()
      await double.stop()
    }
  }
}

/**
 * One page of a Stripe list: `limit` (default 10, at most 100), `starting_after` (the last id of the
 * previous page) and `created[gte]` / `created[lte]`, as the SDK's auto-pagination sends them.
 */
function listPage(rows: Record<string, any>[], form: URLSearchParams, url: string) {
  const limit = Math.min(Number(form.get('limit') ?? 10), 100)
  const gte = form.get('created[gte]')
  const lte = form.get('created[lte]')
  const after = form.get('starting_after')
  let start = 0
  if (after) start = positionAfter(rows, after)
  const data: Record<string, any>[] = []
  let index = start
  for (; index < rows.length && data.length < limit; index++) {
    const row = rows[index]
    if (gte !== null && row.created < Number(gte)) continue
    if (lte !== null && row.created > Number(lte)) continue
    data.push(row)
  }
  const hasMore = rows
    .slice(index)
    .some(
      (row) =>
        (gte === null || row.created >= Number(gte)) && (lte === null || row.created <= Number(lte))
    )
  return { object: 'list', url, has_more: hasMore, data }
}

const positions = new WeakMap<object, Map<string, number>>()

/** The index after `id` in a ledger list (an index built once per list: 100,000 charges in the benchmark). */
function positionAfter(rows: Record<string, any>[], id: string) {
  let index = positions.get(rows)
  if (!index || index.size !== rows.length) {
    index = new Map(rows.map((row, i) => [row.id, i]))
    positions.set(rows, index)
  }
  return (index.get(id) ?? -1) + 1
}
