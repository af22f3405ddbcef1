import { test } from '@japa/runner'
import { isolateEachTest } from '#tests/helpers/database'
import { demoAdmin } from '#tests/helpers/admin_session'
import { DocumentTemplate } from '#modules/documents/index'
import { ApiConfiguration } from '#modules/fulfilment/index'
import { withoutRequestId } from '#tests/helpers/api_contract'

const MASK = '••••••••'

test.group('Admin doc templates', (group) => {
  isolateEachTest(group)

  test('list (bare array), create with an optional plan, delete', async ({ client, assert }) => {
    const admin = await demoAdmin()
    const before = (await DocumentTemplate.all()).length
    const created = await client
      .post('/api/admin/templates')
      .json({
        productName: 'Legacy Basic',
        planName: '',
        templateFilePath: 'policy_confirmation.json',
      })
      .asAdmin(admin)
      .withCsrfToken()
    created.assertStatus(201)
    assert.containsSubset(created.body().template, {
      product_name: 'Legacy Basic',
      plan_name: null,
      template_file_path: 'policy_confirmation.json',
      file_exists: true,
    })
    const list = await client.get('/api/admin/templates').asAdmin(admin)
    assert.isArray(list.body())
    assert.lengthOf(list.body(), before + 1)
    assert.containsSubset(
      list.body().find((t: any) => t.product_name === 'Global Health Gold'),
      { template_file_path: 'policy_confirmation.json', file_exists: true }
    )
    const deleted = await client
      .delete(`/api/admin/templates/${created.body().template.id}`)
      .asAdmin(admin)
      .withCsrfToken()
    deleted.assertStatus(200)
    assert.isNull(await DocumentTemplate.find(created.body().template.id))
  })

  test('a file path leaving the templates folder is refused: {$self}')
    .with([
      '../secrets.json',
      'gold/../../config/app.json',
      '/etc/passwd',
      'C:\\Windows\\win.json',
      '..\\..\\x.json',
      './gold.json',
      'gold/%2e%2e/x.json',
    ])
    .run(async ({ client, assert }, path) => {
      const response = await client
        .post('/api/admin/templates')
        .json({ productName: 'Legacy Basic', templateFilePath: path })
        .asAdmin(await demoAdmin())
        .withCsrfToken()
      response.assertStatus(422)
      assert.equal(
        response.body().error,
        'The template file path must be a relative path inside the templates folder (no "..", no absolute path)'
      )
      assert.isNull(await DocumentTemplate.findBy('product_name', 'Legacy Basic'))
    })

  test('required fields, duplicates and unknown ids', async ({ client, assert }) => {
    const admin = await demoAdmin()
    const noProduct = await client
      .post('/api/admin/templates')
      .json({ productName: '', templateFilePath: 'a.json' })
      .asAdmin(admin)
      .withCsrfToken()
    assert.equal(noProduct.body().error, 'Product name is required')
    const notJson = await client
      .post('/api/admin/templates')
      .json({ productName: 'Gold', templateFilePath: 'layout.pdf' })
      .asAdmin(admin)
      .withCsrfToken()
    assert.equal(notJson.body().error, 'The template file must be a .json layout file')
    const noPath = await client
      .post('/api/admin/templates')
      .json({ productName: 'Gold' })
      .asAdmin(admin)
      .withCsrfToken()
    assert.equal(noPath.body().error, 'Template file path is required')
    const first = await client
      .post('/api/admin/templates')
      .json({ productName: 'Gold', planName: 'A', templateFilePath: 'policy_confirmation.json' })
      .asAdmin(admin)
      .withCsrfToken()
    first.assertStatus(201)
    const duplicate = await client
      .post('/api/admin/templates')
      .json({ productName: 'Gold', planName: 'A', templateFilePath: 'b.json' })
      .asAdmin(admin)
      .withCsrfToken()
    duplicate.assertStatus(409)
    const unknown = await client
      .delete('/api/admin/templates/999999')
      .asAdmin(admin)
      .withCsrfToken()
    unknown.assertStatus(404)
  })

  test("a cancellation confirmation template is a type of its own: beside the product's policy template, one per product and plan; an unknown type is refused", async ({
    client,
    assert,
  }) => {
    const admin = await demoAdmin()
    const policy = await client
      .post('/api/admin/templates')
      .json({ productName: 'Legacy Basic', templateFilePath: 'policy_confirmation.json' })
      .asAdmin(admin)
      .withCsrfToken()
    assert.equal(policy.body().template.document_type, 'policy')
    const cancellation = await client
      .post('/api/admin/templates')
      .json({
        productName: 'Legacy Basic',
        templateFilePath: 'cancellation_confirmation.json',
        documentType: 'cancellation_confirmation',
      })
      .asAdmin(admin)
      .withCsrfToken()
    cancellation.assertStatus(201)
    assert.containsSubset(cancellation.body().template, {
      product_name: 'Legacy Basic',
      plan_name: null,
      document_type: 'cancellation_confirmation',
      file_exists: true,
    })
    const again = await client
      .post('/api/admin/templates')
      .json({
        productName: 'Legacy Basic',
        templateFilePath: 'cancellation_confirmation.json',
        documentType: 'cancellation_confirmation',
      })
      .asAdmin(admin)
      .withCsrfToken()
    assert.deepEqual(
      [again.status(), again.body().error],
      [409, 'A cancellation confirmation template for Legacy Basic (all plans) already exists']
    )
    const unknown = await client
      .post('/api/admin/templates')
      .json({ productName: 'Legacy Basic', templateFilePath: 'x.json', documentType: 'invoice' })
      .asAdmin(admin)
      .withCsrfToken()
    assert.deepEqual(
      [unknown.status(), unknown.body().error],
      [422, 'Document type must be policy or cancellation_confirmation']
    )
  })

  test('a template file that does not exist is refused at save, naming the file (never a server path)', async ({
    client,
    assert,
  }) => {
    const response = await client
      .post('/api/admin/templates')
      .json({ productName: 'Legacy Basic', templateFilePath: 'legacy/certificate.json' })
      .asAdmin(await demoAdmin())
      .withCsrfToken()
    response.assertStatus(422)
    const message = 'Template file legacy/certificate.json does not exist in the templates folder'
    assert.deepEqual(withoutRequestId(response.body()), {
      success: false,
      error: message,
      errors: [{ field: 'templateFilePath', message }],
    })
    assert.isNull(await DocumentTemplate.findBy('product_name', 'Legacy Basic'))
  })

  test('a layout file gone since the save fails generation with its relative name only', async ({
    assert,
  }) => {
    const { loadLayout } = await import('#modules/documents/rendering/template_files')
    const error = await loadLayout('gone/missing.json').catch((caught: Error) => caught)
    assert.equal(
      (error as Error).message,
      'Template file gone/missing.json was not found in the templates folder'
    )
    assert.notInclude((error as Error).message, '/work')
  })
})

