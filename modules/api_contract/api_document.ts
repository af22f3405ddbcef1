import { buildOpenApiDocument } from './openapi_document.js'

let document: ReturnType<typeof buildOpenApiDocument> | undefined

/** The document of this process's routes, built once (routes do not change after boot). */
export function apiDocument() {
  document ??= buildOpenApiDocument({ title: 'Member Migration Portal API', version: '1.0.0' })
  return document
}
