/// <reference lib="dom" />
import { test } from '@japa/runner'
import { isolateEachTest } from '#tests/helpers/database'
import { newPage, screenshot } from '#tests/helpers/browser'
import { loginAsMember } from '#tests/helpers/browser_sessions'
import { startStripeDouble, useStripeEnv } from '#tests/helpers/stripe_double'
import { Migration } from '#modules/migrations/index'

/** A small stand-in for Stripe.js: the Payment Element is one input; card 4000000000000002 is declined. */
const FAKE_STRIPE_JS = `
window.Stripe = function (key) {
  const fake = (window.__stripeFake = { key: key })
  const handlers = {}
  const element = {
    mount(node) {
      const target = typeof node === 'string' ? document.querySelector(node) : node
      target.innerHTML = '<label>Card number <input data-testid="fake-card-number" /></label>'
      setTimeout(() => (handlers.ready || []).forEach((callback) => callback({ elementType: 'payment' })), 0)
    },
    on(event, callback) { (handlers[event] = handlers[event] || []).push(callback) },
    off() {}, update() {}, destroy() {}, unmount() {}, focus() {}, blur() {}, clear() {}, collapse() {},
  }
  const elements = { create(type) { fake.elementType = type; return element }, getElement() { return element }, update() {}, submit: async () => ({}), fetchUpdates: async () => ({}) }
  return {
    elements(options) { fake.clientSecret = options.clientSecret; return elements },
    createToken() {}, createPaymentMethod() {}, confirmCardPayment() {},
    _registerWrapper() {}, registerAppInfo() {},
    async confirmPayment({ confirmParams }) {
      fake.returnUrl = confirmParams.return_url
      if (document.querySelector('[data-testid=fake-card-number]').value === '4000000000000002') {
        return { error: { type: 'card_error', message: 'Your card was declined.' } }
      }
      window.location.assign(confirmParams.return_url + '&payment_intent=pi_fake&redirect_status=succeeded')
      return {}
    },
  }
}
window.Stripe.version = 3
`

test.group('Checkout with Stripe Elements (Stripe.js faked, Stripe API doubled)', (group) => {
  isolateEachTest(group)
  let double: Awaited<ReturnType<typeof startStripeDouble>>

  group.setup(async () => {
    double = await startStripeDouble()
    const restoreEnv = await useStripeEnv(double.port)
    return async () => {
      restoreEnv()
      await double.close()
    }
  })

  test('the card form gets the client secret; a decline is a toast; success returns to /shop/success', async ({ assert, cleanup }) => {
    const { context, page } = await newPage()
    cleanup(() => context.close())
    const stripeScripts: string[] = []
    await page.route('https://js.stripe.com/**', (route) => {
      stripeScripts.push(route.request().url())
      return route.fulfill({ contentType: 'application/javascript', body: FAKE_STRIPE_JS })
    })
    await loginAsMember(page)
    await page.goto('/shop/select')
    await page.getByTestId('frequency-one-time').check()
    await page.getByTestId('pricing-plan').getByText('One-time payment').waitFor()
    await page.getByTestId('continue-checkout').click()
    await page.waitForURL('**/shop/checkout')
    await page.getByTestId('fake-card-number').waitFor()
    assert.isAbove(stripeScripts.length, 0)
    assert.isTrue(stripeScripts.every((url) => url.startsWith('https://js.stripe.com/')), stripeScripts.join(', '))
    assert.equal(await page.getByTestId('sandbox-banner').count(), 0)

    const fake = await page.evaluate(() => (window as any).__stripeFake)
    assert.equal(fake.key, 'pk_test_double')
    assert.equal(fake.elementType, 'payment')
    const migration = await Migration.query().where('payment_provider', 'stripe').orderBy('id', 'desc').firstOrFail()
    assert.equal(fake.clientSecret.split('_secret_')[0], migration.payment_intent_id)
    await screenshot(page, 'shop-checkout-stripe')

    await page.getByTestId('fake-card-number').fill('4000000000000002')
    await page.getByTestId('stripe-pay').click()
    await page.getByText('Your card was declined.').waitFor()
    assert.include(page.url(), '/shop/checkout')

    await page.getByTestId('fake-card-number').fill('4242424242424242')
    await page.getByTestId('stripe-pay').click()
    await page.waitForURL(`**/shop/success?migration_id=${migration.id}&**`)
    assert.equal(await page.getByTestId('migration-reference').textContent(), migration.migration_reference)
    // The success page never decides a payment succeeded: only the webhook does.
    await migration.refresh()
    assert.equal(migration.status, 'pending')
  }).timeout(90000)
})
