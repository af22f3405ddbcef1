import { createHash } from 'node:crypto'
import { access, readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import app from '@adonisjs/core/services/app'
import { getBranding, type Branding } from '#modules/settings/index'

/**
 * /shop/login with the sign-in page already in its HTML (issue 16, first paint): the shop's
 * index.html with what frontend/src/shop/signInShell.tsx draws for the current branding put into
 * #root, its styles into <head>, and that branding as JSON for the first render in the browser,
 * which replaces the HTML with the same page. Pages are kept per branding and page variant (a
 * settings change gives a new key); without the server renderer (frontend/dist-ssr, built by
 * `npm run build:frontend`) the plain index.html is served, as before.
 */

type Renderer = (branding: Branding, location: string) => { head: string; body: string }

export type SignInPage = { body: string; etag: string; br: Buffer; gzip: Buffer }

const PAGE_BRANDING_ID = 'page-branding' // frontend/src/common/branding.tsx
const ROOT = '<div id="root"></div>'
const pages = new Map<string, SignInPage>()
let renderer: Promise<Renderer | null> | null = null

function loadRenderer(): Promise<Renderer | null> {
  const file = join(app.publicPath(), '..', 'dist-ssr', 'signInShell.js')
  return (renderer ??= access(file).then(
    async () => (await import(pathToFileURL(file).href)).renderSignInShell as Renderer,
    () => null
  ))
}

/** JSON inside <script>: nothing in it may close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

/**
 * The page for `/shop/login` with this query, or null when it is served as the plain index.html:
 * no renderer built, or a query other than a sign-in link's `token` (prefilled fields are drawn by
 * the browser as before). The token itself is not part of the page.
 */
export async function signInPage(query: Record<string, unknown>): Promise<SignInPage | null> {
  const keys = Object.keys(query)
  if (keys.some((key) => key !== 'token')) return null
  const render = await loadRenderer()
  if (!render) return null
  const indexFile = app.publicPath('index.html')
  const index = await stat(indexFile).catch(() => null)
  if (!index) return null
  const branding = await getBranding()
  const variant = keys.length ? 'token' : 'plain'
  const key = `${index.mtimeMs}:${variant}:${JSON.stringify(branding)}`
  const cached = pages.get(key)
  if (cached) return cached

  const html = await readFile(indexFile, 'utf8')
  if (!html.includes(ROOT)) return null
  const shell = render(branding, variant === 'token' ? '/shop/login?token=link' : '/shop/login')
  const body = html
    .replace('</head>', `${shell.head}</head>`)
    .replace(ROOT, `<div id="root">${shell.body}</div><script id="${PAGE_BRANDING_ID}" type="application/json">${scriptJson(branding)}</script>`)
  const page = {
    body,
    etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
    br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(body, { level: 9 }),
  }
  if (pages.size >= 8) pages.delete(pages.keys().next().value!)
  pages.set(key, page)
  return page
}
