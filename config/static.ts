import { defineConfig } from '@adonisjs/static'

// Serves the built frontend (frontend/dist); index.html fallback is a route.
export default defineConfig({
  enabled: true,
  etag: true,
  lastModified: true,
  dotFiles: 'ignore',
  immutable: true,
  maxAge: '1h',
})
