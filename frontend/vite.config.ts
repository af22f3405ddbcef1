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
  plugins: [react(), adminPageInDev, compression({ algorithms: ['brotliCompress', 'gzip'] })],
  build: {
    outDir: 'dist',
    // The second build of scripts/build_frontend.mjs adds to the first one's output.
    emptyOutDir: entry !== 'admin',
    chunkSizeWarningLimit: 2000,
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
