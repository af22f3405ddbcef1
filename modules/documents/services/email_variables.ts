import { frontendUrl } from '#modules/settings/index'
import { formatAmount, toCents, today, translator, type Language } from '#modules/shared/index'
import { Subscription, daysRemaining } from '#modules/payments/index'
import type { TemplateVariables } from '#modules/notifications/index'
import type { MigrationContext } from './migration_context.js'
import { dateFormatter, formatMoney } from './formatting.js'
import { paymentScheduleText } from './payment_schedule_text.js'
import { consentsOf, migrationCoverageName, type ConsentRecord } from '#modules/migrations/index'
import { DateTime } from 'luxon'

/**
 * What the member accepted before paying, for the confirmation, in the words
 * recorded (the language they were accepted in); empty when nothing was recorded.
 */
function consentRecordText(
  consents: ConsentRecord[],
  date: (value: DateTime | null) => string,
  language: Language
): string {
  return consents
    .map((consent) => {
      const at = DateTime.fromISO(consent.acceptedAt, { zone: 'utc' })
      if (language === 'en')
        return `On ${date(at)} at ${at.toFormat('HH:mm')} UTC you accepted (version ${consent.textVersion}): "${consent.text}"`
      return translator(language).t('emails.variables.consent_record', {
        date: date(at),
        time: at.toFormat('HH:mm'),
        version: consent.textVersion,
        text: consent.text,
      })
    })
    .join(' ')
}

/**
 * The email template variables of admin-backoffice.md §3 ("Preview sample
 * variables") for a migration; member fields describe its principal.
 * Amounts are plain decimals ("2400.00") next to {{currency}}.
 */
export async function migrationEmailVariables(
  context: MigrationContext,
  /** The language of the texts and amounts (the member's; English for the administrators). */
  language: Language = 'en'
): Promise<TemplateVariables> {
  const { migration, principal, product } = context
  const date = await dateFormatter()
  const subscription = await Subscription.findBy('migration_id', migration.id)
  const amount = (value: number | null) => (value === null ? '' : (toCents(value) / 100).toFixed(2))
  return {
    member_name: principal.insured_full_name,
    member_email: principal.email ?? '',
    member_id: principal.member_id,
    date_of_birth: date(principal.date_of_birth),
    citizenship: principal.citizenship ?? '',
    residence_country: principal.residence_country ?? '',
    product_name: migration.product_name ?? principal.product_name ?? '',
    product_alias: product?.product_alias ?? '',
    plan_name: migration.plan_name ?? principal.plan_name ?? '',
    sum_insured: amount(principal.sum_insured),
    final_premium: amount(principal.final_premium),
    policy: [product?.product_alias || migration.product_name, migration.plan_name]
      .filter(Boolean)
      .join(' – '),
    policy_start_date: date(migration.start_date),
    policy_end_date: date(migration.end_date),
    migration_reference: migration.migration_reference,
    migration_id: migration.id,
    total_amount: amount(migration.total_amount),
    currency: migration.currency,
    amount_today:
      language === 'en'
        ? formatMoney(toCents(migration.subscription_amount), migration.currency)
        : formatAmount(toCents(migration.subscription_amount), migration.currency, language),
    payment_schedule: await paymentScheduleText(migration, date, language),
    coverage_name: await migrationCoverageName(migration),
    consent_record: consentRecordText(await consentsOf(migration.id), date, language),
    duration_type: migration.duration_type,
    duration_days: migration.duration_days,
    end_date: date(migration.end_date),
    member_count: context.members.length,
    // "2 members" with the language's plural (emails.variables.members).
    members_covered: translator(language).t('emails.variables.members', {
      count: context.members.length,
    }),
    payment_frequency: migration.payment_frequency,
    subscription_status: subscription?.status ?? '',
    subscription_id: subscription?.provider_subscription_id ?? '',
    days_remaining: subscription?.cancelled_at ? daysRemaining(subscription.ends_on) : '',
    cancelled_at: date(subscription?.cancelled_at ?? null),
    current_date: date(today()),
    frontend_url: await frontendUrl(),
  }
}
