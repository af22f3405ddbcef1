import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { ApiError, DEFAULT_LANGUAGE, type Language } from '#modules/shared/index'
import { recordAudit, type Actor } from '#modules/audit/index'
import EmailTemplate, { type EmailTemplateType } from '../models/email_template.js'
import { sanitizeEmailHtml } from './sanitize_email_html.js'
import { renderHtml, renderSubject } from './render_template.js'
import { PREVIEW_SAMPLE_VARIABLES } from '../template_variables.js'

const ACTIVE_DELETE_REFUSED =
  'The active template cannot be deleted: activate another template of this type first'
const ACTIVE_TYPE_CHANGE_REFUSED =
  'The type of the active template cannot be changed: activate another template of this type first'
const ACTIVE_LANGUAGE_CHANGE_REFUSED =
  'The language of the active template cannot be changed: activate another template of this type and language first'

export interface EmailTemplateInput {
  template_type: EmailTemplateType
  /** The version's language (shared_data/languages.ts); English when left out. */
  language?: Language
  name: string
  subject: string
  html_content: string
  is_active?: boolean
}

function serialize(template: EmailTemplate) {
  return {
    id: template.id,
    template_type: template.template_type,
    language: template.language,
    name: template.name,
    subject: template.subject,
    html_content: template.html_content,
    is_active: template.is_active,
    created_at: template.created_at?.toISO() ?? null,
    updated_at: template.updated_at?.toISO() ?? null,
  }
}

async function findOrFail(id: number, client?: TransactionClientContract) {
  const template = await EmailTemplate.find(id, client ? { client } : undefined)
  if (!template) throw new ApiError('Email template not found', 404)
  return template
}

function cleanHtml(html: string) {
  const cleaned = sanitizeEmailHtml(html)
  if (!cleaned) throw new ApiError('The template content is empty after removing unsafe HTML', 422)
  return cleaned
}

/** Only one active template per type and language: activating one deactivates the others (in the caller's transaction). */
async function activateExclusively(template: EmailTemplate, trx: TransactionClientContract) {
  await EmailTemplate.query({ client: trx })
    .where('template_type', template.template_type)
    .where('language', template.language)
    .whereNot('id', template.id)
    .update({ is_active: false })
  template.useTransaction(trx)
  await template.merge({ is_active: true }).save()
}

/** The template as the audit trail keeps it (without timestamps). */
function audited(template: EmailTemplate) {
  const { created_at: _created, updated_at: _updated, ...fields } = serialize(template)
  return fields
}

export const emailTemplateAdminService = {
  async list() {
    const templates = await EmailTemplate.query()
      .orderBy('template_type')
      .orderBy('language')
      .orderBy('name')
    return templates.map(serialize)
  },

  async get(id: number) {
    return serialize(await findOrFail(id))
  },

  async create(input: EmailTemplateInput, actor: Actor) {
    const html = cleanHtml(input.html_content)
    return db.transaction(async (trx) => {
      const template = await EmailTemplate.create(
        {
          template_type: input.template_type,
          language: input.language ?? DEFAULT_LANGUAGE,
          name: input.name,
          subject: input.subject,
          html_content: html,
          is_active: false,
        },
        { client: trx }
      )
      if (input.is_active) await activateExclusively(template, trx)
      await recordAudit(trx, {
        actor,
        action: 'email_template.create',
        entityType: 'email_template',
        entityId: template.id,
        after: audited(template),
      })
      return serialize(template)
    })
  },

  async update(id: number, input: EmailTemplateInput, actor: Actor) {
    const html = cleanHtml(input.html_content)
    return db.transaction(async (trx) => {
      const template = await findOrFail(id, trx)
      const before = audited(template)
      // Every type keeps its active template (sending has no fallback), as for deletion.
      if (template.is_active && template.template_type !== input.template_type)
        throw new ApiError(ACTIVE_TYPE_CHANGE_REFUSED, 409)
      const language = input.language ?? template.language
      if (template.is_active && template.language !== language)
        throw new ApiError(ACTIVE_LANGUAGE_CHANGE_REFUSED, 409)
      await template
        .merge({
          template_type: input.template_type,
          language,
          name: input.name,
          subject: input.subject,
          html_content: html,
        })
        .save()
      if (input.is_active && !template.is_active) await activateExclusively(template, trx)
      await recordAudit(trx, {
        actor,
        action: 'email_template.update',
        entityType: 'email_template',
        entityId: id,
        before,
        after: audited(template),
      })
      return serialize(template)
    })
  },

  /** The active template of a type cannot go (nor change type, see update): emails of that type would stop. */
  async remove(id: number, actor: Actor) {
    await db.transaction(async (trx) => {
      const template = await findOrFail(id, trx)
      if (template.is_active) throw new ApiError(ACTIVE_DELETE_REFUSED, 409)
      await template.delete()
      await recordAudit(trx, {
        actor,
        action: 'email_template.delete',
        entityType: 'email_template',
        entityId: id,
        before: audited(template),
      })
    })
  },

  async activate(id: number, actor: Actor) {
    return db.transaction(async (trx) => {
      const template = await findOrFail(id, trx)
      const before = audited(template)
      await activateExclusively(template, trx)
      await recordAudit(trx, {
        actor,
        action: 'email_template.activate',
        entityType: 'email_template',
        entityId: id,
        before,
        after: audited(template),
      })
      return serialize(template)
    })
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
