import db from '@adonisjs/lucid/services/db'
import { Member } from '#modules/members/index'
import { recordAudit, type Actor } from '#modules/audit/index'
import {
  ApiError,
  bumpReferenceVersion,
  isoDate,
  parseIsoDate,
  textKey,
} from '#modules/shared/index'
import Product from '../models/product.js'

const END_BEFORE_START = 'The fixed end date cannot be before the fixed start date'

/** The spec's Product shape (admin-backoffice.md §3), dates as YYYY-MM-DD. */
function serializeProduct(product: Product) {
  return {
    id: product.id,
    product_name: product.product_name,
    product_alias: product.product_alias,
    plan_id: product.plan_id,
    disabled: product.disabled,
    subscription_frequencies: product.subscriptionFrequencies,
    fixed_start_date: isoDate(product.fixed_start_date),
    fixed_end_date: isoDate(product.fixed_end_date),
    enforce_fixed_start_date: product.enforce_fixed_start_date,
    enforce_fixed_end_date: product.enforce_fixed_end_date,
  }
}

export interface ProductSettingsInput {
  subscriptionFrequencies: {
    'disabled': boolean
    'monthly': boolean
    'quarterly': boolean
    'semi-annual': boolean
    'annual': boolean
  }
  fixedStartDate?: string | null
  fixedEndDate?: string | null
  enforceFixedStartDate: boolean
  enforceFixedEndDate: boolean
  productAlias?: string | null
  planId?: string | null
  disabled: boolean
}

function optionalDate(value: string | null | undefined, label: string, field: string) {
  if (!value) return null
  const date = parseIsoDate(value.slice(0, 10))
  if (!date) throw new ApiError(`${label} must be a date (YYYY-MM-DD)`, 422, { field })
  return date
}

export const productAdminService = {
  async list() {
    const products = await Product.query().orderBy('product_name')
    return products.map(serializeProduct)
  },

  /**
   * Adds every product named in the members table that is not known yet;
   * existing settings stay. Names are compared by textKey, as MariaDB's
   * unique index compares them: "gold" among members is the product "Gold",
   * and "Gold" and "gold " among members add one product (the spelling
   * that sorts first).
   */
  async refreshFromMembers(actor: Actor) {
    const rows = await Member.query().whereNotNull('product_name').distinct('product_name')
    const known = new Set(
      (await Product.query().select('product_name')).map((p) => textKey(p.product_name))
    )
    const fresh = new Map<string, string>()
    for (const name of rows
      .map((row) => row.product_name!.trim())
      .filter(Boolean)
      .sort()) {
      const key = textKey(name)
      if (!known.has(key) && !fresh.has(key)) fresh.set(key, name)
    }
    const names: string[] = []
    for (const productName of fresh.values()) {
      // Another refresh may have added it a moment ago: that is fine.
      const added = await db
        .transaction(async (trx) => {
          const product = await Product.create({ product_name: productName }, { client: trx })
          await bumpReferenceVersion(trx, 'catalog')
          await recordAudit(trx, {
            actor,
            action: 'product.create',
            entityType: 'product',
            entityId: product.id,
            after: serializeProduct(product),
          })
          return product
        })
        .catch((error) => {
          if (error?.code === 'ER_DUP_ENTRY' || error?.code === 'SQLITE_CONSTRAINT_UNIQUE')
            return null
          throw error
        })
      if (added) names.push(productName)
    }
    const products = await this.list()
    const message =
      names.length === 0
        ? `No new products found (${products.length} in total)`
        : `Added ${names.length} new product${names.length === 1 ? '' : 's'} (${products.length} in total)`
    return { message, products, added: names }
  },

  async update(id: number, input: ProductSettingsInput, actor: Actor) {
    return db.transaction(async (trx) => {
      const product = await Product.find(id, { client: trx })
      if (!product) throw new ApiError('Product not found', 404)
      const before = serializeProduct(product)
      await applySettings(product, input)
      await bumpReferenceVersion(trx, 'catalog')
      await recordAudit(trx, {
        actor,
        action: 'product.update',
        entityType: 'product',
        entityId: id,
        before,
        after: serializeProduct(product),
      })
      return serializeProduct(product)
    })
  },
}

/** Checks and saves a product's settings (on the product's transaction). */
async function applySettings(product: Product, input: ProductSettingsInput) {
  const flags = input.subscriptionFrequencies
  if (!Object.values(flags).some(Boolean))
    throw new ApiError('At least one payment frequency must be enabled', 422, {
      field: 'subscriptionFrequencies',
    })
  const start = optionalDate(input.fixedStartDate, 'Fixed start date', 'fixedStartDate')
  const end = optionalDate(input.fixedEndDate, 'Fixed end date', 'fixedEndDate')
  // Same rule as the screen's end-date picker (minimum: the start date): the end may equal the start.
  if (start && end && end < start)
    throw new ApiError(END_BEFORE_START, 422, { field: 'fixedEndDate' })
  product.merge({
    freq_one_time: flags.disabled,
    freq_monthly: flags.monthly,
    freq_quarterly: flags.quarterly,
    freq_semi_annual: flags['semi-annual'],
    freq_annual: flags.annual,
    fixed_start_date: start,
    fixed_end_date: end,
    enforce_fixed_start_date: input.enforceFixedStartDate,
    enforce_fixed_end_date: input.enforceFixedEndDate,
    product_alias: input.productAlias?.trim() || null,
    // A plan id that is not a UUID only earns a hint in the screen (spec §5): it is stored as given.
    plan_id: input.planId?.trim() || null,
    disabled: input.disabled,
  })
  await product.save()
}
