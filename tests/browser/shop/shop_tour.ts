/// <reference lib="dom" />
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { Page } from 'playwright-core'
import { goInShop, loginAsMember } from '#tests/helpers/browser_sessions'
import { agreeAndPay } from '#tests/helpers/consent_box'
import { failSecondInstallment } from '#tests/helpers/failed_installment'
import { shopCatalogue } from '#tests/helpers/shop_words'
import type { ShopState } from './shop_matrix.js'
import { Product } from '#modules/catalog/index'
import { Migration } from '#modules/migrations/index'
import { createFulfilmentWorker } from '#modules/fulfilment/index'

/** The demo product's end date 8 months away: a fixed_date quarterly plan ends with a partial quarter. */
export async function productWithPartialLastQuarter() {
  const product = await Product.findByOrFail('product_name', 'Global Health Gold')
  product.fixed_end_date = DateTime.now().plus({ months: 7, days: 20 }).startOf('day')
  await product.save()
}

async function signOut(page: Page) {
  await page.evaluate(() => {
    const token = decodeURIComponent(document.cookie.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? '')
    return fetch('/api/auth/logout', { method: 'POST', headers: { 'X-XSRF-TOKEN': token } })
  })
}

/**
 * Every shop page and state (docs/shop.md), in order; `check(name)` runs at each one. Needs
 * productWithPartialLastQuarter() first (the checkout shows the "Final partial period" row).
 */
