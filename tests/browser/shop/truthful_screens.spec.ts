/// <reference lib="dom" />
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import type { Page } from 'playwright-core'
import { isolateEachTest } from '#tests/helpers/database'
import { newPage, screenshot } from '#tests/helpers/browser'
import { loginAsMember, loginAsMemberThroughForm } from '#tests/helpers/browser_sessions'
import { sidewaysOverflow } from '#tests/helpers/page_checks'
import { Migration } from '#modules/migrations/index'
import { agreeAndPay } from '#tests/helpers/consent_box'

const WIDTHS = [390, 1280]

/**
 * axe and HTML_CodeSniffer on these screens: the matrix's 'already-migrated' (DEMO-1002, documents
 * skipped), 'success' (an unpaid checkout) and 'member-area' states (layout_accessibility.spec.ts).
 */
async function checkPage(page: Page, assert: any, name: string) {
  assert.deepEqual(await sidewaysOverflow(page), [])
  await screenshot(page, name)
}

/** From select to an open sandbox checkout of DEMO-1001 (principal, 12 months, one-time). */
async function openCheckout(page: Page) {
  await page.goto('/shop/select')
  await page.getByTestId('pricing-total').waitFor()
  await page.getByTestId('continue-checkout').click()
  await page.waitForURL('**/shop/checkout*')
  await page.getByTestId('sandbox-pay').waitFor()
  return Migration.query()
    .where('member_id_str', 'DEMO-1001')
    .where('status', 'pending')
    .orderBy('id', 'desc')
    .firstOrFail()
}

test.group('Member screens say what is true', (group) => {
  isolateEachTest(group)

  for (const width of WIDTHS) {
    test(`§13 at ${width} px: DEMO-1002's skipped documents are not "being prepared"; support is named`, async ({
      assert,
      cleanup,
    }) => {
      // The demo's migration is fulfilled by the real services (its PDF exists): its documents
      // step is made a skipped one here (no template for the product).
      const demo = await Migration.findByOrFail('migration_reference', 'MIG-DEMO-0001')
      await db.from('documents').where('migration_id', demo.id).delete()
      await demo.merge({ document_status: 'skipped' }).save()
      const { context, page } = await newPage({ viewport: { width, height: 900 } })
      cleanup(() => context.close())
      await loginAsMember(page, 'DEMO-1002', '31.01.1975')
      await page.waitForURL('**/shop/already-migrated')
      await page.getByTestId('documents-state').waitFor()
      const said = (await page.getByTestId('documents-state').textContent())!
      assert.notInclude(said, 'being prepared')
      assert.include(said, 'No policy documents were made online for your coverage.')
      assert.include(said, 'our support team sends them to you')
      assert.equal(
        await page.getByTestId('documents-state').getByRole('link').getAttribute('href'),
        'mailto:' + (await page.getByTestId('support-email').first().textContent())
      )
      await checkPage(page, assert, `shop-${width}-member-area-documents-skipped`)
    }).timeout(60000)

    test(`§14 at ${width} px: the success page of an unpaid checkout says the payment was not completed and leads back to it`, async ({
      assert,
      cleanup,
    }) => {
      const { context, page } = await newPage({ viewport: { width, height: 900 } })
      cleanup(() => context.close())
      await loginAsMember(page)
      const pending = await openCheckout(page)
      for (const query of [
        `migration_id=${pending.id}`,
        `migration_id=${pending.id}&redirect_status=failed`,
      ]) {
        await page.goto(`/shop/success?${query}`)
        await page.getByTestId('payment-not-completed').waitFor()
        assert.equal(await page.locator('h1').textContent(), 'Payment not completed')
        assert.equal(await page.getByText('Thank you!').count(), 0)
        assert.equal(
          await page.getByTestId('migration-reference').textContent(),
          pending.migration_reference
        )
      }
      // The selection is kept for trying again.
      assert.isNotNull(await page.evaluate(() => sessionStorage.getItem('shop.selection')))
      await checkPage(page, assert, `shop-${width}-success-not-paid`)
      await page.getByTestId('back-to-checkout').click()
      await page.waitForURL(`**/shop/checkout?migration_id=${pending.id}`)
      await page.getByTestId('sandbox-pay').waitFor()
    }).timeout(60000)
  }

  test('§14: after paying, the member goes on to their coverage: no "if you believe this is a mistake", no Return to Login', async ({
    assert,
    cleanup,
  }) => {
    const { context, page } = await newPage({ viewport: { width: 390, height: 900 } })
    cleanup(() => context.close())
    await loginAsMember(page)
    await openCheckout(page)
    await agreeAndPay(page)
    await page.waitForURL('**/shop/success?migration_id=*')
    await page.getByTestId('payment-paid').waitFor()
    assert.equal(await page.locator('h1').textContent(), 'Thank you!')
    await screenshot(page, 'shop-390-success-paid')
    await page.getByTestId('view-coverage').click()
    await page.waitForURL('**/shop/already-migrated')
    await page.getByTestId('member-area').waitFor()
    const main = (await page.locator('main').textContent())!
    assert.notInclude(main, 'believe this is a mistake')
    assert.notInclude(main, 'Coverage already migrated')
    assert.equal(await page.getByTestId('return-to-login').count(), 0)
    assert.equal(
      await page.getByTestId('already-migrated-title').textContent(),
      'Your new coverage'
    )
    assert.include(
      await page.getByTestId('coverage-state').textContent(),
      'Your payment was received and your migration is being processed.'
    )
    await checkPage(page, assert, 'shop-390-member-area-after-paying')
    await page.setViewportSize({ width: 1280, height: 900 })
    await checkPage(page, assert, 'shop-1280-member-area-after-paying')
  }).timeout(90000)

  test('§15: the Member ID field does not let phones capitalise the first letter only, and demo-1001 signs in', async ({
    assert,
    cleanup,
  }) => {
    const { context, page } = await newPage({ viewport: { width: 390, height: 900 } })
    cleanup(() => context.close())
    await page.goto('/shop/login')
    const field = page.getByTestId('member-id-input')
    assert.equal(await field.getAttribute('autocapitalize'), 'characters')
    await loginAsMemberThroughForm(page, 'demo-1001', '15.04.1980')
    await page.waitForURL('**/shop/dashboard')
  }).timeout(60000)
})
