import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import { compression } from 'vite-plugin-compression2'
import { fileURLToPath } from 'node:url'
import { readFileSync, writeFileSync } from 'node:fs'
import { compileCatalogue } from './src/shop/i18n/compileMessages.ts'
import { isSignInKey } from './src/shop/i18n/catalogueParts.ts'

const root = fileURLToPath(new URL('.', import.meta.url))
/** In the dev server, /admin/* gets the back-office page, as SpaController does in production. */
const adminPageInDev: Plugin = {
  name: 'admin-page-in-dev',
  configureServer(server) {
    server.middlewares.use((request, _response, next) => {
      if (request.url === '/admin' || request.url?.startsWith('/admin/'))
        request.url = '/admin.html'
      next()
    })
  },
}

/**
 * `virtual:shop-catalogue/<language>[/sign-in|/rest]`: src/shop/i18n/<language>.json with its ICU
 * messages compiled (src/shop/i18n/compileMessages.ts), so no ICU parser or formatting library is
 * shipped: the browser's formatter is src/shop/i18n/formatMessage.ts (docs/benchmarks.md, issue 42
 * §3). The browser downloads each language in two chunks, the sign-in page's words and the rest
 * (src/shop/i18n/catalogueParts.ts, messages.ts); the server's renderer takes the whole catalogue.
 */
const CATALOGUE_PREFIX = 'virtual:shop-catalogue/'
const compiledCatalogues: Plugin = {
  name: 'compiled-catalogues',
  resolveId: (source) => (source.startsWith(CATALOGUE_PREFIX) ? `\0${source}` : null),
  load(id) {
    if (!id.startsWith(`\0${CATALOGUE_PREFIX}`)) return null
    const [language, part] = id.slice(CATALOGUE_PREFIX.length + 1).split('/')
    if (!/^[a-z]{2}$/.test(language) || !['sign-in', 'rest', undefined].includes(part))
      throw new Error(`no shop catalogue "${id.slice(1)}"`)
    const file = `${root}src/shop/i18n/${language}.json`
    this.addWatchFile(file)
    const messages = Object.entries(
      JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>
    )
    const compiled = compileCatalogue(
      Object.fromEntries(
        part ? messages.filter(([key]) => isSignInKey(key) === (part === 'sign-in')) : messages
      )
    )
    // JSON.parse of a string literal: quicker for the browser than the same object as code.
    return `export default JSON.parse(${JSON.stringify(JSON.stringify(compiled))})`
  },
}

/**
 * MUI's CSS-variables themes (`cssVariables`/`colorSchemes`, CssVarsProvider) left out: createTheme and
 * ThemeProvider import them unconditionally, but neither app nor react-admin uses them (our themes are
 * plain palettes, common/theme.ts), and they cost ~7 KB gz of every first load (docs/benchmarks.md).
 * Asking for such a theme throws, so a future use fails loudly in the browser tests.
 */
const STUBBED_MUI_MODULES: Record<string, { importer: RegExp; code: string }> = {
  './createThemeWithVars.mjs': {
    importer: /@mui[\\/]material[\\/]styles[\\/]createTheme\.mjs$/,
    code: "export default function createThemeWithVars() { throw new Error('MUI CSS-variables themes are left out of this build (frontend/vite.config.ts)') }",
  },
  './ThemeProviderWithVars.mjs': {
    importer: /@mui[\\/]material[\\/]styles[\\/]ThemeProvider\.mjs$/,
    code: "export function CssVarsProvider() { throw new Error('MUI CssVarsProvider is left out of this build (frontend/vite.config.ts)') }",
  },
  // theme.toRuntimeSource, for Pigment CSS only (neither app uses it).
  './stringifyTheme.mjs': {
    importer: /@mui[\\/]material[\\/]styles[\\/]createThemeNoVars\.mjs$/,
    code: "export function stringifyTheme() { throw new Error('MUI stringifyTheme (Pigment CSS) is left out of this build (frontend/vite.config.ts)') }",
  },
}
const muiWithoutCssVariables: Plugin = {
  name: 'mui-without-css-variables',
  apply: 'build',
  enforce: 'pre',
  resolveId(source, importer) {
    return importer && STUBBED_MUI_MODULES[source]?.importer.test(importer)
      ? `\0mui-stub:${source}`
      : null
  },
  load(id) {
    return id.startsWith('\0mui-stub:')
      ? STUBBED_MUI_MODULES[id.slice('\0mui-stub:'.length)].code
      : null
  },
}

/**
 * hoist-non-react-statics has no `sideEffects` field, so emotion's bare `import 'hoist-non-react-statics'`
 * kept it (and a second react-is) in every first load although only emotion's unused withTheme calls it.
 */
