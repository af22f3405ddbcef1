import { DateTime } from 'luxon'
import { Currency, ExchangeRate, Product } from '#modules/catalog/index'
import { Setting, SETTINGS_CATALOGUE } from '#modules/settings/index'
import { EmailTemplate, renderDefaultTemplates } from '#modules/notifications/index'
import { bumpReferenceVersion } from '#modules/shared/index'
import { seedDocumentTemplates } from './document_templates.js'

/** Seed exchange rates (units per USD), used offline until the provider answers. */
export const SEED_RATES: Record<string, number> = { USD: 1, EUR: 0.92, GBP: 0.79, CHF: 0.88 }

export const SEED_CURRENCIES = [
  { code: 'USD', name: 'US Dollar', symbol: '$', surcharge_percentage: 0 },
  { code: 'EUR', name: 'Euro', symbol: '€', surcharge_percentage: 2 },
  { code: 'GBP', name: 'British Pound', symbol: '£', surcharge_percentage: 2.5 },
  { code: 'CHF', name: 'Swiss Franc', symbol: 'CHF', surcharge_percentage: 1.5 },
]

/** Inserts every setting of the catalogue that is missing; existing values are kept. */
async function seedSettings() {
  const existing = new Set(
    (await Setting.query().select('setting_key')).map((row) => row.setting_key)
  )
  const missing = SETTINGS_CATALOGUE.filter((entry) => !existing.has(entry.key))
  if (missing.length === 0) return
  await Setting.createMany(
    missing.map((entry) => ({
      setting_key: entry.key,
      setting_value: entry.value,
      setting_type: entry.type,
      display_name: entry.display_name,
      description: entry.description,
      category: entry.category,
      is_editable: entry.editable ?? true,
      is_sensitive: entry.sensitive ?? false,
    }))
  )
}

async function seedCurrencies() {
  for (const currency of SEED_CURRENCIES) {
    await Currency.updateOrCreate({ code: currency.code }, { ...currency, enabled: true })
    const rate = await ExchangeRate.findBy('currency_code', currency.code)
    if (!rate) {
      await ExchangeRate.create({
        currency_code: currency.code,
        rate: SEED_RATES[currency.code],
        source: 'seed',
        fetched_at: DateTime.now(),
      })
    }
  }
}

/** One active template of each type and language, unless that type has a version in that language already. */
async function seedEmailTemplates() {
  for (const template of await renderDefaultTemplates()) {
    const exists = await EmailTemplate.query()
      .where('template_type', template.template_type)
      .where('language', template.language)
      .first()
    if (!exists) await EmailTemplate.create({ ...template, is_active: true })
  }
}

const DEMO_PRODUCTS = [
  {
    product_name: 'Global Health Gold',
    product_alias: 'Gold Plus 2027',
    plan_id: '3f1c2a9e-7b4d-4e8a-9c1f-5a6b7c8d9e01',
    disabled: false,
  },
  {
    product_name: 'Global Health Silver',
    product_alias: 'Silver 2027',
    plan_id: null,
    disabled: false,
  },
  { product_name: 'Legacy Basic', product_alias: null, plan_id: null, disabled: true },
]

async function seedProducts() {
  for (const product of DEMO_PRODUCTS) {
    const exists = await Product.findBy('product_name', product.product_name)
    if (!exists) await Product.create(product)
  }
}

/** Everything but members and admins: settings, currencies and rates, products, email templates. */
export async function seedReferenceData() {
  await seedSettings()
  await seedCurrencies()
  await seedProducts()
  await seedEmailTemplates()
  await seedDocumentTemplates()
  // Running servers drop their cached copies (modules/shared/reference_cache.ts).
  await bumpReferenceVersion(undefined, 'catalog')
  await bumpReferenceVersion(undefined, 'settings')
}
