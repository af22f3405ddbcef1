/// <reference lib="dom" />
import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import type { Page } from 'playwright-core'
import type { Assert } from '@japa/assert'
import db from '@adonisjs/lucid/services/db'
import { isolateEachTest } from '#tests/helpers/database'
import { screenshot } from '#tests/helpers/browser'
import {
  apiCallsSettled,
  goInShop,
  reusedShopPage,
  signInMember,
} from '#tests/helpers/browser_sessions'
import { sidewaysOverflow } from '#tests/helpers/page_checks'
import { englishLeft } from '#tests/helpers/shop_words'
import { startStripeDouble, useStripeEnv } from '#tests/helpers/stripe_double'
import { FAKE_STRIPE_JS } from '#tests/helpers/fake_stripe_js'
import { signedDelivery, stripeEvent, WEBHOOK_SECRET } from '#tests/helpers/stripe_events'
import { giveConsent } from '#tests/helpers/consent_box'
import { paidSandboxCoverage } from '#tests/helpers/migration_fixtures'
import { Currency, ExchangeRate } from '#modules/catalog/index'
import { Member } from '#modules/members/index'
import { Migration, MigrationConsent, renewalQuote } from '#modules/migrations/index'
import { createFulfilmentWorker } from '#modules/fulfilment/index'

/**
 * The end of the term in the member area (docs/shop.md, "Renewal"): the card and a renewal paid
 * through the same checkout. The card reads the real clock, so the term's end date is moved to 20
 * days from today instead (docs/developing.md, "Time in tests"). axe and HTML_CodeSniffer: the
 * matrix's member-area-renewal states (shop_matrix.ts).
 */
const LANGUAGES = ['en', 'de', 'fr'] as const
type Language = (typeof LANGUAGES)[number]

/** The card's words as a member reads them, written out here (not taken from the catalogues). */
const CARD: Record<
  Language,
  {
    title: string
    ends: (date: string) => string
    price: (amount: string, start: string, end: string) => string
    renew: string
  }
> = {
  en: {
    title: 'Renew your coverage',
    ends: (date) => `Your coverage ends on ${date}.`,
    price: (amount, start, end) =>
      `Renew it for ${amount} at today's price, covered from ${start} to ${end}.`,
    renew: 'Renew',
  },
  de: {
    title: 'Versicherungsschutz verlängern',
    ends: (date) => `Ihr Versicherungsschutz endet am ${date}.`,
    price: (amount, start, end) =>
      `Verlängern Sie ihn zum heutigen Preis von ${amount}, versichert vom ${start} bis zum ${end}.`,
    renew: 'Verlängern',
  },
  fr: {
    title: 'Renouveler votre couverture',
    ends: (date) => `Votre couverture prend fin le ${date}.`,
    price: (amount, start, end) =>
      `Renouvelez-la pour ${amount} au prix d’aujourd’hui et restez couvert du ${start} au ${end}.`,
    renew: 'Renouveler',
  },
}

