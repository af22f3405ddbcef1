import { createHash } from 'node:crypto'
import { access, readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import app from '@adonisjs/core/services/app'
import { getBranding, type Branding } from '#modules/settings/index'
import type { Language } from '../../shared_data/languages.js'

/**
 * The sign-in pages with the page already in their HTML: /shop/login in the
 * shop's index.html and /admin/login in the back-office's admin.html, with what
 * frontend/src/signInShells.tsx draws for the current branding put into #root, its styles into
 * <head>, and that branding as JSON for the first render in the browser, which replaces the HTML
 * with the same page. Pages are kept per page, variant, template and branding (a settings change
 * gives a new key); without the server renderer (frontend/dist-ssr, built by
 * `npm run build:frontend`) the plain page is served, as before.
 */

type Shell = { head: string; body: string; title?: string; words?: unknown }
type Renderer = {
  renderShopSignIn: (branding: Branding, location: string, language: Language) => Shell
  renderAdminSignIn: (branding: Branding) => Shell
}

export type SignInPage = { body: string; etag: string; br: Buffer; gzip: Buffer }

/** The addresses drawn on the server, each in its built page. */
const SIGN_IN_PAGES = {
  '/shop/login': 'index.html',
  '/admin/login': 'admin.html',
} as const
export type SignInPath = keyof typeof SIGN_IN_PAGES
export const isSignInPath = (path: string): path is SignInPath => Object.hasOwn(SIGN_IN_PAGES, path)

const PAGE_BRANDING_ID = 'page-branding' // frontend/src/common/branding.tsx
const PAGE_WORDS_ID = 'page-words' // frontend/src/shop/i18n/messages.ts
const ROOT = '<div id="root"></div>'
const pages = new Map<string, SignInPage>()
let renderer: Promise<Renderer | null> | null = null

function loadRenderer(): Promise<Renderer | null> {
  const file = join(app.publicPath(), '..', 'dist-ssr', 'signInShells.js')
  return (renderer ??= access(file).then(
    async () => (await import(pathToFileURL(file).href)) as Renderer,
    () => null
  ))
}

/** Tests only: draw with this renderer instead of the built one (null: the built one again). */
export function replaceSignInRendererForTests(replacement: Renderer | null) {
  renderer = replacement && Promise.resolve(replacement)
  pages.clear()
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** JSON inside <script>: nothing in it may close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

/**
 * The page for `path` with this query, or null when it is served as the plain page: no renderer
 * built, or a query other than a shop sign-in link's `token` (prefilled fields are drawn by the
 * browser as before; the back-office page takes none). The token itself is not part of the page.
 */
export async function signInPage(
  path: SignInPath,
  query: Record<string, unknown>,
  language: Language = 'en'
): Promise<SignInPage | null> {
  const keys = Object.keys(query)
  const allowed = path === '/shop/login' ? ['token'] : []
  if (keys.some((key) => !allowed.includes(key))) return null
  const render = await loadRenderer()
  if (!render) return null
  const templateFile = app.publicPath(SIGN_IN_PAGES[path])
  const template = await stat(templateFile).catch(() => null)
  if (!template) return null
  const branding = await getBranding()
  const variant = keys.length ? 'token' : 'plain'
  // The back-office stays English; the shop's page is drawn in the visitor's language.
  const lang = path === '/shop/login' ? language : 'en'
  const key = `${path}:${template.mtimeMs}:${variant}:${lang}:${JSON.stringify(branding)}`
  const cached = pages.get(key)
  if (cached) return cached

  const html = await readFile(templateFile, 'utf8')
  if (!html.includes(ROOT)) return null
  const shell =
    path === '/admin/login'
      ? render.renderAdminSignIn(branding)
      : render.renderShopSignIn(
          branding,
          variant === 'token' ? '/shop/login?token=link' : '/shop/login',
          lang
        )
  const body = html
    .replace('<html lang="en">', `<html lang="${lang}">`)
    .replace(/<title>[^<]*<\/title>/, (title) =>
      shell.title ? `<title>${escapeHtml(shell.title)}</title>` : title
    )
    .replace('</head>', `${shell.head}</head>`)
    .replace(
      ROOT,
      `<div id="root">${shell.body}</div><script id="${PAGE_BRANDING_ID}" type="application/json">${scriptJson(branding)}</script>${
        // The sign-in page's words: the shop's first render needs no download for them.
        shell.words === undefined
          ? ''
          : `<script id="${PAGE_WORDS_ID}" type="application/json">${scriptJson(shell.words)}</script>`
      }`
    )
  const page = {
    body,
    etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
    br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(body, { level: 9 }),
  }
  if (pages.size >= 16) pages.delete(pages.keys().next().value!)
  pages.set(key, page)
  return page
}
