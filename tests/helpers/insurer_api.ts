import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export type InsurerMode = 'ok' | 'error' | 'hang'

/**
 * A local insurer enrolment API: answers ids, fails with 500, or never
 * answers. Member IDs in `failing` get a 500 whatever the mode; `answers`
 * counts the calls per member so a test can hand out a new id each time
 * (PER-<memberId>-<n> after the first), as a real insurer would for a
 * duplicate enrolment.
 */
export class InsurerApi {
  mode: InsurerMode = 'ok'
  failing = new Set<string>()
  answers = new Map<string, number>()
  calls: { headers: IncomingHttpHeaders; body: any }[] = []
  #server: Server | null = null

  async start() {
    this.#server = createServer((request, response) => {
      let text = ''
      request.on('data', (chunk) => (text += chunk))
      request.on('end', () => {
        const body = JSON.parse(text)
        this.calls.push({ headers: request.headers, body })
        if (this.mode === 'hang') return // the client's time-out ends it
        if (this.mode === 'error' || this.failing.has(body.member.memberId)) {
          response.writeHead(500, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: 'Enrolment backend unavailable' }))
          return
        }
        const id = body.member.memberId
        const n = (this.answers.get(id) ?? 0) + 1
        this.answers.set(id, n)
        const suffix = n === 1 ? '' : `-${n}`
        response.writeHead(201, { 'Content-Type': 'application/json' }).end(JSON.stringify({ personId: `PER-${id}${suffix}`, memberId: `DHIG-${id}${suffix}`, status: 'enrolled' }))
      })
    })
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve))
    return this
  }

  get url() {
    return `http://127.0.0.1:${(this.#server!.address() as AddressInfo).port}/enrol`
  }

  async stop() {
    this.#server?.closeAllConnections()
    await new Promise<void>((resolve) => this.#server?.close(() => resolve()))
  }
}
