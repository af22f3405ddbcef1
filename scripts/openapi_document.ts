/*
| Writes the API's OpenAPI document to a file without starting a server:
| boots the application in this process ('console' environment: routes and
| their documentation are registered, nothing listens), as GET
| /api/openapi.json would answer it. `npm run check:openapi` lints it.
|   node --import=ts-node-maintained/register/esm scripts/openapi_document.ts tmp/openapi.json
*/
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'

// The document does not depend on the environment; the test one (.env.test) holds no secret.
process.env.NODE_ENV ??= 'test'
process.env.LOG_LEVEL ??= 'warn'

const target = process.argv[2] ?? 'tmp/openapi.json'
const { bootApp, shutdownApp } = await import('#backend/bin/boot_app')
await bootApp()
try {
  // The HTTP server commits the routes when it starts; nothing starts here.
  // The 'console' environment loads no routes (adonisrc.ts): this script registers them itself.
  await import('#start/routes')
  const { default: router } = await import('@adonisjs/core/services/router')
  router.commit()
  const { apiDocument } = await import('#modules/api_contract/index')
  const { 'x-undocumented': undocumented, ...document } = apiDocument()
  if (undocumented.length)
    throw new Error(`Routes without documentation: ${undocumented.join(', ')}`)
  await mkdir(dirname(target), { recursive: true })
  await writeFile(target, JSON.stringify(document, null, 2) + '\n')
  console.log(`OpenAPI document written to ${target}`)
} finally {
  await shutdownApp()
}
