/*
| HTTP kernel: server middleware run on every request, router middleware
| on matched routes, and the named middleware routes can opt into.
*/
import router from '@adonisjs/core/services/router'
import server from '@adonisjs/core/services/server'

server.errorHandler(() => import('#backend/exceptions/handler'))

server.use([
  () => import('#backend/middleware/request_metrics_middleware'),
  // Liveness answers here, before the session middleware touches the database.
  () => import('#backend/middleware/liveness_middleware'),
  () => import('#backend/middleware/container_bindings_middleware'),
  () => import('#backend/middleware/compress_json_middleware'),
  () => import('#backend/middleware/precompressed_assets_middleware'),
  () => import('#backend/middleware/static_files_middleware'),
  () => import('@adonisjs/cors/cors_middleware'),
])

router.use([
  () => import('#backend/middleware/security_headers_middleware'),
  // Around the session middleware: drops the session cookie from answers that change nothing.
  () => import('#backend/middleware/session_cookie_middleware'),
  () => import('@adonisjs/session/session_middleware'),
  () => import('#backend/middleware/session_found_middleware'),
  () => import('@adonisjs/shield/shield_middleware'),
  () => import('@adonisjs/auth/initialize_auth_middleware'),
  // The one place that decides which API areas need which session.
  () => import('#backend/middleware/area_guard_middleware'),
  // Bodies are read only after the session check: an anonymous client cannot
  // make the server take in a 50 MB upload on an admin path. The CSRF token
  // travels in the X-XSRF-TOKEN header, so shield needs no body.
  // Too deep or malformed-Unicode input is a 400 before any handler sees it.
  () => import('#backend/middleware/body_shape_middleware'),
  () => import('@adonisjs/core/bodyparser_middleware'),
  // Innermost: what the handler answered, written as its answer schema names it.
  () => import('#backend/middleware/answer_schema_middleware'),
])

export const middleware = router.named({})