test.group('Admin API configurations', (group) => {
  isolateEachTest(group)

  const BEARER = {
    name: 'DHIG enrolment',
    endpointUrl: 'https://dhig.example.com/enrol',
    authType: 'bearer',
    authConfig: { token: 'tok-secret-1' },
    enabled: true,
  }

  test('tokens and keys are stored but never returned in clear', async ({ client, assert }) => {
    const admin = await demoAdmin()
    const created = await client
      .post('/api/admin/api-configs')
      .json(BEARER)
      .asAdmin(admin)
      .withCsrfToken()
    created.assertStatus(201)
    assert.deepEqual(created.body().config.auth_config, { token: MASK })
    const keyed = await client
      .post('/api/admin/api-configs')
      .json({
        name: 'Keyed',
        endpointUrl: 'http://localhost:9999/x',
        authType: 'api_key',
        authConfig: { key: 'key-secret-2' },
      })
      .asAdmin(admin)
      .withCsrfToken()
    assert.deepEqual(keyed.body().config.auth_config, { key: MASK, header: 'X-API-Key' })

    const list = await client.get('/api/admin/api-configs').asAdmin(admin)
    assert.isArray(list.body())
    assert.notInclude(JSON.stringify(list.body()), 'tok-secret-1')
    assert.notInclude(JSON.stringify(list.body()), 'key-secret-2')
    assert.deepEqual((await ApiConfiguration.findOrFail(created.body().config.id)).auth_config, {
      token: 'tok-secret-1',
    })
  })

  test('the enable/disable toggle (PUT with the masked token) keeps the secret', async ({
    client,
    assert,
  }) => {
    const admin = await demoAdmin()
    const created = await client
      .post('/api/admin/api-configs')
      .json(BEARER)
      .asAdmin(admin)
      .withCsrfToken()
    const config = created.body().config
    const toggled = await client
      .put(`/api/admin/api-configs/${config.id}`)
      .json({
        name: config.name,
        endpointUrl: config.endpoint_url,
        authType: config.auth_type,
        authConfig: config.auth_config,
        enabled: false,
      })
      .asAdmin(admin)
      .withCsrfToken()
    toggled.assertStatus(200)
    const stored = await ApiConfiguration.findOrFail(config.id)
    assert.isFalse(stored.enabled)
    assert.deepEqual(stored.auth_config, { token: 'tok-secret-1' })
  })

  test('bad input is refused: {$self}')
    .with([
      { body: { ...BEARER, name: '' }, error: 'Name is required' },
      { body: { ...BEARER, endpointUrl: '' }, error: 'Endpoint URL is required' },
      {
        body: { ...BEARER, endpointUrl: 'ftp://x.example.com' },
        error: 'Endpoint URL must be a valid URL',
      },
      { body: { ...BEARER, endpointUrl: 'not a url' }, error: 'Endpoint URL must be a valid URL' },
      {
        body: { ...BEARER, authType: 'basic' },
        error: 'Auth type must be none, bearer or api_key',
      },
      { body: { ...BEARER, authConfig: {} }, error: 'A bearer token is required' },
      {
        body: { ...BEARER, authType: 'api_key', authConfig: { key: 'k', header: 'X Bad: header' } },
        error: 'The API key header may only contain letters, digits and dashes',
      },
    ])
    .run(async ({ client, assert }, { body, error }) => {
      const response = await client
        .post('/api/admin/api-configs')
        .json(body)
        .asAdmin(await demoAdmin())
        .withCsrfToken()
      response.assertStatus(422)
      assert.equal(response.body().error, error)
      assert.isNull(await ApiConfiguration.findBy('name', body.name))
    })

  test('delete, and unknown ids', async ({ client, assert }) => {
    const admin = await demoAdmin()
    const created = await client
      .post('/api/admin/api-configs')
      .json({ ...BEARER, authType: 'none', authConfig: null })
      .asAdmin(admin)
      .withCsrfToken()
    assert.isNull(created.body().config.auth_config)
    const deleted = await client
      .delete(`/api/admin/api-configs/${created.body().config.id}`)
      .asAdmin(admin)
      .withCsrfToken()
    deleted.assertStatus(200)
    ;(
      await client.put('/api/admin/api-configs/999999').json(BEARER).asAdmin(admin).withCsrfToken()
    ).assertStatus(404)
    ;(
      await client.delete('/api/admin/api-configs/999999').asAdmin(admin).withCsrfToken()
    ).assertStatus(404)
  })
})