const PURE_PACKAGES = new Set(['hoist-non-react-statics'])
const purePackages: Plugin = {
  name: 'pure-packages',
  apply: 'build',
  enforce: 'pre',
  async resolveId(source, importer, options) {
    if (!PURE_PACKAGES.has(source)) return null
    const resolved = await this.resolve(source, importer, { ...options, skipSelf: true })
    return resolved && { ...resolved, moduleSideEffects: false }
  },
}

/**
 * React Router publishes one module with everything (data routers, forms, framework mode), and
 * its top-level `X.displayName = "…"` assignments and unannotated `React.forwardRef(…)` /
 * `createContext` / `memo` calls count as side effects, so tree-shaking kept NavLink, Form,
 * ScrollRestoration, the prefetch links and the framework error boundaries in every first load.
 * Those calls are marked pure and the names (React DevTools labels only) dropped.
 */
const reactRouterTreeShakable: Plugin = {
  name: 'react-router-tree-shakable',
  apply: 'build',
  transform: {
    filter: { id: /node_modules[\\/]react-router[\\/]dist[\\/].*\.mjs$/ },
    handler(code) {
      return code
        .replace(/^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";$/gm, '')
        .replace(
          /(?<![\w$.])(React\d*\.(?:forwardRef|createContext|memo)\()/g,
          '/* @__PURE__ */ $1'
        )
    },
  },
}

/**
 * Shop build only: MUI parts that the components of the sign-in page import but that page never
 * draws — ButtonBase's ripple (mounted at the first press), Button's `loading` spinner and
 * InputBase's `multiline` textarea — answered with wrappers that download them when first drawn
 * (common/onDemand/; docs/benchmarks.md, "fourth pass"). The back-office keeps MUI as it is.
 */
const ON_DEMAND_PARTS: { importer: RegExp; source: string; wrapper: string }[] = [
  {
    importer: /ButtonBase[\\/]ButtonBase\.mjs$/,
    source: './TouchRipple.mjs',
    wrapper: 'TouchRipple.tsx',
  },
  {
    importer: /Button[\\/]Button\.mjs$/,
    source: '../CircularProgress/index.mjs',
    wrapper: 'CircularProgress.tsx',
  },
  {
    importer: /InputBase[\\/]InputBase\.mjs$/,
    source: '../TextareaAutosize/index.mjs',
    wrapper: 'TextareaAutosize.tsx',
  },
]
const muiPartsOnDemand: Plugin = {
  name: 'mui-parts-on-demand',
  apply: 'build',
  enforce: 'pre',
  resolveId(source, importer) {
    const part =
      importer &&
      ON_DEMAND_PARTS.find(
        (candidate) => candidate.source === source && candidate.importer.test(importer)
      )
    return part ? `${root}src/common/onDemand/${part.wrapper}` : null
  },
}

/**
 * Shop build only: every module that /shop/login runs before its first paint in one chunk. Split
 * over 7 chunks by what the later pages share, the same code took ~3 KB gz more (each file
 * compressed apart, plus the imports between them). Which modules those are is known only after
 * tree-shaking (`import { Button } from '@mui/material'` imports the whole barrel), so
 * scripts/build_frontend.mjs builds the shop twice: a probe build (SHOP_FIRST_LOAD_PROBE=<file>)
 * lists the modules of the chunks the entry imports statically, and the real build
 * (SHOP_FIRST_LOAD=<file>) groups them.
 */
const FIRST_LOAD_PROBE = process.env.SHOP_FIRST_LOAD_PROBE
const firstLoad = new Set<string>(
  process.env.SHOP_FIRST_LOAD ? JSON.parse(readFileSync(process.env.SHOP_FIRST_LOAD, 'utf8')) : []
)
const firstLoadProbe: Plugin = {
  name: 'shop-first-load-probe',
  apply: 'build',
  generateBundle(_options, bundle) {
    if (!FIRST_LOAD_PROBE) return
    const chunks = Object.values(bundle).filter((file) => file.type === 'chunk')
    const pending = chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName)
    const seen = new Set<string>()
    const modules: string[] = []
    while (pending.length) {
      const chunk = chunks.find((candidate) => candidate.fileName === pending.pop())
      if (!chunk || seen.has(chunk.fileName)) continue
      seen.add(chunk.fileName)
      modules.push(
        ...Object.entries(chunk.modules)
          .filter(([, module]) => module.renderedLength > 0)
          .map(([id]) => id)
      )
      pending.push(...chunk.imports)
    }
    writeFileSync(FIRST_LOAD_PROBE, JSON.stringify(modules))
  },
}

/**
 * Back-office build: react-admin's <Title> imports its preferences editor (a TextField, with Select,
 * the filled and standard inputs, ~15 KB gz), drawn only in the inspector's edit mode, which the
 * back-office never turns on; the editor's TextField is downloaded when first drawn.
 */
const raTitleEditorOnDemand: Plugin = {
  name: 'ra-title-editor-on-demand',
  apply: 'build',
  transform: {
    filter: { id: /ra-ui-materialui[\\/]dist[\\/]layout[\\/]PageTitleConfigurable\.js$/ },
    handler(code) {
      return code.replace(
        "import { TextField } from '@mui/material';",
        `import { TextField } from '${root}src/common/onDemand/TextField.tsx';`
      )
    },
  },
}

/**
 * Back-office build: what its first screens need in two chunks instead of ~60 (docs/benchmarks.md,
 * "where each target stands"). `admin` is the app the entry imports (React, react-admin's core, the sign-in page);
 * `admin-layout` is what a signed-in first screen adds: the layout and the dashboard (the page most
 * often opened first), fetched together as soon as the layout is asked for (shell.tsx). Other pages and
 * the dashboard's charts stay lazy chunks of their own. As for the shop, the modules are known only
 * after tree-shaking: scripts/build_frontend.mjs runs a probe build (ADMIN_FIRST_LOAD_PROBE=<file>)
 * that lists them, then the real build (ADMIN_FIRST_LOAD=<file>) groups them.
 */
const ADMIN_FIRST_LOAD_PROBE = process.env.ADMIN_FIRST_LOAD_PROBE
const adminFirstLoad: { app: string[]; layout: string[] } = process.env.ADMIN_FIRST_LOAD
  ? JSON.parse(readFileSync(process.env.ADMIN_FIRST_LOAD, 'utf8'))
  : { app: [], layout: [] }
const adminApp = new Set(adminFirstLoad.app)
const adminLayout = new Set(adminFirstLoad.layout)
const ADMIN_LAYOUT_ENTRIES = [
  /[\\/]src[\\/]admin[\\/]layout[\\/]Layout\.tsx$/,
  /[\\/]src[\\/]admin[\\/]pages[\\/]dashboard[\\/]index\.tsx$/,
]
const adminFirstLoadProbe: Plugin = {
  name: 'admin-first-load-probe',
  apply: 'build',
  generateBundle(_options, bundle) {
    if (!ADMIN_FIRST_LOAD_PROBE) return
    const chunks = Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [file] : []))
    const closure = (roots: string[]) => {
      const pending = [...roots]
      const seen = new Set<string>()
      while (pending.length) {
        const fileName = pending.pop()!
        if (seen.has(fileName)) continue
        seen.add(fileName)
        pending.push(...(chunks.find((chunk) => chunk.fileName === fileName)?.imports ?? []))
      }
      return chunks
        .filter((chunk) => seen.has(chunk.fileName) && !chunk.isEntry)
        .flatMap((chunk) =>
          Object.entries(chunk.modules)
            .filter(([, module]) => module.renderedLength > 0)
            .map(([id]) => id)
        )
    }
    const rootsOf = (patterns: RegExp[]) =>
      chunks
        .filter((chunk) => patterns.some((pattern) => pattern.test(chunk.facadeModuleId ?? '')))
        .map((chunk) => chunk.fileName)
    // Not what the entry imports statically: a module of the `admin` group imported by the entry
    // would load and run the whole group before the sign-in page is painted (sign_in_html.spec.ts).
    const entries = chunks.filter((chunk) => chunk.isEntry)
    const withEntry = new Set(closure(entries.flatMap((chunk) => chunk.imports)))
    const app = closure(rootsOf([DEFERRED_APP])).filter((id) => !withEntry.has(id))
    const layout = closure(rootsOf(ADMIN_LAYOUT_ENTRIES)).filter((id) => !app.includes(id))
    writeFileSync(ADMIN_FIRST_LOAD_PROBE, JSON.stringify({ app, layout }))
  },
}

