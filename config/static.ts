import { defineConfig } from '@adonisjs/static'

/** Vite's output folder for hashed files: a new build gives every changed file a new name. */
const HASHED_ASSETS = /[\\/]assets[\\/][^\\/]+$/

// Serves the built frontend (frontend/dist); index.html fallback is a route.
// Precompressed twins are chosen by backend/middleware/precompressed_assets_middleware.ts.
export default defineConfig({
  enabled: true,
  etag: true,
  lastModified: true,
  dotFiles: 'ignore',
  headers: (path) => ({
    'Cache-Control': HASHED_ASSETS.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
  }),
})
