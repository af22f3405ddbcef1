/// <reference lib="dom" />
import { test } from '@japa/runner'
import { isolateEachTest } from '#tests/helpers/database'
import { goInShop, reusedShopPage, signInMember } from '#tests/helpers/browser_sessions'
import { Member } from '#modules/members/index'
import { Migration, quoteFor } from '#modules/migrations/index'
import { toPricingResult } from '#modules/pricing/index'
import { agreeAndPay } from '#tests/helpers/consent_box'

test.group('Checkout idempotency key (sandbox provider)', (group) => {
  // The database matters here: this file also runs on MariaDB (docs/developing.md, "Where tests run").
  group.tap((t) => t.tags(['@database'], 'append'))
  isolateEachTest(group)
  // The shop's page of reusedShopPage: its member signed in through the API, then moved as a link does.
  const shopPage = reusedShopPage(group)

  test('the checkout sends one key per visit: its create request sent twice gets one checkout back, which is paid', async ({
    assert,
    cleanup,
  }) => {
    const { page } = await shopPage(cleanup)
    await signInMember(page)
    const anna = await Member.findByOrFail('member_id', 'DEMO-1001')
    const request = {
      memberIds: [anna.id],
      durationType: '12_months' as const,
      paymentFrequency: 'quarterly' as const,
      currency: 'USD',
    }
    const { quote } = await quoteFor(anna, request)
    await page.evaluate(
      (selection) => sessionStorage.setItem('shop.selection', JSON.stringify(selection)),
      { ...request, pricing: toPricingResult(quote) }
    )

    // The browser's create request goes to the server twice, as a double submit or a retry would.
    const sent: any[] = []
    const answers: any[] = []
    await page.route('**/api/migration/create', async (route) => {
      sent.push(route.request().postDataJSON())
      const first = await route.fetch()
      const repeated = await route.fetch()
      answers.push(await first.json(), await repeated.json())
      await route.fulfill({ response: repeated })
    })
    await goInShop(page, '/shop/checkout')
    await agreeAndPay(page)
    await page.waitForURL('**/shop/success?migration_id=*')

    assert.lengthOf(sent, 1)
    assert.match(sent[0].idempotencyKey, /^[0-9a-f]{32}$/)
    assert.deepEqual(answers[1], answers[0])
    const migrations = await Migration.query()
      .where('member_id', anna.id)
      .where('checkout_key', sent[0].idempotencyKey)
    assert.lengthOf(migrations, 1)
    assert.include(migrations[0].$attributes, {
      id: answers[0].migrationId,
      payment_status: 'succeeded',
    })
  }).timeout(60_000)
})
