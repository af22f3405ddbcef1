import PDFDocument from 'pdfkit'
import { Migration, MigrationMember } from '#modules/migrations/index'
import { paymentReceipts, type CardOnFile, type PaidInstallment } from '#modules/payments/index'
import { getBranding } from '#modules/settings/index'
import { formatAmount, toCents, translator, type Language } from '#modules/shared/index'
import { Product } from '#modules/catalog/index'
import { dateFormatter, formatMoney } from '../services/formatting.js'
import { paymentStanding, standingTexts } from '../services/payment_standing.js'
import { coverageName } from '../../../shared_data/consent_texts.js'

/** What a receipt shows (docs/payments.md, "Receipts"). */
export interface ReceiptFacts {
  payer: string
  memberId: string
  reference: string
  coverage: string
  /** Every person the coverage covers, as the policy names them. */
  persons: string
  installment: string
  amount: string
  currency: string
  paidOn: string
  card: string
  providerPaymentId: string
  /** What was paid with this installment included, and what remains after it (docs/fulfilment.md). */
  paidSoFar: string
  remaining: string
  fileName: string
}

/** "Visa •••• 4242"; the provider's brand id in words. */
export function cardLabel(card: CardOnFile | null, language: Language = 'en') {
  if (!card) return translator(language).t('receipts.no_card')
  const brand =
    card.brand === 'amex'
      ? 'American Express'
      : card.brand.charAt(0).toUpperCase() + card.brand.slice(1)
  return `${brand} •••• ${card.last4}`
}

/** The facts of one paid installment's receipt; the card is asked of the provider the first time. */
async function receiptFacts(
  migration: Migration,
  paid: PaidInstallment,
  /** The member's language (docs/shop.md "Languages — server side"); English keeps the spec's forms. */
  language: Language = 'en'
): Promise<ReceiptFacts> {
  const i18n = translator(language)
  const { payment, installment } = paid
  const card = await paymentReceipts.cardOf(
    payment,
    migration.payment_provider,
    migration.payment_intent_id
  )
  const date = await dateFormatter()
  const reference = `${migration.migration_reference}-${installment}`
  const standing = await standingTexts(
    migration,
    await paymentStanding(migration, installment),
    language
  )
  const product = migration.product_name
    ? await Product.findBy('product_name', migration.product_name)
    : null
  const covered = await MigrationMember.query().where('migration_id', migration.id).orderBy('id')
  const coverage = coverageName({
    productName: migration.product_name,
    productAlias: product?.product_alias,
    planName: migration.plan_name,
  })
  return {
    payer: migration.insured_full_name,
    memberId: migration.member_id_str,
    reference,
    coverage: coverage
      ? `${coverage} (${migration.migration_reference})`
      : migration.migration_reference,
    persons: covered.map((member) => member.insured_full_name).join(', '),
    installment: i18n.t('receipts.installment', {
      number: installment,
      count: migration.number_of_payments,
    }),
    amount:
      language === 'en'
        ? formatMoney(toCents(payment.amount), payment.currency)
        : formatAmount(toCents(payment.amount), payment.currency, language),
    currency: payment.currency,
    paidOn: date(payment.created),
    card: cardLabel(card, language),
    providerPaymentId: payment.provider_payment_id,
    paidSoFar: standing.paid,
    remaining: standing.remaining,
    fileName: `receipt-${reference}.pdf`,
  }
}

/** The receipt of a migration's paid installment, or null when that payment is not one of them. */
export async function receiptOf(migrationId: number, paymentId: number, language: Language = 'en') {
  const migration = await Migration.findOrFail(migrationId)
  const paid = await paymentReceipts.paidOne(migrationId, paymentId)
  return paid ? receiptFacts(migration, paid, language) : null
}

/** The receipt as a one-page PDF in the brand's colour (the text pdftotext reads back in the tests). */
export async function receiptPdf(facts: ReceiptFacts, language: Language = 'en'): Promise<Buffer> {
  const i18n = translator(language)
  const labelOf = (key: string) => i18n.t(`receipts.labels.${key}`)
  const branding = await getBranding(language)
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: {
      Title: i18n.t('receipts.meta_title', { reference: facts.reference }),
      Author: branding.brandName,
    },
  })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  doc.font('Helvetica-Bold').fontSize(20).fillColor(branding.primaryColor).text(branding.brandName)
  doc
    .moveDown(0.5)
    .fontSize(16)
    .fillColor('#1f2937')
    .text(i18n.t('receipts.title', { reference: facts.reference }))
  doc.moveDown(1)
  const rows: Array<[string, string]> = [
    [labelOf('payer'), i18n.t('receipts.payer', { name: facts.payer, memberId: facts.memberId })],
    [labelOf('reference'), facts.reference],
    [labelOf('coverage'), facts.coverage],
    [labelOf('persons'), facts.persons],
    [labelOf('installment'), facts.installment],
    [labelOf('amount'), facts.amount],
    [labelOf('paid_so_far'), facts.paidSoFar],
    [labelOf('remaining'), facts.remaining],
    [labelOf('currency'), facts.currency],
    [labelOf('paid_on'), facts.paidOn],
    [labelOf('card'), facts.card],
    [labelOf('provider_payment'), facts.providerPaymentId],
  ]
  for (const [label, value] of rows) {
    const y = doc.y
    doc.font('Helvetica-Bold').fontSize(11).text(`${label}:`, 56, y, { width: 150 })
    doc.font('Helvetica').text(value, 210, y, { width: 330 })
    doc.moveDown(0.4)
  }
  doc
    .moveDown(1)
    .font('Helvetica-Oblique')
    .fontSize(9)
    .fillColor('#6b7280')
    .text(i18n.t('receipts.thanks'), 56)
  doc.end()
  return done
}
