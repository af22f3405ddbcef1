import { readFile } from 'node:fs/promises'
import type { HttpContext } from '@adonisjs/core/http'
import { adminActor } from '#modules/audit/index'
import { ApiError } from '#modules/shared/index'
import {
  PRODUCT_DOCUMENT_MAX_BYTES,
  productDocuments,
} from '../product_documents/product_documents.js'
import { productDocumentValidator } from '../validators.js'
import type {
  AdminProductDocumentsIndexAnswer,
  AdminProductDocumentsStoreAnswer,
} from '../api_docs.js'

/** Doc Templates screen: the policy conditions and pre-contract information PDFs per product. */
export default class ProductDocumentsAdminController {
  async index(): Promise<AdminProductDocumentsIndexAnswer> {
    return { success: true, documents: await productDocuments.list() }
  }

  async store(ctx: HttpContext): Promise<AdminProductDocumentsStoreAnswer> {
    const {
      productName,
      kind,
      language = 'en',
    } = await productDocumentValidator.validate(ctx.request.body())
    const file = ctx.request.file('file', { size: PRODUCT_DOCUMENT_MAX_BYTES })
    if (!file || !file.tmpPath) throw new ApiError('Please select a PDF file', 422)
    if (file.size > PRODUCT_DOCUMENT_MAX_BYTES)
      throw new ApiError('The file is larger than the 10 MB limit', 413)
    const content = await readFile(file.tmpPath)
    return {
      success: true,
      document: await productDocuments.upload(
        { productName, kind, language, fileName: file.clientName, content },
        adminActor(ctx)
      ),
    }
  }
}
