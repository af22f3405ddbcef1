import { existsSync } from 'node:fs'
import { Member } from '#modules/members/index'
import { Migration } from '#modules/migrations/index'
import type { CoverageCancellation } from '#modules/payments/index'
import { getBranding } from '#modules/settings/index'
import { formatAmount, today, translator, type Language } from '#modules/shared/index'
import {
  Document,
  recordDocument,
  loadLayout,
  renderPdf,
  loadBrandLogo,
  coveredMembers,
  loadMigrationContext,
  purchaseLanguage,
  paymentStanding,
  standingTexts,
  dateFormatter,
  formatMoney,
  safeName,
  storagePath,
  storeFile,
} from '#modules/documents/index'
import { findDocumentTemplate } from '../steps/documents_step.js'
import { coverageName } from '../../../shared_data/consent_texts.js'

/** The built-in layout, used when no cancellation_confirmation template is set for the product (an admin sets one like a policy template). */
const DEFAULT_CANCELLATION_TEMPLATE = 'cancellation_confirmation.json'

/** The placeholders of a cancellation confirmation (docs/payments.md, "Cancellation confirmation PDF"). */
async function cancellationDocumentVariables(
  cancellation: CoverageCancellation,
  migration: Migration,
  member: Member,
  language: Language = 'en'
): Promise<Record<string, string>> {
  const branding = await getBranding(language)
  const date = await dateFormatter()
  const context = await loadMigrationContext(migration.id)
  const product = context.product
  const standing = await standingTexts(migration, await paymentStanding(migration), language)
  return {
    member_name: member.insured_full_name,
    member_id: member.member_id,
    migration_reference: migration.migration_reference,
    product_display_name: product?.product_alias || migration.product_name || '',
    plan_name: migration.plan_name ?? translator(language).t('documents.all_plans'),
    // The one name the policy documents and emails use (docs/shop.md, "Coverage name").
    coverage_name: coverageName({
      productName: migration.product_name,
      productAlias: product?.product_alias,
      planName: migration.plan_name,
    }),
    covered_members: coveredMembers(context),
    paid_summary: standing.paid,
    cancelled_summary: standing.cancelled,
    effective_date: date(cancellation.effective_on),
    covered_until: date(cancellation.effective_on),
    refund_amount:
      language === 'en'
        ? formatMoney(cancellation.refund_cents, cancellation.currency)
        : formatAmount(cancellation.refund_cents, cancellation.currency, language),
    currency: cancellation.currency,
    cancellation_reason: cancellationReason(cancellation, language),
    issue_date: date(today()),
    brand_name: branding.brandName,
    support_email: branding.supportEmail,
    website_url: branding.websiteUrl,
  }
}

/**
 * The reason as the member reads it: a withdrawal's and a stop of future payments' are the
 * catalogue's words in their language; an administrator's is the text they typed, as typed.
 */
export function cancellationReason(cancellation: CoverageCancellation, language: Language) {
  if (cancellation.requested_by_kind === 'member')
    return translator(language).t('documents.withdrawal_reason')
  if (cancellation.requested_by_kind === 'member_stop')
    return translator(language).t('documents.stop_reason')
  return cancellation.reason
}

/**
 * The cancellation confirmation PDF of a migration, for its principal member: made once (a
 * stored file is reused by the job's retries) and recorded among the member's documents.
 * Answers it as a mail attachment.
 */
export async function cancellationDocument(cancellation: CoverageCancellation) {
  const migration = await Migration.findOrFail(cancellation.migration_id)
  const member = await Member.findOrFail(migration.member_id)
  const existing = await Document.query()
    .where('migration_id', migration.id)
    .where('member_id', member.id)
    .where('document_type', 'cancellation_confirmation')
    .first()
  if (existing && existsSync(storagePath(existing.file_path)))
    return { path: storagePath(existing.file_path), filename: existing.file_name }
  const template = await findDocumentTemplate(
    migration.product_name,
    migration.plan_name,
    'cancellation_confirmation'
  )
  // In the member's language (English until known), like the policy documents.
  const language = await purchaseLanguage(migration.id, member.language)
  const layout = await loadLayout(
    template?.template_file_path ?? DEFAULT_CANCELLATION_TEMPLATE,
    language
  )
  const branding = await getBranding(language)
  const pdf = await renderPdf(
    layout,
    await cancellationDocumentVariables(cancellation, migration, member, language),
    branding,
    await loadBrandLogo(branding.logoUrl),
    language
  )
  const fileName = `cancellation-${safeName(migration.migration_reference)}.pdf`
  const relative = `documents/${safeName(migration.migration_reference)}/${fileName}`
  await storeFile(relative, pdf)
  await recordDocument(
    {
      migration_id: migration.id,
      member_id: member.id,
      document_type: 'cancellation_confirmation',
    },
    { file_name: fileName, file_path: relative }
  )
  return { path: storagePath(relative), filename: fileName }
}
