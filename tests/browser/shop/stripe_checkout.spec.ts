/// <reference lib="dom" />
import { test } from '@japa/runner'
import { isolateEachTest } from '#tests/helpers/database'
import { screenshot } from '#tests/helpers/browser'
import { goInShop, reusedShopPage, signInMember } from '#tests/helpers/browser_sessions'
import { startStripeDouble, useStripeEnv } from '#tests/helpers/stripe_double'
import { Migration } from '#modules/migrations/index'
import { FAKE_STRIPE_JS } from '#tests/helpers/fake_stripe_js'
import { giveConsent } from '#tests/helpers/consent_box'

test.group('Checkout with Stripe Elements (Stripe.js faked, Stripe API doubled)', (group) => {
  isolateEachTest(group)
  // The shop's page of reusedShopPage: its member signed in through the API, then moved as a link does.
  const shopPage = reusedShopPage(group)
  let double: Awaited<ReturnType<typeof startStripeDouble>>

  group.setup(async () => {
    double = await startStripeDouble()
    const restoreEnv = await useStripeEnv(double.port)
    return async () => {
      restoreEnv()
      await double.close()
    }
  })

  test('the card form gets the client secret; a decline is a toast; success returns to /shop/success', async ({
    assert,
    cleanup,
  }) => {
    const { page } = await shopPage(cleanup)
    const stripeScripts: string[] = []
    await page.route('https://js.stripe.com/**', (route) => {
      stripeScripts.push(route.request().url())
      return route.fulfill({ contentType: 'application/javascript', body: FAKE_STRIPE_JS })
    })
    await signInMember(page)
    await goInShop(page, '/shop/select')
    await page.getByTestId('frequency-one-time').check()
    await page.getByTestId('pricing-plan').getByText('One-time payment').waitFor()
    await page.getByTestId('continue-checkout').click()
    await page.waitForURL('**/shop/checkout')
    // The card form comes only once the consent is recorded (its secret is handed out then).
    assert.isTrue(await page.getByTestId('stripe-pay').isDisabled())
    assert.equal(await page.getByTestId('fake-card-number').count(), 0)
    await giveConsent(page)
    await page.getByTestId('fake-card-number').waitFor()
    assert.isAbove(stripeScripts.length, 0)
    assert.isTrue(
      stripeScripts.every((url) => url.startsWith('https://js.stripe.com/')),
      stripeScripts.join(', ')
    )
    assert.equal(await page.getByTestId('sandbox-banner').count(), 0)

    const fake = await page.evaluate(() => (window as any).__stripeFake)
    assert.equal(fake.key, 'pk_test_double')
    assert.equal(fake.elementType, 'payment')
    const migration = await Migration.query()
      .where('payment_provider', 'stripe')
      .orderBy('id', 'desc')
      .firstOrFail()
    assert.equal(fake.clientSecret.split('_secret_')[0], migration.payment_intent_id)
    await screenshot(page, 'shop-checkout-stripe')

    await page.getByTestId('fake-card-number').fill('4000000000000002')
    await page.getByTestId('stripe-pay').click()
    await page.getByText('Your card was declined.').waitFor()
    assert.include(page.url(), '/shop/checkout')

    await page.getByTestId('fake-card-number').fill('4242424242424242')
    await page.getByTestId('stripe-pay').click()
    await page.waitForURL(`**/shop/success?migration_id=${migration.id}&**`)
    assert.equal(
      await page.getByTestId('migration-reference').textContent(),
      migration.migration_reference
    )
    // The success page never decides a payment succeeded: only the webhook does.
    await migration.refresh()
    assert.equal(migration.status, 'pending')
  }).timeout(90000)
})
