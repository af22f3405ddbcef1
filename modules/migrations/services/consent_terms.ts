import type { DateTime } from 'luxon'
import { Product } from '#modules/catalog/index'
import { getBranding, settingsService } from '#modules/settings/index'
import { formatAmount, languageOf, toCents } from '#modules/shared/index'
import {
  CONSENT_SCHEDULE_ITEM,
  consentWords,
  coverageName,
  type ConsentTextVersion,
} from '../../../shared_data/consent_texts.js'
import type Migration from '../models/migration.js'
import Installment from '../models/installment.js'

/** DATE_FORMAT options (member-shop.md §9) in luxon's notation. */
const DATE_FORMATS: Record<string, string> = {
  'DD.MM.YYYY': 'dd.MM.yyyy',
  'MM/DD/YYYY': 'MM/dd/yyyy',
  'YYYY-MM-DD': 'yyyy-MM-dd',
  'DD-MM-YYYY': 'dd-MM-yyyy',
  'MM-DD-YYYY': 'MM-dd-yyyy',
}

/** The cooling-off period in days (setting COOLING_OFF_DAYS, default 14). */
async function coolingOffDays(): Promise<number> {
  return Number.parseInt(await settingsService.get('COOLING_OFF_DAYS', '14'), 10) || 14
}

/** The one coverage name of a migration (shared_data/consent_texts.ts). */
export async function migrationCoverageName(migration: Migration): Promise<string> {
  const product = migration.product_name
    ? await Product.findBy('product_name', migration.product_name)
    : null
  return coverageName({
    productName: migration.product_name,
    productAlias: product?.product_alias,
    planName: migration.plan_name,
  })
}

/** Fills {placeholders} of a text (unknown ones become empty). */
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_all, name: string) => values[name] ?? '')

/**
 * The words the member accepts for this checkout, filled from what is stored (never from the
 * client), in the member's language (amounts as the language writes them, dates per
 * DATE_FORMAT): a single payment accepts the conditions; installments also authorise each charge.
 */
export async function consentTermsFor(
  migration: Migration,
  requested: string = 'en'
): Promise<{ textVersion: ConsentTextVersion; text: string }> {
  const language = languageOf(requested)
  const installments = await Installment.query()
    .where('migration_id', migration.id)
    .orderBy('payment_number')
  const format =
    DATE_FORMATS[await settingsService.get('DATE_FORMAT', 'DD.MM.YYYY')] ??
    DATE_FORMATS['DD.MM.YYYY']
  const date = (value: DateTime) => value.toFormat(format)
  const values: Record<string, string> = {
    coverage: await migrationCoverageName(migration),
    coolingOffDays: String(await coolingOffDays()),
    count: String(installments.length),
    schedule: installments
      .map((row) =>
        fill(CONSENT_SCHEDULE_ITEM[language], {
          amount: formatAmount(toCents(row.amount), migration.currency, language),
          date: date(row.due_date),
        })
      )
      .join(', '),
    supportEmail: (await getBranding()).supportEmail,
  }
  const textVersion: ConsentTextVersion =
    installments.length > 1 ? 'conditions-recurring-2026-12' : 'conditions-2026-11'
  return {
    textVersion,
    text: fill(consentWords(textVersion, language), values),
  }
}
