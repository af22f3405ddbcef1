import { readFile } from 'node:fs/promises'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { ApiError } from '#modules/shared/index'
import { recordAudit, type Actor } from '#modules/audit/index'
import { safeName, storagePath, storeFile } from '../services/storage.js'

/** The documents a member may open before paying. */
export const PRODUCT_DOCUMENT_KINDS = ['conditions', 'pre_contract'] as const
export type ProductDocumentKind = (typeof PRODUCT_DOCUMENT_KINDS)[number]

/** 10 MB: a conditions booklet, not a census. */
export const PRODUCT_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024

interface ProductDocumentRow {
  id: number
  product_name: string
  kind: ProductDocumentKind
  file_name: string
  file_path: string
  size: number
  uploaded_at: string | Date
}

const serialize = (row: ProductDocumentRow) => ({
  id: row.id,
  productName: row.product_name,
  kind: row.kind,
  fileName: row.file_name,
  size: Number(row.size),
  uploadedAt: DateTime.fromJSDate(new Date(row.uploaded_at)).toUTC().toISO()!,
})

export const productDocuments = {
  async list() {
    const rows: ProductDocumentRow[] = await db
      .from('product_documents')
      .orderBy('product_name')
      .orderBy('kind')
    return rows.map(serialize)
  },

  /** Stores an uploaded PDF (checked by its first bytes) as the product's document of this kind, replacing an older one. */
  async upload(
    input: { productName: string; kind: ProductDocumentKind; fileName: string; content: Buffer },
    actor: Actor
  ) {
    if (input.content.subarray(0, 5).toString('latin1') !== '%PDF-')
      throw new ApiError('Please upload a PDF file', 422)
    const relative = `product_documents/${safeName(input.productName)}/${input.kind}-${Date.now()}.pdf`
    await storeFile(relative, input.content)
    const values = {
      file_name: input.fileName.slice(0, 255),
      file_path: relative,
      size: input.content.length,
      uploaded_at: DateTime.utc().toJSDate(),
    }
    await db.transaction(async (trx) => {
      const existing = await trx
        .from('product_documents')
        .where('product_name', input.productName)
        .where('kind', input.kind)
        .first()
      if (existing) await trx.from('product_documents').where('id', existing.id).update(values)
      else
        await trx
          .table('product_documents')
          .insert({ product_name: input.productName, kind: input.kind, ...values })
      await recordAudit(trx, {
        actor,
        action: 'product_document.upload',
        entityType: 'product_document',
        entityId: existing?.id ?? null,
        after: { product_name: input.productName, kind: input.kind, file_name: values.file_name },
      })
    })
    const row: ProductDocumentRow = await db
      .from('product_documents')
      .where('product_name', input.productName)
      .where('kind', input.kind)
      .firstOrFail()
    return serialize(row)
  },

  /** The kinds uploaded for a product (what the shop links to). */
  async kindsOf(productName: string | null): Promise<ProductDocumentKind[]> {
    if (!productName) return []
    const rows = await db
      .from('product_documents')
      .where('product_name', productName)
      .select('kind')
      .orderBy('kind')
    return rows.map((row) => row.kind)
  },

  /** The PDF of one kind for a product, or 404. */
  async file(productName: string | null, kind: ProductDocumentKind) {
    const row: ProductDocumentRow | null = productName
      ? await db
          .from('product_documents')
          .where('product_name', productName)
          .where('kind', kind)
          .first()
      : null
    if (!row) throw new ApiError('Document not found', 404)
    return { fileName: row.file_name, content: await readFile(storagePath(row.file_path)) }
  },
}
