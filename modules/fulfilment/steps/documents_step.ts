import { existsSync } from 'node:fs'
import logger from '@adonisjs/core/services/logger'
import { getBranding } from '#modules/settings/index'
import {
  type MigratedMember,
  type MigrationContext,
  DocumentTemplate,
  Document,
  recordDocument,
  type DocumentType,
  loadLayout,
  renderPdf,
  loadBrandLogo,
  documentVariables,
  safeName,
  storagePath,
  storeFile,
} from '#modules/documents/index'
import { outcomeOf } from './step_statuses.js'

/** The template of a type for a product and plan: the plan's own first, else the plan-less one. */
export async function findDocumentTemplate(
  productName: string | null,
  planName: string | null,
  type: DocumentType = 'policy'
) {
  if (!productName) return null
  const candidates = await DocumentTemplate.query()
    .where('product_name', productName)
    .where('document_type', type)
    .orderBy('id')
  return (
    candidates.find((t) => planName && t.plan_name === planName) ??
    candidates.find((t) => !t.plan_name) ??
    null
  )
}

/**
 * One PDF per migrated member. A member whose PDF exists already keeps it
 * (resumed work), unless `force` (admin regenerate). No template for any
 * member: skipped.
 */
export async function runDocuments(context: MigrationContext, options: { force?: boolean } = {}) {
  // The family's documents in the purchase's language (its checkout's), its brand words too.
  const language = context.language
  const branding = await getBranding(language)
  const logo = await loadBrandLogo(branding.logoUrl)
  const variablesFor = await documentVariables(context, language)
  let attempted = 0
  let generated = 0
  const errors: string[] = []
  for (const entry of context.members) {
    const template = await findDocumentTemplate(
      entry.member.product_name ?? context.migration.product_name,
      entry.member.plan_name ?? context.migration.plan_name
    )
    if (!template) continue
    attempted++
    try {
      if (!options.force && (await existingDocument(context, entry))) {
        generated++
        continue
      }
      const layout = await loadLayout(template.template_file_path, language)
      const pdf = await renderPdf(layout, variablesFor(entry), branding, logo, language)
      const fileName = `${safeName(context.migration.migration_reference)}-${safeName(entry.member.member_id)}.pdf`
      const relative = `documents/${safeName(context.migration.migration_reference)}/${fileName}`
      await storeFile(relative, pdf)
      await recordDocument(
        {
          migration_id: context.migration.id,
          member_id: entry.member.id,
          document_type: 'policy',
        },
        { file_name: fileName, file_path: relative }
      )
      generated++
    } catch (error) {
      logger.error(
        { err: error, migrationId: context.migration.id, memberId: entry.member.id },
        'document generation failed'
      )
      errors.push(
        `${entry.member.member_id}: ${error instanceof Error ? error.message : String(error)}`
      )
    }
  }
  if (attempted === 0) return { status: 'skipped', count: 0, errors }
  return { status: outcomeOf(generated, attempted, 'generated'), count: generated, errors }
}

async function existingDocument(context: MigrationContext, entry: MigratedMember) {
  const document = await Document.query()
    .where('migration_id', context.migration.id)
    .where('member_id', entry.member.id)
    .where('document_type', 'policy')
    .first()
  return document && existsSync(storagePath(document.file_path)) ? document : null
}

/** The stored policy PDFs of a migration as mail attachments (the confirmation email's). */
export async function documentAttachments(migrationId: number) {
  const documents = await Document.query()
    .where('migration_id', migrationId)
    .where('document_type', 'policy')
    .orderBy('id')
  return documents
    .filter((d) => existsSync(storagePath(d.file_path)))
    .map((d) => ({ path: storagePath(d.file_path), filename: d.file_name }))
}
