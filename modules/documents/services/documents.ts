import { unlink } from 'node:fs/promises'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import db from '@adonisjs/lucid/services/db'
import { retryOnDeadlock } from '#modules/shared/index'
import Document, { type DocumentType } from '../models/document.js'
import { storagePath } from './storage.js'

/**
 * Records a migration's stored PDF of one member and type (the fulfilment's policy documents, the
 * cancellation confirmation): one row per migration, member and type, its file replaced when made again.
 */
export async function recordDocument(
  key: { migration_id: number; member_id: number; document_type: DocumentType },
  file: { file_name: string; file_path: string }
) {
  return retryOnDeadlock(() => Document.updateOrCreate(key, file))
}

/**
 * The stored documents of a family's migrations, for "Download my data" (names and download links):
 * the policy documents, then the credit notes of their refunds.
 */
export async function documentListOf(migrationIds: number[]) {
  const documents = await Document.query().whereIn('migration_id', migrationIds).orderBy('id')
  const creditNotes = await db
    .from('credit_notes')
    .whereIn('migration_id', migrationIds)
    .orderBy('id')
  return [
    ...documents.map((document) => ({
      migration_id: document.migration_id,
      type: document.document_type,
      file_name: document.file_name,
      link: `/api/member/documents/${document.id}`,
      created_at: document.created_at?.toISO() ?? null,
    })),
    ...creditNotes.map((note) => ({
      migration_id: Number(note.migration_id),
      type: 'credit_note',
      file_name: note.file_name as string,
      link: `/api/member/credit-notes/${note.id}`,
      created_at: new Date(note.issued_at).toISOString(),
    })),
  ]
}

/**
 * Erasure (docs/privacy.md): the policy documents name the members, so their rows are deleted in
 * the erasure's transaction and their files removed after it commits (`removeFiles`).
 */
export async function eraseMigrationDocuments(
  trx: TransactionClientContract,
  migrationIds: number[]
) {
  const documents = await Document.query({ client: trx }).whereIn('migration_id', migrationIds)
  await Document.query({ client: trx }).whereIn('migration_id', migrationIds).delete()
  return {
    async removeFiles() {
      for (const document of documents)
        await unlink(storagePath(document.file_path)).catch(() => undefined)
    },
  }
}
