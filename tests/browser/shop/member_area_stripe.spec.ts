/// <reference lib="dom" />
import { test } from '@japa/runner'
import { isolateEachTest } from '#tests/helpers/database'
import { screenshot } from '#tests/helpers/browser'
import { goInShop, reusedShopPage, signInMember } from '#tests/helpers/browser_sessions'
import { startStripeDouble, useStripeEnv } from '#tests/helpers/stripe_double'
import { FAKE_STRIPE_JS } from '#tests/helpers/fake_stripe_js'
import { createPendingMigration } from '#tests/helpers/migration_fixtures'
import { failSecondInstallment } from '#tests/helpers/failed_installment'
import { Subscription } from '#modules/payments/index'

test.group('Member area with Stripe (Stripe.js faked, Stripe API doubled)', (group) => {
  isolateEachTest(group)
  // The shop's page of reusedShopPage: its member signed in through the API, then moved as a link does.
  const shopPage = reusedShopPage(group, { viewport: { width: 390, height: 900 } })
  let double: Awaited<ReturnType<typeof startStripeDouble>>
  group.setup(async () => {
    double = await startStripeDouble()
    const restoreEnv = await useStripeEnv(double.port)
    return async () => {
      restoreEnv()
      await double.close()
    }
  })

  test('the card is changed through a SetupIntent confirmed with Elements, and a failed installment is paid now', async ({
    assert,
    cleanup,
  }) => {
    const { migration } = await createPendingMigration({ frequency: 'monthly', provider: 'stripe' })
    migration.merge({
      status: 'completed',
      payment_status: 'succeeded',
      provider_customer_id: 'cus_double_area',
    })
    await migration.save()
    await Subscription.create({
      migration_id: migration.id,
      provider: 'stripe',
      provider_subscription_id: 'sub_double_area',
      status: 'past_due',
    })
    await failSecondInstallment(migration, 'in_double_area_failed')
    double.calls.length = 0

    const { page } = await shopPage(cleanup)
    await page.route('https://js.stripe.com/**', (route) =>
      route.fulfill({ contentType: 'application/javascript', body: FAKE_STRIPE_JS })
    )
    await signInMember(page)
    await goInShop(page, '/shop/dashboard')
    await page.waitForURL('**/shop/already-migrated')
    await page.getByTestId('member-area').waitFor()

    await page.getByTestId('update-card').click()
    await page.getByTestId('fake-card-number').waitFor()
    const fake = await page.evaluate(() => (window as any).__stripeFake)
    assert.equal(fake.key, 'pk_test_double')
    assert.match(fake.clientSecret, /^seti_double_\d+_secret_abc$/)
    const setupIntentId = fake.clientSecret.split('_secret_')[0]
    assert.equal(double.double.objects.get(setupIntentId)!.customer, 'cus_double_area')
    await screenshot(page, 'shop-390-member-area-stripe-card')
    // Stripe confirms the SetupIntent in the browser; the double learns it the way Stripe would.
    Object.assign(double.double.objects.get(setupIntentId)!, {
      status: 'succeeded',
      payment_method: 'pm_double_area',
    })
    await page.getByTestId('fake-card-number').fill('4242424242424242')
    await page.getByTestId('stripe-card-save').click()
    await page.getByText('Your card was updated').waitFor()
    const [update] = double.calls.filter(
      (call) => call.method === 'POST' && call.path === '/v1/subscriptions/sub_double_area'
    )
    assert.equal(update.form.get('default_payment_method'), 'pm_double_area')

    await page.getByTestId('pay-now').click()
    await page
      .getByText('Payment submitted. The schedule updates once your bank confirms it.')
      .waitFor()
    assert.lengthOf(
      double.calls.filter(
        (call) => call.method === 'POST' && call.path === '/v1/invoices/in_double_area_failed/pay'
      ),
      1
    )
  }).timeout(90000)
})
