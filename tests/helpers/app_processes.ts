import { spawn, type ChildProcess } from 'node:child_process'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

/** A compiled app process (what `npm start` runs), with its output kept for failure messages. */
export interface AppProcess {
  child: ChildProcess
  base: string
  output: () => string
}

/** Starts `build/backend/bin/server.js` on `port` with `env`, and waits until /api/health answers. */
export async function startAppProcess(port: number, env: NodeJS.ProcessEnv): Promise<AppProcess> {
  const child = spawn(process.execPath, ['build/backend/bin/server.js'], {
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const base = `http://127.0.0.1:${port}`
  for (let attempt = 0; attempt < 240; attempt++) {
    if (child.exitCode !== null) throw new Error(`The app process stopped: ${output}`)
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { child, base, output: () => output }
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  child.kill('SIGKILL')
  throw new Error(`The app process did not answer: ${output}`)
}

export async function stopAppProcess(app: AppProcess) {
  if (app.child.exitCode !== null) return
  const exited = new Promise((resolve) => app.child.once('exit', resolve))
  app.child.kill('SIGTERM')
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))])
  if (app.child.exitCode === null) app.child.kill('SIGKILL')
}

/**
 * A tiny round-robin load balancer: each request goes to the next process,
 * with X-Forwarded-For set to the client's address as a real one does (the
 * processes trust loopback proxies, so throttling sees each client).
 */
export async function startRoundRobin(targets: string[]) {
  let next = 0
  const agents = targets.map(() => new http.Agent({ keepAlive: true, maxSockets: 64 }))
  const server = http.createServer((request, response) => {
    const index = next++ % targets.length
    const target = new URL(targets[index])
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        agent: agents[index],
        headers: { ...request.headers, 'x-forwarded-for': request.socket.remoteAddress ?? '' },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(response)
      }
    )
    upstream.on('error', () => response.writeHead(502).end())
    request.pipe(upstream)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async stop() {
      server.closeAllConnections()
      for (const agent of agents) agent.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** A client with its own cookie jar, XSRF header and source address, over plain node:http (no pooling). */
export class LoopbackSession {
  #cookies = new Map<string, string>()
  statuses: number[] = []
  constructor(
    readonly base: string,
    readonly sourceAddress: string
  ) {}

  async request(
    method: string,
    path: string,
    body?: unknown
  ): Promise<{ status: number; body: any }> {
    const url = new URL(path, this.base)
    const payload = body === undefined ? undefined : JSON.stringify(body)
    const headers: Record<string, string> = {
      Accept: 'application/json',
      Cookie: [...this.#cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    }
    if (method !== 'GET')
      headers['X-XSRF-TOKEN'] = decodeURIComponent(this.#cookies.get('XSRF-TOKEN') ?? '')
    if (payload !== undefined)
      Object.assign(headers, {
        'Content-Type': 'application/json',
        'Content-Length': String(Buffer.byteLength(payload)),
      })
    const answer = await new Promise<{ status: number; text: string; cookies: string[] }>(
      (resolve, reject) => {
        const req = http.request(
          {
            host: url.hostname,
            port: url.port,
            method,
            path: url.pathname + url.search,
            headers,
            localAddress: this.sourceAddress,
            agent: false,
          },
          (res) => {
            let text = ''
            res.setEncoding('utf8')
            res.on('data', (chunk) => (text += chunk))
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                text,
                cookies: res.headers['set-cookie'] ?? [],
              })
            )
          }
        )
        req.on('error', reject)
        req.end(payload)
      }
    )
    for (const cookie of answer.cookies) {
      const [pair] = cookie.split(';')
      const name = pair.slice(0, pair.indexOf('='))
      const value = pair.slice(pair.indexOf('=') + 1)
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(cookie))
        this.#cookies.delete(name)
      else this.#cookies.set(name, value)
    }
    this.statuses.push(answer.status)
    let parsed: any = null
    try {
      parsed = JSON.parse(answer.text)
    } catch {}
    return { status: answer.status, body: parsed }
  }
}
