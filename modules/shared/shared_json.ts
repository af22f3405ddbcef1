import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { HttpContext } from '@adonisjs/core/http'

/** Encoded bodies per shared answer object (readCache values): dropped with the answer. */
const encodedBodies = new WeakMap<object, Map<string, Buffer>>()

/**
 * Brotli quality for a body compressed once and sent to many: 6 halves quality 4's bytes for a
 * few more milliseconds (the 10,000-row Unmigrated Users list: about 180 KB at 4, 90 KB at 6, for
 * 73 against 84 ms); above 6 the time grows faster than the bytes shrink.
 */
const SHARED_BROTLI_QUALITY = 6

function encode(json: Buffer, encoding: string) {
  if (encoding === 'br')
    return brotliCompressSync(json, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: SHARED_BROTLI_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: json.length,
      },
    })
  if (encoding === 'gzip') return gzipSync(json)
  return json
}

/**
 * Sends `{ success: true, ...answer }` for an answer shared between admins (readCache): it is
 * serialised and compressed once per answer and encoding, not once per request, so 50 admins
 * reading the same few-hundred-KB list cost one JSON.stringify and one compression. Same
 * bytes as the JSON compression middleware would send (which leaves encoded answers alone).
 */
export function sendSharedJson({ request, response }: HttpContext, answer: object) {
  const encoding = request.encoding(['br']) || request.encoding(['gzip']) || 'identity'
  let bodies = encodedBodies.get(answer)
  if (!bodies) encodedBodies.set(answer, (bodies = new Map()))
  let body = bodies.get(encoding)
  if (!body) {
    body = encode(Buffer.from(JSON.stringify({ success: true, ...answer })), encoding)
    bodies.set(encoding, body)
  }
  response.header('Content-Type', 'application/json; charset=utf-8')
  response.header('Vary', 'Accept-Encoding')
  if (encoding !== 'identity') response.header('Content-Encoding', encoding)
  response.send(body)
}
