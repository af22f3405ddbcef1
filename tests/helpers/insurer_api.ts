import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export type InsurerMode = 'ok' | 'error' | 'hang'

/**
 * A local insurer enrolment API: answers ids, fails with 500, or never
 * answers. Member IDs in `failing` get a 500 whatever the mode; `answers`
 * counts the calls per member so a test can hand out a new id each time
 * (PER-<memberId>-<n> after the first), as a real insurer would for a
 * duplicate enrolment. Its cancellation endpoint (`cancellationUrl`, path
 * /cancel) answers 200 { status: 'cancelled' }, or 503 while `cancellationsFail`.
 */
export class InsurerApi {
  mode: InsurerMode = 'ok'
  failing = new Set<string>()
  answers = new Map<string, number>()
  cancellationsFail = false
  calls: { path: string; headers: IncomingHttpHeaders; body: any }[] = []
  #server: Server | null = null

  async start() {
    this.#server = createServer((request, response) => {
      let text = ''
      request.on('data', (chunk) => (text += chunk))
      request.on('end', () => {
        const body = JSON.parse(text)
        this.calls.push({ path: request.url ?? '', headers: request.headers, body })
        if (this.mode === 'hang') return // the client's time-out ends it
        if (request.url === '/cancel') {
          const status = this.cancellationsFail ? 503 : 200
          response
            .writeHead(status, { 'Content-Type': 'application/json' })
            .end(
              JSON.stringify(
                this.cancellationsFail
                  ? { error: 'Cancellation backend unavailable' }
                  : { status: 'cancelled' }
              )
            )
          return
        }
        if (this.mode === 'error' || this.failing.has(body.member.memberId)) {
          response
            .writeHead(500, { 'Content-Type': 'application/json' })
            .end(JSON.stringify({ error: 'Enrolment backend unavailable' }))
          return
        }
        const id = body.member.memberId
        const n = (this.answers.get(id) ?? 0) + 1
        this.answers.set(id, n)
        const suffix = n === 1 ? '' : `-${n}`
        response.writeHead(201, { 'Content-Type': 'application/json' }).end(
          JSON.stringify({
            personId: `PER-${id}${suffix}`,
            memberId: `DHIG-${id}${suffix}`,
            status: 'enrolled',
          })
        )
      })
    })
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve))
    return this
  }

  get url() {
    return `http://127.0.0.1:${(this.#server!.address() as AddressInfo).port}/enrol`
  }

  get cancellationUrl() {
    return `http://127.0.0.1:${(this.#server!.address() as AddressInfo).port}/cancel`
  }

  /** The cancellation calls received, oldest first. */
  get cancellations() {
    return this.calls.filter((call) => call.path === '/cancel')
  }

  async stop() {
    this.#server?.closeAllConnections()
    await new Promise<void>((resolve) => this.#server?.close(() => resolve()))
  }
}
