import { baseUrl } from './browser.js'
import { checkAnswer } from './api_contract.js'

/**
 * A tiny browser-like HTTP client for tests that need a real session
 * across requests: keeps cookies and sends the XSRF header like the
 * frontend does.
 */
export class CookieClient {
  #cookies = new Map<string, string>()
  /** Sent as Accept-Language when set (the member API answers its messages in that language). */
  acceptLanguage: string | null = null
  /** The test server by default; another process's address when given. */
  constructor(readonly base: string = baseUrl()) {}

  /** Another client holding a copy of this one's cookies (a stolen or saved cookie jar), optionally for another server. */
  copy(base: string = this.base) {
    const copy = new CookieClient(base)
    for (const [name, value] of this.#cookies) copy.#cookies.set(name, value)
    return copy
  }

  async request(method: string, path: string, body?: unknown) {
    if (method !== 'GET' && !this.#cookies.has('XSRF-TOKEN'))
      await this.request('GET', '/api/health')
    const headers: Record<string, string> = {
      Accept: 'application/json',
      Cookie: this.#cookieHeader(),
    }
    if (this.acceptLanguage) headers['Accept-Language'] = this.acceptLanguage
    if (method !== 'GET')
      headers['X-XSRF-TOKEN'] = decodeURIComponent(this.#cookies.get('XSRF-TOKEN') ?? '')
    const form = body instanceof FormData
    if (body !== undefined && !form) headers['Content-Type'] = 'application/json'
    const payload = body === undefined ? undefined : form ? body : JSON.stringify(body)
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers,
      body: payload,
      redirect: 'manual',
    })
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';')
      const name = pair.slice(0, pair.indexOf('='))
      const value = pair.slice(pair.indexOf('=') + 1)
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(cookie))
        this.#cookies.delete(name)
      else this.#cookies.set(name, value)
    }
    const text = await response.text()
    checkAnswer(
      method,
      path,
      response.status,
      response.headers.get('content-type'),
      text,
      response.headers.get('x-request-id')
    )
    let json: any = null
    try {
      json = JSON.parse(text)
    } catch {}
    return { status: response.status, body: json, text }
  }

  get(path: string) {
    return this.request('GET', path)
  }

  post(path: string, body: unknown = {}) {
    return this.request('POST', path, body)
  }

  /** A multipart POST of one file, as the browser's file inputs send it. */
  upload(path: string, field: string, fileName: string, content: string | Buffer) {
    const form = new FormData()
    form.append(
      field,
      new Blob([typeof content === 'string' ? content : new Uint8Array(content)]),
      fileName
    )
    return this.request('POST', path, form)
  }

  /** This session's Cookie and X-XSRF-TOKEN headers, for requests sent another way (fireTogether). */
  sessionHeaders(): Record<string, string> {
    return {
      'Cookie': this.#cookieHeader(),
      'X-XSRF-TOKEN': decodeURIComponent(this.#cookies.get('XSRF-TOKEN') ?? ''),
    }
  }

  #cookieHeader() {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }
}
