/** The API's OpenAPI 3.1 contract: route documentation next to each module's controllers, assembled here. */
export { documentRoutes } from './registry.js'
export { registeredRoutes, openApiPath } from './openapi_document.js'
export { apiDocument } from './api_document.js'
export {
  ValidationIssue,
  Nullable,
  ForeignJson,
  MessageAnswer,
  InstallmentSchedule,
  SubscriptionFrequency,
} from './shared_schemas.js'
export { strictSchema, answerSchema, describeErrors } from './answer_schemas.js'
