import { readFile } from 'node:fs/promises'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { ApiError, DEFAULT_LANGUAGE, type Language } from '#modules/shared/index'
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
  language: Language
  file_name: string
  file_path: string
  size: number
  uploaded_at: string | Date
}

const serialize = (row: ProductDocumentRow) => ({
  id: row.id,
  productName: row.product_name,
  kind: row.kind,
  language: row.language,
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
      .orderBy('language')
    return rows.map(serialize)
  },

  /**
   * Stores an uploaded PDF (checked by its first bytes) as the product's document of this kind in
   * this language, replacing an older one.
   */
  async upload(
    input: {
      productName: string
      kind: ProductDocumentKind
      language: Language
      fileName: string
      content: Buffer
    },
    actor: Actor
  ) {
    if (input.content.subarray(0, 5).toString('latin1') !== '%PDF-')
      throw new ApiError('Please upload a PDF file', 422)
    const relative = `product_documents/${safeName(input.productName)}/${input.kind}-${input.language}-${Date.now()}.pdf`
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
        .where('language', input.language)
        .first()
      if (existing) await trx.from('product_documents').where('id', existing.id).update(values)
      else
        await trx.table('product_documents').insert({
          product_name: input.productName,
          kind: input.kind,
          language: input.language,
          ...values,
        })
      await recordAudit(trx, {
        actor,
        action: 'product_document.upload',
        entityType: 'product_document',
        entityId: existing?.id ?? null,
        after: {
          product_name: input.productName,
          kind: input.kind,
          language: input.language,
          file_name: values.file_name,
        },
      })
    })
    const row: ProductDocumentRow = await db
      .from('product_documents')
      .where('product_name', input.productName)
      .where('kind', input.kind)
      .where('language', input.language)
      .firstOrFail()
    return serialize(row)
  },

  /**
   * The demo's sample document of a product, kind and language, stored once (database/seed): what
   * ships with the product, not an administrator's upload, so it is not audited and never replaces one.
   */
  async provideSample(input: {
    productName: string
    kind: ProductDocumentKind
    language: Language
    fileName: string
    content: Buffer
  }) {
    const key = { product_name: input.productName, kind: input.kind, language: input.language }
    if (await db.from('product_documents').where(key).first()) return
    const relative = `product_documents/${safeName(input.productName)}/${input.kind}-${input.language}-sample.pdf`
    await storeFile(relative, input.content)
    await db.table('product_documents').insert({
      ...key,
      file_name: input.fileName,
      file_path: relative,
      size: input.content.length,
      uploaded_at: DateTime.utc().toJSDate(),
    })
  },

  /** The kinds uploaded for a product in any language (what the shop links to). */
  async kindsOf(productName: string | null): Promise<ProductDocumentKind[]> {
    if (!productName) return []
    const rows = await db
      .from('product_documents')
      .where('product_name', productName)
      .distinct('kind')
      .orderBy('kind')
    return rows.map((row) => row.kind)
  },

  /** The kinds a product lacks: without both, its members cannot pay online (docs/shop.md). */
  async missingKinds(productName: string | null): Promise<ProductDocumentKind[]> {
    const present = await this.kindsOf(productName)
    return PRODUCT_DOCUMENT_KINDS.filter((kind) => !present.includes(kind))
  },

  /** The PDF of one kind for a product in `language`, else in English, else in another; or 404. */
  async file(productName: string | null, kind: ProductDocumentKind, language: Language) {
    const rows: ProductDocumentRow[] = productName
      ? await db.from('product_documents').where('product_name', productName).where('kind', kind)
      : []
    const rank = (row: ProductDocumentRow) =>
      row.language === language ? 0 : row.language === DEFAULT_LANGUAGE ? 1 : 2
    const row = rows.sort((a, b) => rank(a) - rank(b))[0]
    if (!row) throw new ApiError('Document not found', 404)
    return { fileName: row.file_name, content: await readFile(storagePath(row.file_path)) }
  },
}
