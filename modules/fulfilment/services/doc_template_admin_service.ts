import { ApiError } from '#modules/shared/index'
import DocumentTemplate from '../models/document_template.js'
import { safeTemplatePath, templateFileExists } from './template_path.js'

function serialize(template: DocumentTemplate) {
  return {
    id: template.id,
    product_name: template.product_name,
    plan_name: template.plan_name,
    template_file_path: template.template_file_path,
    file_exists: templateFileExists(template.template_file_path),
    created_at: template.created_at?.toISO() ?? null,
  }
}

export const docTemplateAdminService = {
  async list() {
    const templates = await DocumentTemplate.query().orderBy('product_name').orderByRaw('plan_name IS NULL').orderBy('plan_name')
    return templates.map(serialize)
  },

  async create(input: { productName: string; planName?: string | null; templateFilePath: string }) {
    const plan_name = input.planName?.trim() || null
    const duplicate = await DocumentTemplate.query()
      .where('product_name', input.productName)
      .where((q) => (plan_name ? q.where('plan_name', plan_name) : q.whereNull('plan_name')))
      .first()
    if (duplicate) throw new ApiError(`A template for ${input.productName}${plan_name ? ` / ${plan_name}` : ' (all plans)'} already exists`, 409)
    const template = await DocumentTemplate.create({ product_name: input.productName, plan_name, template_file_path: safeTemplatePath(input.templateFilePath) })
    return serialize(template)
  },

  async remove(id: number) {
    const template = await DocumentTemplate.find(id)
    if (!template) throw new ApiError('Template not found', 404)
    await template.delete()
  },
}
