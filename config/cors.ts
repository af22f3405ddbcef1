import { defineConfig } from '@adonisjs/cors'

// The shop and back-office are served by the same origin as the API.
export default defineConfig({
  enabled: false,
  origin: [],
  methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
  headers: true,
  // ra-data-simple-rest reads a list's total from Content-Range (the Finance area, docs/payments.md).
  exposeHeaders: ['Content-Range'],
  credentials: true,
  maxAge: 90,
})
