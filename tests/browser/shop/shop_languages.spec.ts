/// <reference lib="dom" />
import { readFileSync } from 'node:fs'
import { test } from '@japa/runner'
import type { Page } from 'playwright-core'
import { isolateEachTest } from '#tests/helpers/database'
import { newPage, screenshot } from '#tests/helpers/browser'
import { goInShop } from '#tests/helpers/browser_sessions'
import { sidewaysOverflow } from '#tests/helpers/page_checks'
import { agreeAndPay } from '#tests/helpers/consent_box'
import { Document } from '#modules/documents/index'
import { createFulfilmentWorker } from '#modules/fulfilment/index'
import { storagePath } from '#modules/documents/services/storage'
import { Migration } from '#modules/migrations/index'
import { outboxMessages } from '#tests/helpers/outbox'
import { pdfText } from '#tests/helpers/pdf_text'
import { englishLeft, shopCatalogue } from '#tests/helpers/shop_words'

const catalogue = shopCatalogue

/**
 * The member's journey in one language at 390 px, the browser already speaking it: sign-in,
 * dashboard (with the email dialog), select, checkout (the consent box blocks Pay), sandbox pay,
 * success, member area (withdrawal and card dialogs): no English word on any screen, each with its
 * own title. Select, checkout and the member area are also measured at 1280 px (long German words).
 */
async function journey(page: Page, language: 'de' | 'fr', assert: any) {
  const T = catalogue(language)
  const brand = T['brand.defaultName']
  const check = async (screen: string, titleKey: string) => {
    await page.waitForFunction((title) => document.title === title, `${T[titleKey]} — ${brand}`)
    assert.equal(await page.evaluate(() => document.documentElement.lang), language)
    assert.deepEqual(await englishLeft(page, language), [], `${language} ${screen}`)
  }
  const bothWidths = async (screen: string) => {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 844 })
      await screenshot(page, `shop-${language}-${screen}-${width}`)
      assert.deepEqual(await sidewaysOverflow(page), [], `${language} ${screen} at ${width} px`)
    }
  }

  // The page shows /shop/login already (its first load, in the test): signed in through the form,
  // which saves the member's language (no second load of the page).
  await page.getByText(T['login.intro']).waitFor()
  await check('login', 'title.login')
  await page.getByTestId('member-id-input').fill('DEMO-1001')
  await page.getByTestId('dob-input').fill('15.04.1980')
  await page.getByTestId('login-button').click()
  await page.waitForURL('**/shop/dashboard')
  await page.getByTestId('dashboard-title').waitFor()
  await page.getByText(T['dashboard.emailTip']).waitFor()
  await check('dashboard', 'title.dashboard')
  await page.getByTestId('edit-email').click()
  await page.getByTestId('email-input').fill('x')
  await page.getByTestId('email-save').click()
  await page.getByRole('dialog').getByText(T['email.invalid']).waitFor()
  await check('email dialog', 'title.dashboard')
  await page.getByRole('button', { name: T['common.cancel'] }).click()

  await page.getByTestId('start-migration').click()
  await page.waitForURL('**/shop/select')
  await page.getByTestId('member-DEMO-1001-S').check()
  await page.getByTestId('frequency-quarterly').check()
  await page.getByTestId('pricing-plan').getByText(T['frequency.quarterly']).waitFor()
  await page
    .getByTestId('coverage-dates')
    .getByText(/\d\d\.\d\d\.\d{4}/)
    .waitFor()
  await check('select', 'title.select')
  await bothWidths('select')

  const consentSent = page.waitForRequest((request) => request.url().endsWith('/consent'))
  await page.getByTestId('continue-checkout').click()
  await page.waitForURL('**/shop/checkout')
  await page.getByTestId('consent-text').waitFor()
  await check('checkout', 'title.checkout')
  assert.isTrue(await page.getByTestId('sandbox-pay').isDisabled(), 'Pay waits for the consent')
  await bothWidths('checkout')
  await agreeAndPay(page)
  assert.equal((await consentSent).postDataJSON().language, language)

  await page.waitForURL('**/shop/success?migration_id=*')
  await page.getByTestId('migration-reference').waitFor()
  await check('success', 'title.success')
  // Fulfilled: the withdrawal offer and the documents are on the member area.
  await createFulfilmentWorker().drain()
  // The confirmation email and the policy PDF arrive in the language (pdftotext).
  const migrationId = Number(new URL(page.url()).searchParams.get('migration_id'))
  const { migration_reference: reference } = await Migration.findOrFail(migrationId)
  const emails = JSON.parse(readFileSync(`resources/lang/${language}/emails.json`, 'utf8'))
  const subject = emails.migration_confirmation.subject.replace('{migration_reference}', reference)
  assert.deepEqual(
    (await outboxMessages(subject)).map((mail) => mail.subject),
    [subject]
  )
  const [policy] = await Document.query().where('migration_id', migrationId)
  const pdf = await pdfText(storagePath(policy.file_path))
  assert.include(pdf, { de: 'Guten Tag Anna Schmidt,', fr: 'Bonjour Anna Schmidt,' }[language])
  assert.notInclude(pdf, 'Dear ')
  await page.getByTestId('view-coverage').click()
  await page.getByTestId('member-area').waitFor()
  await page.getByTestId('withdrawal-offer').waitFor()
  await check('member area', 'title.alreadyMigrated')
  await bothWidths('member-area')
  await page.getByTestId('withdraw').click()
  await page.getByTestId('withdraw-consequence').waitFor()
  await check('withdrawal dialog', 'title.alreadyMigrated')
  await page.getByRole('button', { name: T['withdrawal.keep'] }).click()
  await page.getByTestId('update-card').click()
  await page.getByTestId('sandbox-card-banner').waitFor()
  await check('card dialog', 'title.alreadyMigrated')
}

