import app from '@adonisjs/core/services/app'
import { HttpContext, ExceptionHandler } from '@adonisjs/core/http'
import { errors as vineErrors } from '@vinejs/vine'
import { pickLanguage, translateMemberMessage } from '#modules/shared/index'
import { ERROR_CODES, type ErrorCode } from '../../shared_data/checkout_messages.js'

/** Framework error codes and the status and text a client sees for them. */
const KNOWN_CODES: Record<string, { status: number; message?: string }> = {
  E_ROUTE_NOT_FOUND: { status: 404, message: 'Not found' },
  E_BAD_CSRF_TOKEN: {
    status: 403,
    message: 'Invalid or missing CSRF token. Reload the page and try again.',
  },
  E_UNAUTHORIZED_ACCESS: { status: 401, message: 'Authentication required' },
  E_REQUEST_ENTITY_TOO_LARGE: { status: 413, message: 'The request is too large' },
  E_TOO_MANY_REQUESTS: { status: 429 },
  E_ROW_NOT_FOUND: { status: 404, message: 'Not found' },
  E_INVALID_JSON: { status: 400, message: 'The request body is not valid JSON' },
}

/** The answer's `code`: the language-independent name of an error a client acts on, else none. */
function clientCode(error: any): ErrorCode | undefined {
  if (error?.code === 'E_BAD_CSRF_TOKEN') return ERROR_CODES.badCsrf
  return (Object.values(ERROR_CODES) as string[]).includes(error?.code) ? error.code : undefined
}

/** The member-facing API: its messages are answered in the request's Accept-Language. */
const MEMBER_PATHS = ['/api/member/', '/api/migration/', '/api/auth/']

/**
 * The translator of this request's messages: identity for English (the spec's exact texts) and
 * outside the member API (the back-office stays English); status codes and fields never change.
 */
function messagesFor(ctx: HttpContext): (message: string) => string {
  const url = ctx.request.url()
  if (!MEMBER_PATHS.some((prefix) => url.startsWith(prefix))) return (message) => message
  const language = pickLanguage(ctx.request.header('accept-language'))
  return (message) => translateMemberMessage(message, language)
}

/** The last segment of a path names a file (`/favicon.ico`, `/assets/old-chunk.js`), not a page. */
const FILE_PATH = /\.[A-Za-z0-9]{1,8}$/

/**
 * Every API error is JSON `{ success: false, error, requestId }` (decisions.md §2);
 * nothing a client sends yields an HTML page or a stack trace. Non-API
 * page addresses that match no route go to the member login; a missing file is a
 * plain 404. (Redirected, the browser's own favicon request fetched the login page,
 * whose answer carries the session cookie the request was sent with: arriving after a
 * sign-in, it put the browser back on the replaced session — docs/sessions-and-throttling.md.)
 */
export default class HttpExceptionHandler extends ExceptionHandler {
  protected debug = false

  async handle(error: any, ctx: HttpContext) {
    const isApi = ctx.request.url().startsWith('/api')
    if (!isApi && error?.code === 'E_ROUTE_NOT_FOUND') {
      if (FILE_PATH.test(ctx.request.url()))
        return ctx.response.status(404).header('Cache-Control', 'no-cache').send('Not found')
      return ctx.response.redirect('/shop/login')
    }
    const say = messagesFor(ctx)
    if (error instanceof vineErrors.E_VALIDATION_ERROR) {
      const errors = (error.messages as { message: string; field: string }[]).map((entry) => ({
        ...entry,
        message: say(entry.message),
      }))
      return ctx.response.status(422).send({
        success: false,
        error: errors[0]?.message ?? 'Invalid input',
        errors,
        requestId: ctx.request.id(),
      })
    }
    const described = describe(error, ctx)
    const status = described.status
    const message = say(described.message)
    if (isDatabaseUnavailable(error)) ctx.logger.warn({ code: error?.code }, 'database unavailable')
    else if (status >= 500) ctx.logger.error({ err: error }, 'Unhandled error')
    if (status === 413) await drainRequest(ctx)
    if (error?.code === 'E_API_ERROR' && error.field && status < 500) {
      return ctx.response.status(status).send({
        success: false,
        error: message,
        errors: [{ field: error.field, message }],
        requestId: ctx.request.id(),
      })
    }
    // The request id (also in the X-Request-Id header and on every log line of the request) lets a
    // member's screenshot of an error lead to the log.
    const code = clientCode(error)
    return ctx.response.status(status).send({
      success: false,
      error: message,
      ...(code ? { code } : {}),
      requestId: ctx.request.id(),
    })
  }

  async report(error: unknown, ctx: HttpContext) {
    if (app.inTest) return
    return super.report(error, ctx)
  }
}

/**
 * An upload refused for its size is still arriving: read and drop the rest
 * (for a bounded time) so the client, which is still sending, receives the
 * 413 answer instead of a reset connection.
 */
async function drainRequest(ctx: HttpContext, timeoutMs = 15_000) {
  const request = ctx.request.request
  if (request.complete || request.destroyed) return
  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, timeoutMs)
    function done() {
      clearTimeout(timer)
      resolve()
    }
    request.once('end', done).once('close', done).once('error', done)
    request.unpipe()
    request.on('data', () => {})
    request.resume()
  })
  ctx.response.header('Connection', 'close')
}

/** Error codes of a database that cannot be reached (mysql2 / Node sockets, SQLite) and the pool's timeout. */
const DATABASE_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
  'PROTOCOL_CONNECTION_LOST',
  'ER_CON_COUNT_ERROR',
  'ER_SERVER_SHUTDOWN',
  'SQLITE_CANTOPEN',
])

/** The database is unreachable (not a bad query): the client may retry shortly. */
function isDatabaseUnavailable(error: any): boolean {
  return (
    DATABASE_DOWN_CODES.has(error?.code) ||
    error?.name === 'KnexTimeoutError' ||
    (error?.fatal === true && typeof error?.code === 'string')
  )
}

function describe(error: any, ctx: HttpContext): { status: number; message: string } {
  if (isDatabaseUnavailable(error)) {
    ctx.response.header('Retry-After', '5')
    return { status: 503, message: 'Service temporarily unavailable' }
  }
  // Multipart bodies are census uploads, the only ones the API takes (config/bodyparser.ts).
  if (
    error?.code === 'E_REQUEST_ENTITY_TOO_LARGE' &&
    ctx.request.is(['multipart']) === 'multipart'
  ) {
    return { status: 413, message: 'The file is larger than the 50 MB limit' }
  }
  const known = error?.code ? KNOWN_CODES[error.code] : undefined
  if (known) return { status: known.status, message: known.message ?? error.message }
  // SyntaxError from the JSON body parser carries status 400.
  if (error instanceof SyntaxError && (error as { status?: number }).status === 400) {
    return { status: 400, message: 'The request body is not valid JSON' }
  }
  // Malformed percent-encoding or lone surrogates reaching a URI helper (validator.js's email rule encodes its input).
  if (error instanceof URIError)
    return { status: 400, message: 'The request contains invalid text (malformed Unicode)' }
  const status = Number(error?.status)
  // ApiError messages are written for users, whatever the status (e.g. 502 from a provider).
  if (error?.code === 'E_API_ERROR' && status >= 400) return { status, message: error.message }
  if (status >= 400 && status < 500) return { status, message: error.message }
  return { status: 500, message: 'Internal server error' }
}
