import http from 'node:http'
import { baseUrl } from './browser.js'
import { checkAnswer } from './api_contract.js'

/** One request of a burst. `sourceAddress` binds the client socket (any 127.x.y.z works on loopback). */
export interface BurstRequest {
  method?: string
  path: string
  body?: unknown
  headers?: Record<string, string>
  sourceAddress?: string
}

export interface BurstResponse {
  status: number
  headers: http.IncomingHttpHeaders
  text: string
  body: any
}

/** A distinct loopback address per index (127.0.1.1, 127.0.1.2 …), for tests where the client IP matters. */
export function loopbackAddress(index: number) {
  return `127.0.${1 + Math.floor(index / 250)}.${1 + (index % 250)}`
}

/**
 * Fires every request at the same moment against the real HTTP server: each
 * gets its own TCP connection, and no request line is written until every
 * connection is open, so the server receives them together (not one after
 * the other as a loop of awaits would).
 */
export async function fireTogether(
  requests: BurstRequest[],
  base = baseUrl()
): Promise<BurstResponse[]> {
  const url = new URL(base)
  let release!: () => void
  const allConnected = new Promise<void>((resolve) => (release = resolve))
  let connected = 0

  const responses = requests.map((request) => {
    const payload = request.body === undefined ? undefined : JSON.stringify(request.body)
    const headers: Record<string, string> = {
      Accept: 'application/json',
      Connection: 'close',
      ...request.headers,
    }
    if (payload !== undefined) {
      headers['Content-Type'] ??= 'application/json'
      headers['Content-Length'] = String(Buffer.byteLength(payload))
    }
    return new Promise<BurstResponse>((resolve, reject) => {
      const req = http.request({
        host: url.hostname,
        port: url.port,
        method: request.method ?? (payload === undefined ? 'GET' : 'POST'),
        path: request.path,
        headers,
        agent: false,
        localAddress: request.sourceAddress,
      })
      req.on('error', reject)
      req.on('response', (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk) => chunks.push(chunk))
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8')
          checkAnswer(
            req.method,
            request.path,
            res.statusCode ?? 0,
            String(res.headers['content-type'] ?? ''),
            text,
            String(res.headers['x-request-id'] ?? '') || null
          )
          let body: any = null
          try {
            body = JSON.parse(text)
          } catch {}
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body })
        })
      })
      req.on('socket', (socket) => {
        const onConnect = () => {
          if (++connected === requests.length) release()
        }
        if (socket.connecting) socket.once('connect', onConnect)
        else onConnect()
      })
      allConnected.then(() => req.end(payload))
    })
  })
  return Promise.all(responses)
}

/** N copies of one request (with a per-index hook), fired together. */
export function fireTimes(count: number, build: (index: number) => BurstRequest, base?: string) {
  return fireTogether(
    Array.from({ length: count }, (_, index) => build(index)),
    base
  )
}

/** How many answers had each status, e.g. { 401: 5, 429: 25 }. */
export function countStatuses(responses: BurstResponse[]) {
  const counts: Record<number, number> = {}
  for (const response of responses) counts[response.status] = (counts[response.status] ?? 0) + 1
  return counts
}

/**
 * Cookie and X-XSRF-TOKEN headers of a fresh anonymous session, so a burst
 * of POSTs passes the CSRF check as the frontend's requests do. Pass the
 * cookies of a signed-in CookieClient session through `cookie` instead.
 */
export async function csrfHeaders(base = baseUrl()): Promise<Record<string, string>> {
  const response = await fetch(`${base}/api/health`, { headers: { Accept: 'application/json' } })
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0])
  const xsrf =
    cookies.find((cookie) => cookie.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? ''
  return { 'Cookie': cookies.join('; '), 'X-XSRF-TOKEN': decodeURIComponent(xsrf) }
}
