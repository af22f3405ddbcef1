import db from '@adonisjs/lucid/services/db'
import { ApiError } from '#modules/shared/index'
import { recordAudit, type Actor } from '#modules/audit/index'
import DocumentTemplate from '../models/document_template.js'
import type { DocumentType } from '../models/document.js'
import { safeTemplatePath, templateFileExists } from './template_path.js'

function serialize(template: DocumentTemplate) {
  return {
    id: template.id,
    product_name: template.product_name,
    plan_name: template.plan_name,
    document_type: template.document_type ?? 'policy',
    template_file_path: template.template_file_path,
    file_exists: templateFileExists(template.template_file_path),
    created_at: template.created_at?.toISO() ?? null,
  }
}

const audited = (template: DocumentTemplate) => ({
  product_name: template.product_name,
  plan_name: template.plan_name,
  document_type: template.document_type,
  template_file_path: template.template_file_path,
})

export const docTemplateAdminService = {
  async list() {
    const templates = await DocumentTemplate.query()
      .orderBy('product_name')
      .orderByRaw('plan_name IS NULL')
      .orderBy('plan_name')
    return templates.map(serialize)
  },

  async create(
    input: {
      productName: string
      planName?: string | null
      templateFilePath: string
      documentType?: DocumentType
    },
    actor: Actor
  ) {
    const planName = input.planName?.trim() || null
    const documentType = input.documentType ?? 'policy'
    const duplicate = await DocumentTemplate.query()
      .where('product_name', input.productName)
      .where('document_type', documentType)
      .where((q) => (planName ? q.where('plan_name', planName) : q.whereNull('plan_name')))
      .first()
    if (duplicate)
      throw new ApiError(
        `A ${documentType === 'policy' ? '' : 'cancellation confirmation '}template for ${input.productName}${planName ? ` / ${planName}` : ' (all plans)'} already exists`,
        409
      )
    const templateFilePath = safeTemplatePath(input.templateFilePath)
    const template = await db.transaction(async (trx) => {
      const created = await DocumentTemplate.create(
        {
          product_name: input.productName,
          plan_name: planName,
          document_type: documentType,
          template_file_path: templateFilePath,
        },
        { client: trx }
      )
      await recordAudit(trx, {
        actor,
        action: 'doc_template.create',
        entityType: 'doc_template',
        entityId: created.id,
        after: audited(created),
      })
      return created
    })
    return serialize(template)
  },

  async remove(id: number, actor: Actor) {
    await db.transaction(async (trx) => {
      const template = await DocumentTemplate.find(id, { client: trx })
      if (!template) throw new ApiError('Template not found', 404)
      await template.delete()
      await recordAudit(trx, {
        actor,
        action: 'doc_template.delete',
        entityType: 'doc_template',
        entityId: id,
        before: audited(template),
      })
    })
  },
}
