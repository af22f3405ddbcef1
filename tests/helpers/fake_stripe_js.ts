/**
 * A small stand-in for Stripe.js: the Payment Element is one input; card 4000000000000002 is
 * declined. confirmSetup answers the SetupIntent of the client secret as confirmed.
 */
export const FAKE_STRIPE_JS = `
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
    async confirmSetup() {
      if (document.querySelector('[data-testid=fake-card-number]').value === '4000000000000002') {
        return { error: { type: 'card_error', message: 'Your card was declined.' } }
      }
      return { setupIntent: { id: fake.clientSecret.split('_secret_')[0], status: 'succeeded' } }
    },
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
