import { DocumentTemplate } from '#modules/documents/index'

/** The shipped policy confirmation + Schedule of Benefits layout, for every plan of the demo products. */
const DEFAULT_DOCUMENT_TEMPLATE = 'policy_confirmation.json'

const PRODUCTS_WITH_DOCUMENTS = ['Global Health Gold', 'Global Health Silver']

/** One plan-less template row per demo product, unless the product has templates already. */
export async function seedDocumentTemplates() {
  for (const productName of PRODUCTS_WITH_DOCUMENTS) {
    const exists = await DocumentTemplate.findBy('product_name', productName)
    if (!exists)
      await DocumentTemplate.create({
        product_name: productName,
        plan_name: null,
        template_file_path: DEFAULT_DOCUMENT_TEMPLATE,
      })
  }
}