/** EUR 4,457.40 as each language writes it (the shop: Intl with the currency's code). */
const AMOUNT: Record<Language, (cents: number) => string> = {
  en: (cents) =>
    `EUR ${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
  de: (cents) =>
    `${(cents / 100).toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} EUR`,
  fr: (cents) =>
    `${(cents / 100).toLocaleString('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} EUR`,
}

type StripeDoubleHandle = Awaited<ReturnType<typeof startStripeDouble>>

/** Spaces of every kind (Intl's no-break and narrow no-break ones) as one plain space. */
const spaces = (text: string | null) => (text ?? '').replace(/[\s\u00a0\u202f]+/g, ' ').trim()

const DAY = 'dd.MM.yyyy' // DATE_FORMAT's default, in every language

/**
 * DEMO-1001's one-time EUR coverage of herself and her spouse, paid (sandbox) and fulfilled at
 * EUR 0.92 per USD, its term ending 20 days from today; today's rate is EUR 0.95.
 */
async function coverageEndingSoon() {
  const old = await paidSandboxCoverage()
  const end = DateTime.utc().startOf('day').plus({ days: 20 })
  await db
    .from('migrations')
    .where('id', old.id)
    .update({ end_date: end.toFormat('yyyy-MM-dd') })
  const eur = await ExchangeRate.findByOrFail('currency_code', 'EUR')
  eur.rate = 0.95
  await eur.save()
  return Migration.findOrFail(old.id)
}

/**
 * The renewal's price worked out by hand from today's figures: each member's annual premium (USD
 * 2,400 and 2,200) at EUR 0.95 plus the currency's surcharge, pro rata for the new term's days
 * (a 365-day basis), each rounded to the cent. The old term cost EUR 4,316.64 (at 0.92).
 */
async function priceByHand(old: Migration) {
  const principal = await Member.findByOrFail('member_id', 'DEMO-1001')
  const { quote } = await renewalQuote(principal, old)
  const { surcharge_percentage: surcharge } = await Currency.findByOrFail('code', 'EUR')
  const cents = [240_000, 220_000]
    .map((usd) => Math.round((usd * 0.95 * (100 + Number(surcharge))) / 100))
    .map((annual) => Math.round((annual * quote.durationDays) / 365))
    .reduce((sum, line) => sum + line, 0)
  return { cents, quote }
}

/** The shop in `language`, chosen in the header's switcher (the kept page keeps the last choice). */
async function speak(page: Page, language: Language) {
  await page.getByTestId('language-select').selectOption(language)
  await page.waitForFunction((lang) => document.documentElement.lang === lang, language)
}

/**
 * From the card to the renewal's row: Renew, the checkout with its consent, the card form (Stripe.js
 * faked), Stripe's webhook, fulfilment; then the member area without the card.
 */
async function renewByCard(
  old: Migration,
  cents: number,
  { page }: { page: Page },
  assert: Assert,
  double: StripeDoubleHandle
) {
  await page.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ contentType: 'application/javascript', body: FAKE_STRIPE_JS })
  )
  await speak(page, 'en')
  await signInMember(page)
  await goInShop(page, '/shop/already-migrated')
  await page.getByTestId('renewal-card').waitFor()
  // Renew loads the checkout as a document: only its own Content-Security-Policy lets Stripe.js in.
  const checkoutLoad = page.waitForResponse(
    (response) =>
      response.request().resourceType() === 'document' &&
      new URL(response.url()).pathname === '/shop/checkout'
  )
  await page.getByTestId('renew').click()
  await page.waitForURL(`**/shop/checkout?renewalOf=${old.id}`)
  assert.include((await checkoutLoad).headers()['content-security-policy'], 'https://js.stripe.com')
  await page.getByTestId('checkout-total').waitFor()
  assert.include(spaces(await page.getByTestId('checkout-total').textContent()), AMOUNT.en(cents))
  // Pay waits for the consent; the card form comes once it is recorded.
  assert.isTrue(await page.getByTestId('stripe-pay').isDisabled())
  await giveConsent(page)
  await page.getByTestId('fake-card-number').waitFor()

  const renewal = await Migration.query()
    .where('renewed_from_migration_id', old.id)
    .orderBy('id', 'desc')
    .firstOrFail()
  assert.deepEqual(
    [renewal.status, renewal.payment_provider, renewal.total_amount],
    ['pending', 'stripe', cents / 100]
  )
  assert.equal(renewal.start_date.toISODate(), old.end_date.toISODate())
  const consent = await MigrationConsent.findByOrFail('migration_id', renewal.id)
  assert.equal(consent.language, 'en')
  const fake = await page.evaluate(() => (window as any).__stripeFake)
  assert.equal(fake.clientSecret.split('_secret_')[0], renewal.payment_intent_id)
  const intent = double.double.objects.get(renewal.payment_intent_id!)!
  assert.equal(intent.amount, cents)

  await page.getByTestId('fake-card-number').fill('4242424242424242')
  await page.getByTestId('stripe-pay').click()
  await page.waitForURL(`**/shop/success?migration_id=${renewal.id}&**`)
  await page.getByTestId('migration-reference').waitFor()
  assert.equal(
    await page.getByTestId('migration-reference').textContent(),
    renewal.migration_reference
  )

  // Stripe tells the server (the success page never decides): the signed webhook, then fulfilment.
  const { payload, signature } = signedDelivery(
    stripeEvent('payment_intent.succeeded', {
      ...intent,
      status: 'succeeded',
      amount_received: intent.amount,
    })
  )
  const delivered = await page.request.post('/api/webhooks/stripe', {
    data: payload,
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
  })
  assert.equal(delivered.status(), 200, await delivered.text())
  await createFulfilmentWorker().drain()

  const row = await db
    .from('migrations')
    .where('id', renewal.id)
    .select('renewed_from_migration_id', 'payment_status', 'status', 'start_date')
    .firstOrFail()
  assert.equal(Number(row.renewed_from_migration_id), old.id)
  assert.equal(row.payment_status, 'succeeded')
  assert.include(['completed', 'completed_with_warnings'], row.status)
  // The old term stays as it was until its end date (no lapse: it is renewed).
  assert.include(['completed', 'completed_with_warnings'], (await old.refresh()).status)

  // Renewed: the card is gone, and Renew is not offered again.
  await goInShop(page, '/shop/already-migrated')
  await page.getByTestId('member-area').waitFor()
  await apiCallsSettled(page)
  assert.equal(await page.getByTestId('renewal-card').count(), 0)
  // The member area shows the newest coverage: the renewal, from the old one's end date.
  assert.equal(await page.getByTestId('area-reference').textContent(), renewal.migration_reference)
  assert.equal(await page.getByTestId('area-start').textContent(), old.end_date.toFormat(DAY))
  await screenshot(page, 'shop-390-renewal-paid')
}

