/**
 * An administrator's HTTP session against a running server, as the
 * back-office uses it: session and XSRF cookies, the XSRF header on POST.
 * `timedGet` reads the whole body (time to last byte) without parsing it.
 */
export class AdminHttp {
  #cookies = new Map<string, string>()

  constructor(readonly baseUrl: string) {}

  async signIn(username: string, password: string) {
    await this.#send('GET', '/api/health')
    const response = await this.#send('POST', '/api/admin/login', { username, password })
    if (response.status !== 200)
      throw new Error(`Admin sign-in failed: ${response.status} ${await response.text()}`)
  }

  /** GET `path`; fails unless the answer is 200. Returns the body's size in bytes. */
  async timedGet(path: string): Promise<number> {
    const response = await this.#send('GET', path)
    const body = await response.arrayBuffer()
    if (response.status !== 200)
      throw new Error(
        `GET ${path}: ${response.status} ${Buffer.from(body).toString().slice(0, 200)}`
      )
    return body.byteLength
  }

  async getJson(path: string): Promise<any> {
    const response = await this.#send('GET', path)
    if (response.status !== 200) throw new Error(`GET ${path}: ${response.status}`)
    return response.json()
  }

  /** The session's Cookie header, for other clients (autocannon) acting as this administrator. */
  cookieHeader() {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }

  /** POST a JSON body (or a multipart form); the answer's status and parsed body. */
  async post(path: string, body: unknown): Promise<{ status: number; body: any }> {
    const response = await this.#send('POST', path, body)
    return { status: response.status, body: await response.json().catch(() => null) }
  }

  /** A multipart POST of one file, as the Import Data screen sends it. */
  upload(path: string, fileName: string, content: Buffer) {
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(content)]), fileName)
    return this.post(path, form)
  }

  async #send(method: string, path: string, body?: unknown) {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      Cookie: this.cookieHeader(),
    }
    if (method !== 'GET')
      headers['X-XSRF-TOKEN'] = decodeURIComponent(this.#cookies.get('XSRF-TOKEN') ?? '')
    const form = body instanceof FormData
    if (body !== undefined && !form) headers['Content-Type'] = 'application/json'
    const payload = body === undefined ? undefined : form ? body : JSON.stringify(body)
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body: payload })
    for (const cookie of response.headers.getSetCookie()) {
      const pair = cookie.split(';')[0]
      this.#cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1))
    }
    return response
  }
}
