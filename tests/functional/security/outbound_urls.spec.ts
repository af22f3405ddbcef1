import { test } from '@japa/runner'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { AdminUser } from '#modules/admins/index'
import { ApiConfiguration, ApiLog, createFulfilmentWorker } from '#modules/fulfilment/index'
import { loadBrandLogo } from '#modules/documents/rendering/brand_logo'
import { isolateEachTest } from '#tests/helpers/database'
import { createPaidMigration } from '#tests/helpers/migration_fixtures'
import { InsurerApi } from '#tests/helpers/insurer_api'
import { allowOutboundRanges, mapHost } from '#tests/helpers/outbound_hosts'

const insurer = new InsurerApi()
const CONFIG = { name: 'Insurer', authType: 'none' }

/**
 * Outbound URLs (server-side request forgery). Production allows no loopback;
 * the tests allow 127.0.0.0/8 (.env.test) for their doubles and take it away
 * where a test needs the production policy. Nothing here connects anywhere
 * but loopback: refused addresses are refused before a socket is opened.
 */
test.group('Outbound URLs', (group) => {
  isolateEachTest(group)
  group.setup(async () => {
    await insurer.start()
    return () => insurer.stop()
  })
  group.each.setup(() => {
    insurer.calls = []
  })

  test('saving an API configuration for loopback, metadata or private addresses is a 422 saying why; nothing is stored', async ({
    client,
    assert,
    cleanup,
  }) => {
    cleanup(allowOutboundRanges(''))
    const admin = await AdminUser.findByOrFail('username', 'admin')
    const cases = {
      'http://127.0.0.1:3306/': 'Endpoint URL is not allowed: 127.0.0.1 is a loopback address',
      'http://0x7f000001:3306/': 'Endpoint URL is not allowed: 127.0.0.1 is a loopback address',
      'http://[::1]:3306/': 'Endpoint URL is not allowed: ::1 is a loopback address',
      'http://169.254.169.254/latest/meta-data/':
        'Endpoint URL is not allowed: 169.254.169.254 is a cloud metadata address',
      'http://10.0.0.8/enrol': 'Endpoint URL is not allowed: 10.0.0.8 is a private address',
    }
    for (const [endpointUrl, error] of Object.entries(cases)) {
      const response = await client
        .post('/api/admin/api-configs')
        .json({ ...CONFIG, endpointUrl })
        .asAdmin(admin)
        .withCsrfToken()
      assert.deepEqual([response.status(), response.body().error], [422, error], endpointUrl)
    }
    assert.lengthOf(await ApiConfiguration.all(), 0)

    const saved = await ApiConfiguration.create({
      name: 'Insurer',
      endpoint_url: 'https://insurer.example.com/enrol',
      auth_type: 'none',
      auth_config: null,
      enabled: true,
    })
    const update = await client
      .put(`/api/admin/api-configs/${saved.id}`)
      .json({ ...CONFIG, endpointUrl: 'http://[::ffff:127.0.0.1]:3306/' })
      .asAdmin(admin)
      .withCsrfToken()
    assert.deepEqual(
      [update.status(), update.body().error],
      [422, 'Endpoint URL is not allowed: ::ffff:7f00:1 is a loopback address']
    )
    await saved.refresh()
    assert.equal(saved.endpoint_url, 'https://insurer.example.com/enrol')
  })

  test('an allowed range (the tests allow loopback) can be saved', async ({ client }) => {
    const admin = await AdminUser.findByOrFail('username', 'admin')
    const response = await client
      .post('/api/admin/api-configs')
      .json({ ...CONFIG, endpointUrl: insurer.url })
      .asAdmin(admin)
      .withCsrfToken()
    response.assertStatus(201)
  })

  test('the cancellation endpoint goes through the same policy; an update that does not send it keeps it', async ({
    client,
    assert,
  }) => {
    const admin = await AdminUser.findByOrFail('username', 'admin')
    const refused = await client
      .post('/api/admin/api-configs')
      .json({
        ...CONFIG,
        endpointUrl: insurer.url,
        cancellationEndpointUrl: 'http://10.0.0.8/cancel',
      })
      .asAdmin(admin)
      .withCsrfToken()
    assert.deepEqual(
      [refused.status(), refused.body().error],
      [422, 'Cancellation endpoint URL is not allowed: 10.0.0.8 is a private address']
    )
    const saved = await client
      .post('/api/admin/api-configs')
      .json({
        ...CONFIG,
        endpointUrl: insurer.url,
        cancellationEndpointUrl: insurer.cancellationUrl,
      })
      .asAdmin(admin)
      .withCsrfToken()
    saved.assertStatus(201)
    assert.equal(saved.body().config.cancellation_endpoint_url, insurer.cancellationUrl)
    const updated = await client
      .put(`/api/admin/api-configs/${saved.body().config.id}`)
      .json({ ...CONFIG, endpointUrl: insurer.url })
      .asAdmin(admin)
      .withCsrfToken()
    assert.equal(updated.body().config.cancellation_endpoint_url, insurer.cancellationUrl)
    const cleared = await client
      .put(`/api/admin/api-configs/${saved.body().config.id}`)
      .json({ ...CONFIG, endpointUrl: insurer.url, cancellationEndpointUrl: null })
      .asAdmin(admin)
      .withCsrfToken()
    assert.isNull(cleared.body().config.cancellation_endpoint_url)
  })

  test('a name that passed when saved but resolves to a private address at call time is refused and logged, not sent', async ({
    client,
    assert,
    cleanup,
  }) => {
    const admin = await AdminUser.findByOrFail('username', 'admin')
    const port = new URL(insurer.url).port
    const undo = mapHost('insurer.test', '127.0.0.1')
    cleanup(() => undo())
    const saved = await client
      .post('/api/admin/api-configs')
      .json({ ...CONFIG, endpointUrl: `http://insurer.test:${port}/enrol` })
      .asAdmin(admin)
      .withCsrfToken()
    saved.assertStatus(201)

    // DNS rebinding: the same name now answers with an internal address.
    cleanup(mapHost('insurer.test', '10.20.30.40'))
    const { migration } = await createPaidMigration()
    await createFulfilmentWorker().drain()

    assert.lengthOf(insurer.calls, 0)
    const logs = await ApiLog.query().where('migration_id', migration.id)
    assert.isAbove(logs.length, 0)
    for (const log of logs) {
      assert.include(log.serializeForAdmin(), {
        success: false,
        response_status: null,
        response_payload: null,
      })
      assert.equal(
        log.error_message,
        'Refused by the outbound-URL policy: insurer.test resolves to 10.20.30.40, a private address'
      )
    }
    await migration.refresh()
    assert.notEqual(migration.api_status, 'completed')
  })

  test('the brand logo is fetched under the policy: a metadata address is never asked, a redirect is not followed', async ({
    assert,
    cleanup,
  }) => {
    let asked: string[] = []
    const server: Server = createServer((request, response) => {
      asked.push(request.url!)
      if (request.url === '/moved.png')
        return response.writeHead(302, { location: '/logo.png' }).end()
      response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from('png'))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    cleanup(() => new Promise<void>((resolve) => server.close(() => resolve())))
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

    assert.isNull(await loadBrandLogo(`${base}/moved.png`))
    assert.deepEqual(asked, ['/moved.png'])
    assert.isNotNull(await loadBrandLogo(`${base}/logo.png`))

    asked = []
    cleanup(mapHost('logo.test', '169.254.169.254'))
    assert.isNull(await loadBrandLogo('http://logo.test/logo.png'))
    cleanup(allowOutboundRanges(''))
    assert.isNull(await loadBrandLogo(`${base}/logo.png`))
    assert.deepEqual(asked, [])
  })
})