test.group('Renewal in the member area', (group) => {
  isolateEachTest(group)
  // Through payment and fulfilment to the renewal's row: on both databases.
  group.tap((t) => t.tags(['@database'], 'append'))
  // One kept page per width (the bundle loads once for each).
  const pages = {
    390: reusedShopPage(group, { viewport: { width: 390, height: 900 } }),
    1280: reusedShopPage(group, { viewport: { width: 1280, height: 900 } }),
  }
  // The page that pays by card is loaded once Stripe is the provider: the shop's Content Security
  // Policy lets Stripe.js in only then (it is drawn with the page).
  const cardPage = reusedShopPage(group, { viewport: { width: 390, height: 900 } })
  let double: StripeDoubleHandle
  group.setup(async () => {
    double = await startStripeDouble()
    return () => double.close()
  })

  for (const width of [390, 1280] as const) {
    test(`at ${width} px the card in English, German and French: the end date and today's price, without an English word`, async ({
      assert,
      cleanup,
    }) => {
      const old = await coverageEndingSoon()
      const { cents, quote } = await priceByHand(old)
      assert.notEqual(cents, 431_664, 'the price is today’s, not the old term’s')
      assert.equal(quote.totalAmount, cents)
      const ends = old.end_date.toFormat(DAY)
      assert.equal(quote.startDate, old.end_date.toISODate())
      const until = DateTime.fromISO(quote.endDate).toFormat(DAY)

      const { page } = await pages[width](cleanup)
      await speak(page, 'en')
      await signInMember(page)
      await goInShop(page, '/shop/dashboard')
      await page.waitForURL('**/shop/already-migrated')
      const card = page.getByTestId('renewal-card')
      await card.waitFor()
      await page.getByTestId('member-area').waitFor()
      for (const language of LANGUAGES) {
        const words = CARD[language]
        await speak(page, language)
        await card.getByRole('heading', { level: 2, name: words.title }).waitFor()
        assert.equal(
          spaces(await page.getByTestId('renewal-end-date').textContent()),
          words.ends(ends)
        )
        assert.equal(
          spaces(await page.getByTestId('renewal-price').textContent()),
          spaces(words.price(AMOUNT[language](cents), ends, until))
        )
        assert.equal(await page.getByTestId('renew').textContent(), words.renew)
        await page.getByRole('button', { name: words.renew, exact: true }).waitFor()
        if (language !== 'en')
          assert.deepEqual(await englishLeft(page, language), [], `${language} member area`)
        assert.deepEqual(await sidewaysOverflow(page), [], `${language} at ${width} px`)
        await card.scrollIntoViewIfNeeded()
        await screenshot(page, `shop-${width}-renewal-card-${language}`)
      }
    }).timeout(90_000)
  }

  test('Renew at 390 px: the same checkout, consent and card payment (Stripe.js faked); a new migration linked to the old, and the card is gone', async ({
    assert,
    cleanup,
  }) => {
    const old = await coverageEndingSoon()
    const { cents } = await priceByHand(old)
    // Paid through the sandbox; renewed by card: Stripe from here on (the double, Stripe.js faked).
    const restoreEnv = await useStripeEnv(double.port, { webhookSecret: WEBHOOK_SECRET })
    try {
      await renewByCard(old, cents, await cardPage(cleanup), assert, double)
    } finally {
      restoreEnv()
    }
  }).timeout(120_000)
})
