import type { VineValidator } from '@vinejs/vine'
import type { JsonSchema } from './vine_json_schema.js'

/** Who may call a route: the area guard decides, this only documents it. */
type RouteAccess = 'public' | 'member' | 'admin' | 'stripe' | 'metrics'

/**
 * What a module says about one of its routes, next to its controllers:
 * the validators the controller uses (the request part of the document is
 * generated from them) and the JSON Schema of each answer it gives.
 */
export interface RouteDoc {
  summary: string
  access: RouteAccess
  body?: VineValidator<any, any>
  /** `multipart/form-data` uploads, described by their file field. */
  upload?: { field: string }
  query?: VineValidator<any, any>
  params?: VineValidator<any, any>
  /** Success answers by status. Error answers (4xx/5xx) share one schema and need not be listed. */
  responses: Record<number, JsonSchema | { contentType: string; schema?: JsonSchema }>
}

const docs = new Map<string, RouteDoc>()

/** Registers the documentation of routes by route name (the `.as(...)` of routes.ts). */
export function documentRoutes(entries: Record<string, RouteDoc>) {
  for (const [name, doc] of Object.entries(entries)) docs.set(name, doc)
}

export function routeDocs(): ReadonlyMap<string, RouteDoc> {
  return docs
}
