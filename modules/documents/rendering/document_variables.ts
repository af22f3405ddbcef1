import { getBranding } from '#modules/settings/index'
import { isoDate, today } from '#modules/shared/index'
import type { MigratedMember, MigrationContext } from '../services/migration_context.js'
import { dateFormatter, formatMoney } from '../services/formatting.js'
import { usdAmounts } from './usd_amounts.js'
import { paymentStanding, standingTexts } from '../services/payment_standing.js'

import { formatAmount, toCents, translator, type Language } from '#modules/shared/index'
import type { I18n } from '@adonisjs/i18n'
import { coverageName } from '../../../shared_data/consent_texts.js'

/**
 * The placeholders a document template can use, for each migrated member (listed in
 * docs/fulfilment.md), in a language: its built-in words from the catalogue
 * (resources/lang/<language>/documents.json), amounts as the language writes them, dates per
 * DATE_FORMAT. English keeps "USD 1,234.56".
 */
export async function documentVariables(context: MigrationContext, language: Language = 'en') {
  const i18n = translator(language)
  const money = (cents: number, currency: string) =>
    language === 'en' ? formatMoney(cents, currency) : formatAmount(cents, currency, language)
  const branding = await getBranding(language)
  const date = await dateFormatter()
  const usd = usdAmounts(context)
  const { migration, product } = context
  const standing = await paymentStanding(migration)
  const standingWords = await standingTexts(migration, standing, language)
  return (entry: MigratedMember): Record<string, string> => {
    const amounts = usd.get(entry.member.id)!
    const member = entry.member
    return {
      member_name: member.insured_full_name,
      member_id: member.member_id,
      date_of_birth: date(member.date_of_birth),
      insured_role: roleName(member.insured_role, i18n),
      dhig_member_id:
        entry.selection.dhig_member_id ?? member.dhig_member_id ?? i18n.t('documents.pending'),
      product_name: member.product_name ?? migration.product_name ?? '',
      product_display_name:
        product?.product_alias || member.product_name || migration.product_name || '',
      plan_name: member.plan_name ?? migration.plan_name ?? i18n.t('documents.all_plans'),
      migration_reference: migration.migration_reference,
      start_date: date(migration.start_date),
      end_date: date(migration.end_date),
      duration_days: String(migration.duration_days),
      payment_frequency: migration.payment_frequency,
      member_count: String(context.members.length),
      covered_members: coveredMembers(context),
      member_premium_usd: money(amounts.premium, 'USD'),
      annual_premium_usd: money(amounts.annual, 'USD'),
      total_amount_usd: money(toCents(migration.total_amount_usd), 'USD'),
      benefit_limit: benefitLimit(entry, i18n, money),
      // Kept for templates written before: a limit is never converted, so this is the same limit.
      sum_insured_usd: benefitLimit(entry, i18n, money),
      coverage_name: coverageName({
        productName: member.product_name ?? migration.product_name,
        productAlias: product?.product_alias,
        planName: member.plan_name ?? migration.plan_name,
      }),
      payment_frequency_label: i18n.t(
        `documents.frequencies.${migration.payment_frequency}`,
        {},
        migration.payment_frequency
      ),
      paid_currency: migration.currency,
      // What was paid until now (installment 1 of a plan), not the plan's total.
      paid_total: money(standing.paidCents, migration.currency),
      remaining_total: money(standing.remainingCents, migration.currency),
      paid_summary: standingWords.paid,
      remaining_summary: standingWords.remaining,
      issue_date: date(today()),
      issue_date_iso: isoDate(today())!,
      brand_name: branding.brandName,
      support_email: branding.supportEmail,
      website_url: branding.websiteUrl,
    }
  }
}

/** A census role in the language (the shop's words); a role the catalogue lacks stays as written. */
function roleName(role: string, i18n: I18n) {
  return /^\w+$/.test(role) ? i18n.t(`documents.roles.${role}`, {}, role) : role
}

/** Every person the migration covers, principal first: "Anna Schmidt, Peter Schmidt". */
export function coveredMembers(context: MigrationContext) {
  return context.members.map((entry) => entry.member.insured_full_name).join(', ')
}

/**
 * A benefit limit in the currency the insurer defined it in: the member's premium currency from
 * the census, never converted at a rate (a limit must not move with the exchange rate).
 */
function benefitLimit(
  { member, selection }: MigratedMember,
  i18n: I18n,
  money: (cents: number, currency: string) => string
): string {
  if (member.sum_insured === null) return i18n.t('documents.as_per_policy')
  return money(
    toCents(member.sum_insured),
    selection.premium_currency ?? member.premium_currency ?? 'USD'
  )
}