export async function tourTheShop(page: Page, check: (name: ShopState) => Promise<void>) {
  await page.goto('/shop/login')
  await page.getByTestId('login-button').waitFor()
  await check('login')
  // The same screen in German and French, chosen in the header's switcher; then English again.
  for (const language of ['de', 'fr'] as const) {
    await page.getByTestId('language-select').selectOption(language)
    await page.waitForFunction((lang) => document.documentElement.lang === lang, language)
    await check(`login-${language}`)
  }
  await page.getByTestId('language-select').selectOption('en')
  await page.waitForFunction(() => document.documentElement.lang === 'en')
  await page.getByTestId('member-id-input').fill('DEMO-1001')
  await page.getByTestId('dob-input').fill('16.04.1980')
  await page.getByTestId('login-button').click()
  await page.getByTestId('login-error').waitFor()
  await check('login-error')
  await page.goto('/shop/login?token=not-a-real-token')
  await page.getByTestId('token-login-button').waitFor()
  await check('token-login')

  await loginAsMember(page)
  await page.getByTestId('dashboard-title').waitFor()
  await page.getByText('Tip: add a personal email address').waitFor()
  await page.waitForTimeout(400) // the toast slides in
  await check('dashboard')
  await page.getByTestId('edit-email').click()
  await page.getByTestId('email-input').waitFor()
  await page.waitForTimeout(300)
  await check('dashboard-email-dialog')
  await page.keyboard.press('Escape')
  await page.getByTestId('email-input').waitFor({ state: 'detached' })

  await page.getByTestId('start-migration').click()
  await page.getByTestId('pricing-total').waitFor()
  await page.getByTestId('member-DEMO-1001').uncheck()
  await page
    .locator('main')
    .getByRole('alert')
    .filter({ hasText: 'Please select at least one member' })
    .waitFor()
  await check('select-warning')
  await page.getByTestId('member-DEMO-1001').check()
  await page.getByTestId('member-DEMO-1001-S').check()
  await page.getByTestId('duration-select').click()
  await page.getByTestId('duration-fixed_date').click()
  await page.getByTestId('frequency-quarterly').check()
  await page.getByTestId('pricing-plan').getByText('Quarterly').waitFor()
  await page.waitForTimeout(4200) // let the warning toast go
  await check('select')
  await page.getByTestId('continue-checkout').click()
  await page.getByTestId('sandbox-pay').waitFor()
  await page.getByText('Final partial period').waitFor()
  await check('checkout')

  const pending = await Migration.query()
    .where('member_id_str', 'DEMO-1001')
    .where('status', 'pending')
    .orderBy('id', 'desc')
    .firstOrFail()
  await page.goto(`/shop/success?migration_id=${pending.id}`)
  await page.getByTestId('migration-reference').waitFor()
  await check('success')

  // The tour's own checkout paid: the member area's states (member_area.spec.ts's screens).
  await goInShop(page, `/shop/checkout?migration_id=${pending.id}`)
  await page.getByTestId('sandbox-pay').waitFor()
  await agreeAndPay(page)
  await page.waitForURL('**/shop/success?migration_id=*')
  await page.getByTestId('migration-reference').waitFor()
  // Fulfilled: the withdrawal offer and the documents are on the member area.
  await createFulfilmentWorker().drain()
  // A credit note in the documents card, stored as the credit-note job stores one (its issuing:
  // credit_notes.spec.ts), so the matrix checks the list too.
  await db.table('credit_notes').insert({
    number: 'CN-1999-000001',
    refund_id: 999_999,
    migration_id: pending.id,
    amount_cents: 12_345,
    currency: 'EUR',
    language: 'en',
    file_name: 'credit-note-CN-1999-000001.pdf',
    issued_at: new Date(),
  })
  await goInShop(page, '/shop/already-migrated')
  await page.getByTestId('member-area').waitFor()
  await page.getByTestId('withdrawal-offer').waitFor()
  await page.getByTestId('credit-notes').waitFor()
  await check('member-area')
  // The term's end 20 days away (the card reads the real clock: the end date moves, docs/developing.md):
  // the renewal card, in English, German and French (the header's switcher); then as it was.
  const { end_date: endDate } = await Migration.findOrFail(pending.id)
  const endOn = (day: DateTime) =>
    db
      .from('migrations')
      .where('id', pending.id)
      .update({ end_date: day.toFormat('yyyy-MM-dd') })
  await endOn(DateTime.utc().startOf('day').plus({ days: 20 }))
  await goInShop(page, '/shop/dashboard')
  await page.waitForURL('**/shop/already-migrated')
  await page.getByTestId('renewal-card').waitFor()
  await page.getByTestId('member-area').waitFor()
  await check('member-area-renewal')
  for (const language of ['de', 'fr', 'en'] as const) {
    await page.getByTestId('language-select').selectOption(language)
    await page
      .getByTestId('renewal-card')
      .getByRole('heading', { name: shopCatalogue(language)['renewal.title'] })
      .waitFor()
    if (language !== 'en') await check(`member-area-renewal-${language}`)
  }
  await endOn(endDate)
  await failSecondInstallment(pending, 'in_tour_failed')
  await goInShop(page, '/shop/dashboard')
  await page.waitForURL('**/shop/already-migrated')
  await page.getByTestId('payment-failed').waitFor()
  await check('member-area-payment-failed')
  await page.getByTestId('update-card').click()
  await page.getByTestId('sandbox-card-banner').waitFor()
  await page.waitForTimeout(300)
  await check('member-area-card-dialog')
  await page.keyboard.press('Escape')
  await page.getByTestId('sandbox-card-banner').waitFor({ state: 'detached' })
  // The first payment 20 days back, outside the cooling-off period: Stop future payments instead of Withdraw.
  const paidOn = async (daysAgo: number) =>
    db
      .from('payments')
      .where('migration_id', pending.id)
      .update({
        created: DateTime.now().minus({ days: daysAgo }).toFormat('yyyy-MM-dd HH:mm:ss'),
      })
  await paidOn(20)
  await page.reload()
  await page.getByTestId('stop-payments').click()
  await page.getByTestId('stop-payments-dialog').waitFor()
  await page.waitForTimeout(300)
  await check('member-area-stop-payments-dialog')
  await page.keyboard.press('Escape')
  await page.getByTestId('stop-payments-dialog').waitFor({ state: 'detached' })
  await paidOn(0)
  await page.reload()
  await page.getByTestId('withdraw').click()
  await page.getByTestId('withdraw-dialog').waitFor()
  await page.waitForTimeout(300)
  await check('member-area-withdraw-dialog')
  // Withdrawn: the outcome in the member area's place (cancellation_screens.spec.ts's last screen).
  await page.getByTestId('withdraw-confirm').click()
  await page.getByTestId('withdrawal-done').waitFor()
  await check('member-area-withdrawn')

  await signOut(page)
  await loginAsMember(page, 'DEMO-1002', '31.01.1975')
  await page.getByTestId('already-migrated-title').waitFor()
  await check('already-migrated')

  await signOut(page)
  await loginAsMember(page, 'DEMO-1003', '05.12.1988')
  await page.getByTestId('on-hold-title').waitFor()
  await check('on-hold')
}
