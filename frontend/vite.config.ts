import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import { compression } from 'vite-plugin-compression2'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('.', import.meta.url))
/** In the dev server, /admin/* gets the back-office page, as SpaController does in production. */
const adminPageInDev: Plugin = {
  name: 'admin-page-in-dev',
  configureServer(server) {
    server.middlewares.use((request, _response, next) => {
      if (request.url === '/admin' || request.url?.startsWith('/admin/')) request.url = '/admin.html'
      next()
    })
  },
}

/**
 * MUI's CSS-variables themes (`cssVariables`/`colorSchemes`, CssVarsProvider) left out: createTheme and
 * ThemeProvider import them unconditionally, but neither app nor react-admin uses them (our themes are
 * plain palettes, common/theme.ts), and they cost ~7 KB gz of every first load (docs/benchmarks.md).
 * Asking for such a theme throws, so a future use fails loudly in the browser tests.
 */
const STUBBED_MUI_MODULES: Record<string, string> = {
  './createThemeWithVars.mjs':
    "export default function createThemeWithVars() { throw new Error('MUI CSS-variables themes are left out of this build (frontend/vite.config.ts)') }",
  './ThemeProviderWithVars.mjs':
    "export function CssVarsProvider() { throw new Error('MUI CssVarsProvider is left out of this build (frontend/vite.config.ts)') }",
}
const muiWithoutCssVariables: Plugin = {
  name: 'mui-without-css-variables',
  apply: 'build',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source in STUBBED_MUI_MODULES && importer && /@mui[\\/]material[\\/]styles[\\/](createTheme|ThemeProvider)\.mjs$/.test(importer)) {
      return `\0mui-stub:${source}`
    }
    return null
  },
  load(id) {
    return id.startsWith('\0mui-stub:') ? STUBBED_MUI_MODULES[id.slice('\0mui-stub:'.length)] : null
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
 * FRONTEND_ENTRY=shop|admin builds one page (scripts/build_frontend.mjs runs both, the shop first,
 * into the same folder); without it both are built together, as the dev server serves them.
 */
const entry = process.env.FRONTEND_ENTRY as 'shop' | 'admin' | undefined
const pages = { shop: `${root}index.html`, admin: `${root}admin.html` }
const input = entry ? { [entry]: pages[entry] } : pages

export default defineConfig({
  root,
  base: '/',
  resolve: { alias: { 'object.entries': `${root}src/shims/object-entries.cjs` } },
  plugins: [react(), adminPageInDev, muiWithoutCssVariables, purePackages, compression({ algorithms: ['brotliCompress', 'gzip'] })],
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
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/ }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3333' },
  },
})
