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

export default defineConfig({
  root,
  base: '/',
  plugins: [react(), adminPageInDev, compression({ algorithms: ['brotliCompress', 'gzip'] })],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      input: { shop: `${root}index.html`, admin: `${root}admin.html` },
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
