import type { Member } from '#modules/members/index'
import { createMigration } from '#modules/migrations/index'
import { productDocuments } from '#modules/documents/index'
import { getBranding } from '#modules/settings/index'
import { ApiError, type Language } from '#modules/shared/index'

type CheckoutRequest = Parameters<typeof createMigration>[1]

/**
 * Opens the checkout of a selection (migrations' createMigration), once the member can read what
 * they are asked to accept: a product without its policy conditions or pre-contract information
 * cannot be bought online (docs/shop.md, "Product documents"); nothing is stored then.
 */
export async function openCheckout(member: Member, request: CheckoutRequest, language: Language) {
  if ((await productDocuments.missingKinds(member.product_name)).length > 0) {
    const { supportEmail } = await getBranding()
    throw new ApiError(
      `Your coverage cannot be bought online yet: its policy conditions and pre-contract information are not available. Please contact ${supportEmail}.`,
      409
    )
  }
  return createMigration(member, request, language)
}
