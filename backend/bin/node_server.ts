import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import app from '@adonisjs/core/services/app'

type Handler = (request: IncomingMessage, response: ServerResponse) => void
type TrustProxy = (address: string, hop: number) => boolean

const WELL_FORMED_ID = /^[A-Za-z0-9._:-]{1,128}$/

/**
 * Keeps a client's X-Request-Id only when the connection comes from a
 * trusted proxy (TRUST_PROXY) and the value is a short token; any other
 * request gets a fresh id. Adonis then uses it for the request's logger,
 * the X-Request-Id answer header and error bodies.
 */
export function assignRequestId(request: IncomingMessage, trusted: TrustProxy) {
  const given = request.headers['x-request-id']
  const fromProxy = trusted(request.socket.remoteAddress ?? '', 0)
  if (!(typeof given === 'string' && WELL_FORMED_ID.test(given) && fromProxy)) {
    request.headers['x-request-id'] = randomUUID()
  }
}

/**
 * The Node HTTP server Adonis answers on (the server entry and the tests
 * both use it): each request's id is settled before Adonis reads it.
 */
export function createNodeServer(handler: Handler) {
  const trusted = app.config.get<TrustProxy>('app.http.trustProxy')
  let draining = false
  const server = createServer((request, response) => {
    assignRequestId(request, trusted)
    // While the process stops, every answer closes its connection: the client opens its next
    // request elsewhere instead of sending it on a connection about to close.
    const writeHead = response.writeHead
    response.writeHead = function (this: ServerResponse, ...args: any[]) {
      if (draining && !response.headersSent) response.setHeader('Connection', 'close')
      return writeHead.apply(this, args as any)
    } as ServerResponse['writeHead']
    handler(request, response)
  }) as Server
  // server.close() (SIGTERM → app.terminate) would close the idle keep-alive connections at once,
  // racing a client that is sending its next request on one (a failed request). Instead: answers
  // close their connections from now on, and a connection idle for DRAIN_IDLE_MS is closed.
  const closeIdle = server.closeIdleConnections.bind(server)
  server.closeIdleConnections = () => {
    if (draining) return
    draining = true
    const timer = setInterval(closeIdle, DRAIN_IDLE_MS)
    server.once('close', () => clearInterval(timer))
  }
  server.on('clientError', answerUnparsableRequest)
  return server
}

const UNPARSABLE = {
  HPE_HEADER_OVERFLOW: [
    431,
    'Request Header Fields Too Large',
    'The request headers are too large',
  ],
  other: [400, 'Bad Request', 'The request could not be read'],
} as const

/**
 * A request Node's parser refused (headers over the 16 KB limit, malformed HTTP) gets a JSON answer
 * the client can read. Node 24's default writes a bare status and destroys the socket at once: with
 * the request's bytes still unread the kernel sends a reset, and the client sees ECONNRESET instead
 * of the 431 (route_fuzz.spec.ts). The rest of the request is read and dropped while the answer goes.
 */
function answerUnparsableRequest(error: Error & { code?: string }, socket: Duplex) {
  if (error.code === 'ECONNRESET' || !socket.writable) return socket.destroy()
  const [status, reason, message] =
    error.code === 'HPE_HEADER_OVERFLOW' ? UNPARSABLE.HPE_HEADER_OVERFLOW : UNPARSABLE.other
  const requestId = randomUUID()
  const body = JSON.stringify({ success: false, error: message, requestId })
  socket.resume()
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nX-Request-Id: ${requestId}\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  )
  setTimeout(() => socket.destroy(), 5_000).unref()
}

const DRAIN_IDLE_MS = 500
