import { getBranding } from '#modules/settings/index'
import { isoDate, today } from '#modules/shared/index'
import type { MigratedMember, MigrationContext } from '../services/migration_context.js'
import { dateFormatter, formatMoney } from '../services/formatting.js'
import { usdAmounts } from './usd_amounts.js'
import { toCents } from '#modules/shared/index'
import { premiumInUsd } from '#modules/pricing/index'

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
      product_display_name: product?.product_alias || member.product_name || migration.product_name || '',
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
      sum_insured_usd: sumInsuredInUsd(entry),
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
 * The sum insured is in the member's premium currency; documents state it in
 * USD, converted with the rate the migration was priced with. A migration
 * priced before that rate was kept states it in its own currency rather than
 * mislabel it.
 */
function sumInsuredInUsd({ member, selection }: MigratedMember): string {
  if (member.sum_insured === null) return 'As per policy'
  const amount = toCents(member.sum_insured)
  const currency = selection.premium_currency ?? member.premium_currency ?? 'USD'
  if (currency === 'USD') return formatMoney(amount, 'USD')
  if (!selection.premium_rate) return formatMoney(amount, currency)
  return formatMoney(premiumInUsd(amount, Number(selection.premium_rate)), 'USD')
}
