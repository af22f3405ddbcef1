import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A local stand-in for the exchange-rate provider (open.er-api.com answer shape). */
export class RatesServer {
  requests = 0
  url = ''
  status = 200
  body: unknown = {
    result: 'success',
    base_code: 'USD',
    rates: { USD: 1, EUR: 0.9, GBP: 0.8, CHF: 0.85, JPY: 150 },
  }
  #server: Server | null = null

  async start(): Promise<string> {
    this.#server = createServer((_request, response) => {
      this.requests++
      response.writeHead(this.status, { 'Content-Type': 'application/json' })
      response.end(JSON.stringify(this.body))
    })
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve))
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}/v6/latest/USD`
    return this.url
  }

  async stop() {
    await new Promise((resolve) => this.#server?.close(resolve))
  }
}
