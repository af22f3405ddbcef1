import db from '@adonisjs/lucid/services/db'
import { ApiError } from '#modules/shared/index'
import EmailTemplate, { type EmailTemplateType } from '../models/email_template.js'
import { sanitizeEmailHtml } from './sanitize_email_html.js'
import { renderHtml, renderSubject } from './render_template.js'
import { PREVIEW_SAMPLE_VARIABLES } from '../template_variables.js'

export const ACTIVE_DELETE_REFUSED = 'The active template cannot be deleted: activate another template of this type first'
export const ACTIVE_TYPE_CHANGE_REFUSED = 'The type of the active template cannot be changed: activate another template of this type first'

export interface EmailTemplateInput {
  template_type: EmailTemplateType
  name: string
  subject: string
  html_content: string
  is_active?: boolean
}

function serialize(template: EmailTemplate) {
  return {
    id: template.id,
    template_type: template.template_type,
    name: template.name,
    subject: template.subject,
    html_content: template.html_content,
    is_active: template.is_active,
    created_at: template.created_at?.toISO() ?? null,
    updated_at: template.updated_at?.toISO() ?? null,
  }
}

async function findOrFail(id: number) {
  const template = await EmailTemplate.find(id)
  if (!template) throw new ApiError('Email template not found', 404)
  return template
}

function cleanHtml(html: string) {
  const cleaned = sanitizeEmailHtml(html)
  if (!cleaned) throw new ApiError('The template content is empty after removing unsafe HTML', 422)
  return cleaned
}

/** Only one active template per type: activating one deactivates the others (in one transaction). */
async function activateExclusively(template: EmailTemplate) {
  await db.transaction(async (trx) => {
    await EmailTemplate.query({ client: trx }).where('template_type', template.template_type).whereNot('id', template.id).update({ is_active: false })
    template.useTransaction(trx)
    await template.merge({ is_active: true }).save()
  })
}

export const emailTemplateAdminService = {
  async list() {
    const templates = await EmailTemplate.query().orderBy('template_type').orderBy('name')
    return templates.map(serialize)
  },

  async get(id: number) {
    return serialize(await findOrFail(id))
  },

  async create(input: EmailTemplateInput) {
    const template = await EmailTemplate.create({ template_type: input.template_type, name: input.name, subject: input.subject, html_content: cleanHtml(input.html_content), is_active: false })
    if (input.is_active) await activateExclusively(template)
    return serialize(template)
  },

  async update(id: number, input: EmailTemplateInput) {
    const template = await findOrFail(id)
    // Every type keeps its active template (sending has no fallback), as for deletion.
    if (template.is_active && template.template_type !== input.template_type) throw new ApiError(ACTIVE_TYPE_CHANGE_REFUSED, 409)
    await template.merge({ template_type: input.template_type, name: input.name, subject: input.subject, html_content: cleanHtml(input.html_content) }).save()
    if (input.is_active && !template.is_active) await activateExclusively(template)
    return serialize(template)
  },

  /** The active template of a type cannot go (nor change type, see update): emails of that type would stop. */
  async remove(id: number) {
    const template = await findOrFail(id)
    if (template.is_active) throw new ApiError(ACTIVE_DELETE_REFUSED, 409)
    await template.delete()
  },

  async activate(id: number) {
    const template = await findOrFail(id)
    await activateExclusively(template)
    return serialize(template)
  },

  /** The preview modal: the sample variables filled in (HTML-escaped), then sanitised. */
  preview(input: { subject: string; html_content: string }) {
    return {
      subject: renderSubject(input.subject, PREVIEW_SAMPLE_VARIABLES),
      html: renderHtml(input.html_content, PREVIEW_SAMPLE_VARIABLES),
      variables: PREVIEW_SAMPLE_VARIABLES,
    }
  },
}
