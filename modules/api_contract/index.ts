/** The API's OpenAPI 3.1 contract: route documentation next to each module's controllers, assembled here. */
export { documentRoutes, routeDocs, type RouteDoc, type RouteAccess } from './registry.js'
export {
  buildOpenApiDocument,
  registeredRoutes,
  openApiPath,
  ERROR_SCHEMA,
} from './openapi_document.js'
export { vineToJsonSchema, type JsonSchema } from './vine_json_schema.js'
export { apiDocument } from './api_document.js'
export { ValidationIssue, publishSchema } from './shared_schemas.js'