/**
 * Back-office build: its entry (src/adminMain.tsx) imports the app (src/admin/mount.tsx) only after
 * the server's sign-in page has been painted, but the app's chunks are listed in admin.html as
 * modulepreload links, as a static import's would be, so they still download with the page in one
 * step (not when the entry asks for them). Its lazy chunks (layout, pages) stay lazy.
 */
const DEFERRED_APP = /[\\/]src[\\/]admin[\\/]mount\.tsx$/
const preloadDeferredApp: Plugin = {
  name: 'preload-deferred-app',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(_html, { bundle, chunk: entry }) {
      if (!bundle || !entry) return
      const chunks = new Map(
        Object.values(bundle).flatMap((file) =>
          file.type === 'chunk' ? [[file.fileName, file] as const] : []
        )
      )
      const linked = new Set<string>()
      const staticClosure = (fileName: string) => {
        if (linked.has(fileName)) return
        linked.add(fileName)
        for (const imported of chunks.get(fileName)?.imports ?? []) staticClosure(imported)
      }
      staticClosure(entry.fileName) // linked by Vite already
      const linkedByVite = new Set(linked)
      // The app's chunk: its own, or the `admin` group holding mount.tsx.
      const app = entry.dynamicImports.find((fileName) =>
        [
          chunks.get(fileName)?.facadeModuleId ?? '',
          ...(chunks.get(fileName)?.moduleIds ?? []),
        ].some((id) => DEFERRED_APP.test(id))
      )
      if (app) staticClosure(app)
      return [...linked]
        .filter((fileName) => !linkedByVite.has(fileName))
        .map((fileName) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` },
          injectTo: 'head' as const,
        }))
    },
  },
}

/**
 * FRONTEND_ENTRY=shop|admin builds one page (scripts/build_frontend.mjs runs both, the shop first,
 * into the same folder); without it both are built together, as the dev server serves them.
 */
const entry = process.env.FRONTEND_ENTRY as 'shop' | 'admin' | 'shell' | undefined
const pages = { shop: `${root}index.html`, admin: `${root}admin.html` }
const input = entry === 'shop' || entry === 'admin' ? { [entry]: pages[entry] } : pages

const resolve = {
  alias: [
    { find: 'object.entries', replacement: `${root}src/shims/object-entries.cjs` },
    // React Router's exports name only its development build (warnings and their texts); the
    // production build is the same code without them.
    {
      find: /^react-router$/,
      replacement: `${root}../node_modules/react-router/dist/production/index.mjs`,
    },
    {
      find: /^react-router\/dom$/,
      replacement: `${root}../node_modules/react-router/dist/production/dom-export.mjs`,
    },
  ],
}

/**
 * FRONTEND_ENTRY=shell: the sign-in pages' server renderer (src/signInShells.tsx) for Node, with
 * React, react-admin, MUI and emotion bundled in, into frontend/dist-ssr (outside the public folder).
 * The server puts their HTML into index.html for /shop/login and admin.html for /admin/login, so
 * those pages paint before their scripts have run.
 */
const shellConfig = defineConfig({
  root,
  resolve,
  plugins: [
    react(),
    compiledCatalogues,
    muiWithoutCssVariables,
    purePackages,
    reactRouterTreeShakable,
  ],
  ssr: { noExternal: true },
  // React's and MUI's production builds whatever NODE_ENV the server runs with.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    ssr: 'src/signInShells.tsx',
    outDir: 'dist-ssr',
    emptyOutDir: true,
    chunkSizeWarningLimit: 4000,
  },
})

export default entry === 'shell'
  ? shellConfig
  : defineConfig({
      root,
      base: '/',
      resolve,
      plugins: [
        react(),
        adminPageInDev,
        compiledCatalogues,
        muiWithoutCssVariables,
        purePackages,
        reactRouterTreeShakable,
        ...(entry === 'shop' ? [muiPartsOnDemand, firstLoadProbe] : []),
        ...(entry === 'admin' ? [raTitleEditorOnDemand, adminFirstLoadProbe] : []),
        preloadDeferredApp,
        compression({ algorithms: ['brotliCompress', 'gzip'] }),
      ],
      build: {
        outDir: 'dist',
        // The second build of scripts/build_frontend.mjs adds to the first one's output.
        emptyOutDir: entry !== 'admin',
        chunkSizeWarningLimit: 2000,
        // Every browser the apps support preloads modules natively.
        modulePreload: { polyfill: false },
        rolldownOptions: {
          input,
          output: {
            codeSplitting: {
              groups: [
                ...(firstLoad.size
                  ? [{ name: 'shop', test: (id: string) => firstLoad.has(id), priority: 1 }]
                  : []),
                ...(adminApp.size
                  ? [
                      // Vite's preload helper, which the entry calls to import the app: in a chunk of
                      // its own, or the entry would import (load and run) the `admin` group holding it
                      // before the sign-in page is painted (sign_in_html.spec.ts).
                      { name: 'preload-helper', test: /preload-helper/, priority: 3 },
                      { name: 'admin', test: (id: string) => adminApp.has(id), priority: 2 },
                      {
                        name: 'admin-layout',
                        test: (id: string) => adminLayout.has(id),
                        priority: 1,
                      },
                    ]
                  : []),
                {
                  name: 'react',
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
                },
              ],
            },
          },
        },
      },
      server: {
        port: 5173,
        proxy: { '/api': 'http://127.0.0.1:3333' },
      },
    })
