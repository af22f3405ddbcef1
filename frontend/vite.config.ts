import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { compression } from 'vite-plugin-compression2'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('.', import.meta.url))

/**
 * Two entries: index.html (the shop) and admin.html (the back-office, which the server
 * answers for /admin/*), so each page lists exactly its own chunks as modulepreload
 * links and loads them in one step. React, React DOM and the router, which both need,
 * share one long-cached chunk. Every asset is also written as .br and .gz (served by
 * backend/middleware/precompressed_assets_middleware.ts by Accept-Encoding).
 */
export default defineConfig({
  root,
  base: '/',
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'] })],
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
