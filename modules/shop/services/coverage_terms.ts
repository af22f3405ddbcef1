import type { Member } from '#modules/members/index'
import { Product } from '#modules/catalog/index'
import { productDocuments } from '#modules/documents/index'
import { coolingOffDays } from '#modules/fulfilment/index'
import { isoDate } from '#modules/shared/index'
import { coverageName } from '../../../shared_data/consent_texts.js'

/**
 * What the member buys, shown on select and checkout before paying: the one
 * coverage name, the limit in the currency the insurer set it in (the census premium currency,
 * never converted), the cooling-off days, the previous coverage it replaces, and which product
 * documents (policy conditions, pre-contract information) an administrator uploaded.
 */
export async function coverageTerms(member: Member) {
  const product = member.product_name
    ? await Product.findBy('product_name', member.product_name)
    : null
  return {
    coverageName: coverageName({
      productName: member.product_name,
      productAlias: product?.product_alias,
      planName: member.plan_name,
    }),
    limitCurrency: member.premium_currency ?? 'USD',
    overallLimit: member.sum_insured === null ? null : Number(member.sum_insured),
    coolingOffDays: await coolingOffDays(),
    previousCoverage: {
      productName: member.product_name,
      planName: member.plan_name,
      policyEndDate: isoDate(member.policy_end_date),
    },
    documents: await productDocuments.kindsOf(member.product_name),
  }
}
