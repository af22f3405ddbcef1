import { test } from '@japa/runner'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { readFile } from 'node:fs/promises'
import { Setting, settingsService } from '#modules/settings/index'
import { Document } from '#modules/documents/index'
import { createFulfilmentWorker } from '#modules/fulfilment/index'
import { storagePath } from '#modules/documents/services/storage'
import { isolateEachTest } from '#tests/helpers/database'
import { createPaidMigration } from '#tests/helpers/migration_fixtures'

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64'
)

async function setLogoUrl(url: string) {
  await Setting.query().where('setting_key', 'BRAND_LOGO_URL').update({ setting_value: url })
  settingsService.clearCache()
}

async function firstDocumentBytes(migrationId: number) {
  const [document] = await Document.query().where('migration_id', migrationId).orderBy('id')
  return (await readFile(storagePath(document.file_path))).toString('latin1')
}

test.group('Brand logo on documents', (group) => {
  isolateEachTest(group)
  let server: Server
  let base = ''
  group.setup(async () => {
    server = createServer((request, response) => {
      if (request.url === '/logo.png')
        return response.writeHead(200, { 'content-type': 'image/png' }).end(PNG)
      response.writeHead(200, { 'content-type': 'text/html' }).end('<html>not an image</html>')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    return () => new Promise<void>((resolve) => server.close(() => resolve()))
  })
  group.each.setup(() => () => settingsService.clearCache())

  test('the logo at BRAND_LOGO_URL is drawn in the brand band', async ({ assert }) => {
    await setLogoUrl(`${base}/logo.png`)
    const { migration } = await createPaidMigration()
    await createFulfilmentWorker().drain()
    assert.include(await firstDocumentBytes(migration.id), '/Subtype /Image')
  })

  test('an address that is not an image leaves the logo out and the documents are still issued', async ({
    assert,
  }) => {
    await setLogoUrl(`${base}/page`)
    const { migration } = await createPaidMigration()
    await createFulfilmentWorker().drain()
    await migration.refresh()
    assert.equal(migration.document_status, 'generated')
    assert.notInclude(await firstDocumentBytes(migration.id), '/Subtype /Image')
  })
})
