import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
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
  return createServer((request, response) => {
    assignRequestId(request, trusted)
    handler(request, response)
  })
}