test.group('Shop: English, German and French', (group) => {
  isolateEachTest(group)

  test('a German browser gets the shop in German: the whole journey at 390 px without an English word', async ({
    assert,
    cleanup,
  }) => {
    const { context, page } = await newPage({
      viewport: { width: 390, height: 844 },
      locale: 'de-DE',
    })
    cleanup(() => context.close())
    // The browser's language on a first load.
    await page.goto('/shop/login')
    await journey(page, 'de', assert)
  }).timeout(120_000)

  test('French chosen in the switcher: remembered across a reload, sent as Accept-Language and saved for the member; the journey without an English word', async ({
    assert,
    cleanup,
  }) => {
    const { context, page } = await newPage({ viewport: { width: 390, height: 844 } })
    cleanup(() => context.close())
    await page.goto('/shop/login')
    await page.waitForFunction(() => document.title === 'Member sign-in — Member Portal')
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en')
    await page.getByTestId('language-select').selectOption('fr')
    await page.getByText(catalogue('fr')['login.intro']).waitFor()
    await page.reload()
    await page.waitForFunction(() => document.documentElement.lang === 'fr')
    assert.equal(await page.getByTestId('language-select').inputValue(), 'fr')

    const languages: string[] = []
    const saved: unknown[] = []
    page.on('request', (request) => {
      if (!request.url().includes('/api/')) return
      languages.push(request.headers()['accept-language'])
      if (request.url().endsWith('/api/member/language')) saved.push(request.postDataJSON())
    })
    await journey(page, 'fr', assert)
    assert.isAbove(languages.length, 10)
    assert.deepEqual([...new Set(languages)], ['fr'])
    // After the sign-in the member's language goes to the server (emails, PDFs).
    assert.deepEqual(saved[0], { language: 'fr' })
  }).timeout(120_000)

  test('the language switcher: labelled and shown in all three languages at 390 and 1280 px (axe and HTML_CodeSniffer: the matrix states login, login-de and login-fr), keyboard operable, in a 360 px header; the secure-link form in French', async ({
    assert,
    cleanup,
  }) => {
    const { context, page } = await newPage({ viewport: { width: 360, height: 800 } })
    cleanup(() => context.close())
    await page.goto('/shop/login')
    const switcher = page.getByTestId('language-select')
    await switcher.waitFor()
    assert.deepEqual(await sidewaysOverflow(page), [], 'header at 360 px')
    // Keyboard: focus it and pick German with the arrow key (English → Deutsch).
    await switcher.focus()
    await page.keyboard.press('ArrowDown')
    await page.waitForFunction(() => document.documentElement.lang === 'de')
    for (const language of ['en', 'de', 'fr']) {
      await switcher.selectOption(language)
      await page.waitForFunction((lang) => document.documentElement.lang === lang, language)
      assert.equal(
        await switcher.getAttribute('aria-label'),
        catalogue(language)['layout.language']
      )
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 800 })
        assert.isTrue(await switcher.isVisible(), `${language} at ${width} px: shown`)
        assert.deepEqual(await sidewaysOverflow(page), [], `${language} at ${width} px: sideways`)
      }
    }
    // The secure link's form, in French (the last choice), with its own message.
    const fr = catalogue('fr')
    // Moved to as a link does (the form follows the query string; no second load).
    await goInShop(page, '/shop/login?token=not-a-real-token')
    await page.getByTestId('token-login-button').click()
    await page.getByText(fr['login.birthYearError'].split('{maxYear}')[0]).first().waitFor()
    await page.waitForFunction(
      (title) => document.title === title,
      `${fr['title.loginToken']} — ${fr['brand.defaultName']}`
    )
    assert.deepEqual(await englishLeft(page, 'fr'), [], 'fr secure link')
  }).timeout(60_000)
})
