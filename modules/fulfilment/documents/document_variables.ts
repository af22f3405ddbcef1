import { getBranding } from '#modules/settings/index'
import { isoDate, today } from '#modules/shared/index'
import type { MigratedMember, MigrationContext } from '../services/migration_context.js'
import { dateFormatter, formatMoney } from '../services/formatting.js'
import { usdAmounts } from './usd_amounts.js'

/** Payment frequencies as the screens name them ("Quarterly", not "quarterly"). */
const FREQUENCY_NAMES: Record<string, string> = {
  'one-time': 'One-time payment',
  'monthly': 'Monthly',
  'quarterly': 'Quarterly',
  'semi-annual': 'Semi-annual',
  'annual': 'Annual',
}
import { toCents } from '#modules/shared/index'
import { coverageName } from '../../../shared_data/consent_texts.js'

/** The placeholders a document template can use, for each migrated member (listed in docs/fulfilment.md). */
export async function documentVariables(context: MigrationContext) {
  const branding = await getBranding()
  const date = await dateFormatter()
  const usd = usdAmounts(context)
  const { migration, product } = context
  return (entry: MigratedMember): Record<string, string> => {
    const amounts = usd.get(entry.member.id)!
    const member = entry.member
    return {
      member_name: member.insured_full_name,
      member_id: member.member_id,
      date_of_birth: date(member.date_of_birth),
      insured_role: member.insured_role,
      dhig_member_id: entry.selection.dhig_member_id ?? member.dhig_member_id ?? 'Pending',
      product_name: member.product_name ?? migration.product_name ?? '',
      product_display_name:
        product?.product_alias || member.product_name || migration.product_name || '',
      plan_name: member.plan_name ?? migration.plan_name ?? 'All plans',
      migration_reference: migration.migration_reference,
      start_date: date(migration.start_date),
      end_date: date(migration.end_date),
      duration_days: String(migration.duration_days),
      payment_frequency: migration.payment_frequency,
      member_count: String(context.members.length),
      member_premium_usd: formatMoney(amounts.premium, 'USD'),
      annual_premium_usd: formatMoney(amounts.annual, 'USD'),
      total_amount_usd: formatMoney(toCents(migration.total_amount_usd), 'USD'),
      benefit_limit: benefitLimit(entry),
      // Kept for templates written before: a limit is never converted (issue 25 §4), so this is the same limit.
      sum_insured_usd: benefitLimit(entry),
      coverage_name: coverageName({
        productName: member.product_name ?? migration.product_name,
        productAlias: product?.product_alias,
        planName: member.plan_name ?? migration.plan_name,
      }),
      payment_frequency_label:
        FREQUENCY_NAMES[migration.payment_frequency] ?? migration.payment_frequency,
      paid_currency: migration.currency,
      paid_total: formatMoney(toCents(migration.total_amount), migration.currency),
      issue_date: date(today()),
      issue_date_iso: isoDate(today())!,
      brand_name: branding.brandName,
      support_email: branding.supportEmail,
      website_url: branding.websiteUrl,
    }
  }
}

/**
 * A benefit limit in the currency the insurer defined it in: the member's premium currency from
 * the census, never converted at a rate (issue 25 §4: a limit must not move with the exchange rate).
 */
function benefitLimit({ member, selection }: MigratedMember): string {
  if (member.sum_insured === null) return 'As per policy'
  return formatMoney(
    toCents(member.sum_insured),
    selection.premium_currency ?? member.premium_currency ?? 'USD'
  )
}
