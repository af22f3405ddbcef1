import { test } from '@japa/runner'
import { isolateEachTest } from '#tests/helpers/database'
import { demoAdmin } from '#tests/helpers/admin_session'
import { Setting, settingsService } from '#modules/settings/index'
import { withoutRequestId } from '#tests/helpers/api_contract'

const MASK = '••••••••'

async function storeSecret(value: string) {
  await Setting.query()
    .where('setting_key', 'EXCHANGE_RATES_API_KEY')
    .update({ setting_value: value })
  settingsService.clearCache()
}

test.group('Admin settings', (group) => {
  isolateEachTest(group)

  test('settings come grouped by category with their fields', async ({ client, assert }) => {
    const response = await client.get('/api/admin/settings').asAdmin(await demoAdmin())
    response.assertStatus(200)
    const settings = response.body().settings
    assert.deepEqual(Object.keys(settings), [
      'formatting',
      'email',
      'payment',
      'application',
      'branding',
    ])
    const dateFormat = settings.formatting.find((s: any) => s.setting_key === 'DATE_FORMAT')
    assert.containsSubset(dateFormat, {
      setting_value: 'DD.MM.YYYY',
      setting_type: 'text',
      is_editable: true,
      is_sensitive: false,
      category: 'formatting',
      display_name: 'Date format',
    })
    assert.isFalse(settings.payment.find((s: any) => s.setting_key === 'BASE_CURRENCY').is_editable)
  })

  test('sensitive values are masked in the list and in the single read', async ({
    client,
    assert,
  }) => {
    await storeSecret('secret-api-key-123')
    const list = await client.get('/api/admin/settings').asAdmin(await demoAdmin())
    const listed = list
      .body()
      .settings.payment.find((s: any) => s.setting_key === 'EXCHANGE_RATES_API_KEY')
    assert.equal(listed.setting_value, MASK)
    assert.notInclude(JSON.stringify(list.body()), 'secret-api-key-123')
    const single = await client
      .get('/api/admin/settings/EXCHANGE_RATES_API_KEY')
      .asAdmin(await demoAdmin())
    assert.equal(single.body().setting.setting_value, MASK)
  })

  test('a PUT with the mask keeps the stored secret; a new value replaces it', async ({
    client,
    assert,
  }) => {
    await storeSecret('secret-api-key-123')
    const admin = await demoAdmin()
    const kept = await client
      .put('/api/admin/settings/EXCHANGE_RATES_API_KEY')
      .json({ value: MASK })
      .asAdmin(admin)
      .withCsrfToken()
    kept.assertStatus(200)
    assert.equal(
      (await Setting.findByOrFail('setting_key', 'EXCHANGE_RATES_API_KEY')).setting_value,
      'secret-api-key-123'
    )
    const replaced = await client
      .put('/api/admin/settings/EXCHANGE_RATES_API_KEY')
      .json({ value: 'new-key' })
      .asAdmin(admin)
      .withCsrfToken()
    assert.equal(replaced.body().setting.setting_value, MASK)
    assert.equal(
      (await Setting.findByOrFail('setting_key', 'EXCHANGE_RATES_API_KEY')).setting_value,
      'new-key'
    )
  })

  test('a valid value is saved and served at once (cache cleared)', async ({ client, assert }) => {
    assert.equal(await settingsService.get('DATE_FORMAT'), 'DD.MM.YYYY')
    const response = await client
      .put('/api/admin/settings/DATE_FORMAT')
      .json({ value: 'YYYY-MM-DD' })
      .asAdmin(await demoAdmin())
      .withCsrfToken()
    response.assertStatus(200)
    assert.equal(response.body().setting.setting_value, 'YYYY-MM-DD')
    assert.equal(await settingsService.get('DATE_FORMAT'), 'YYYY-MM-DD')
    const publicRead = await client.get('/api/settings/formatting')
    assert.deepInclude(publicRead.body().settings.formatting, {
      setting_key: 'DATE_FORMAT',
      setting_value: 'YYYY-MM-DD',
    })
  })

  test('values are validated by type: {$self}')
    .with([
      {
        key: 'BRAND_PRIMARY_COLOR',
        value: 'red',
        error: 'Primary colour must be a colour like #1a2b3c',
      },
      {
        key: 'ADMIN_NOTIFICATION_EMAIL',
        value: 'not-an-email',
        error: 'Admin notification email must be a valid email address',
      },
      {
        key: 'FRONTEND_URL',
        value: 'javascript:alert(1)',
        error: 'Frontend URL must be an http(s) URL',
      },
      {
        key: 'TOKEN_EXPIRATION_DAYS',
        value: 'ten',
        error: 'Secure link validity (days) must be a number',
      },
      {
        key: 'DATE_FORMAT',
        value: 'DD MMM',
        error:
          'Date format must be one of DD.MM.YYYY, DD/MM/YYYY, DD-MM-YYYY, MM/DD/YYYY, MM-DD-YYYY, YYYY-MM-DD',
      },
      {
        key: 'BRAND_NAME',
        value: { nested: true },
        error: 'Brand name: the value must be text, a number or a boolean',
      },
    ])
    .run(async ({ client, assert }, { key, value, error }) => {
      const before = (await Setting.findByOrFail('setting_key', key)).setting_value
      const response = await client
        .put(`/api/admin/settings/${key}`)
        .json({ value })
        .asAdmin(await demoAdmin())
        .withCsrfToken()
      response.assertStatus(422)
      // The refused setting is named as the field, so the screen shows the message on its input.
      assert.deepEqual(withoutRequestId(response.body()), {
        success: false,
        error,
        errors: [{ field: key, message: error }],
      })
      assert.equal((await Setting.findByOrFail('setting_key', key)).setting_value, before)
    })

  test('a read-only setting is refused and an unknown key is a 404', async ({ client, assert }) => {
    const admin = await demoAdmin()
    const readOnly = await client
      .put('/api/admin/settings/BASE_CURRENCY')
      .json({ value: 'EUR' })
      .asAdmin(admin)
      .withCsrfToken()
    readOnly.assertStatus(403)
    assert.equal(readOnly.body().error, 'Setting BASE_CURRENCY is read-only')
    const unknown = await client.get('/api/admin/settings/NO_SUCH_KEY').asAdmin(admin)
    unknown.assertStatus(404)
    const badKey = await client.get('/api/admin/settings/bad%20key').asAdmin(admin)
    badKey.assertStatus(422)
  })

  test('bulk update saves all changes or none', async ({ client, assert }) => {
    const admin = await demoAdmin()
    const refused = await client
      .post('/api/admin/settings/bulk-update')
      .json({
        updates: [
          { setting_key: 'BRAND_NAME', setting_value: 'Acme Health' },
          { setting_key: 'BRAND_PRIMARY_COLOR', setting_value: 'nope' },
        ],
      })
      .asAdmin(admin)
      .withCsrfToken()
    refused.assertStatus(422)
    assert.equal(
      (await Setting.findByOrFail('setting_key', 'BRAND_NAME')).setting_value,
      'Member Portal'
    )

    const saved = await client
      .post('/api/admin/settings/bulk-update')
      .json({
        updates: [
          { setting_key: 'BRAND_NAME', setting_value: 'Acme Health' },
          { setting_key: 'BRAND_PRIMARY_COLOR', setting_value: '#FF0000' },
        ],
      })
      .asAdmin(admin)
      .withCsrfToken()
    saved.assertStatus(200)
    assert.equal(saved.body().updated, 2)
    const branding = await client.get('/api/branding')
    assert.containsSubset(branding.body().branding, {
      brandName: 'Acme Health',
      primaryColor: '#ff0000',
    })
  })

  test('bulk update refuses a malformed body', async ({ client }) => {
    const response = await client
      .post('/api/admin/settings/bulk-update')
      .json({ updates: [] })
      .asAdmin(await demoAdmin())
      .withCsrfToken()
    response.assertStatus(422)
  })

  test('date and time format options carry value, label and example', async ({
    client,
    assert,
  }) => {
    const admin = await demoAdmin()
    const dates = await client.get('/api/admin/settings/options/date-formats').asAdmin(admin)
    assert.deepInclude(dates.body().options, {
      value: 'DD.MM.YYYY',
      label: 'DD.MM.YYYY (European, dots)',
      example: '31.12.2025',
    })
    const times = await client.get('/api/admin/settings/options/time-formats').asAdmin(admin)
    assert.deepInclude(times.body().options, {
      value: 'hh:mm A',
      label: '12-hour (hh:mm AM/PM)',
      example: '02:05 PM',
    })
  })

  test('clear-cache answers and the next read sees a direct database change', async ({
    client,
    assert,
  }) => {
    await settingsService.all()
    await Setting.query()
      .where('setting_key', 'BRAND_TAGLINE')
      .update({ setting_value: 'Changed behind the cache' })
    const response = await client
      .post('/api/admin/settings/clear-cache')
      .asAdmin(await demoAdmin())
      .withCsrfToken()
    response.assertStatus(200)
    assert.equal(await settingsService.get('BRAND_TAGLINE'), 'Changed behind the cache')
  })
})

test.group('Branding writes', (group) => {
  isolateEachTest(group)

  test('PUT /api/branding saves branding fields as BRAND_* settings', async ({
    client,
    assert,
  }) => {
    const response = await client
      .put('/api/branding')
      .json({ primaryColor: '#123456', brandName: 'Acme Health' })
      .asAdmin(await demoAdmin())
      .withCsrfToken()
    response.assertStatus(200)
    assert.containsSubset(response.body().branding, {
      primaryColor: '#123456',
      brandName: 'Acme Health',
    })
    assert.equal(
      (await Setting.findByOrFail('setting_key', 'BRAND_PRIMARY_COLOR')).setting_value,
      '#123456'
    )
    const colors = await client.get('/api/branding/colors')
    assert.equal(colors.body().colors.primary, '#123456')
  })

  test('PUT /api/branding validates colours, emails and URLs and needs a field', async ({
    client,
    assert,
  }) => {
    const admin = await demoAdmin()
    const badColor = await client
      .put('/api/branding')
      .json({ primaryColor: 'blue' })
      .asAdmin(admin)
      .withCsrfToken()
    badColor.assertStatus(422)
    assert.equal(badColor.body().error, 'Primary colour must be a colour like #1a2b3c')
    const badEmail = await client
      .put('/api/branding')
      .json({ supportEmail: 'nobody' })
      .asAdmin(admin)
      .withCsrfToken()
    badEmail.assertStatus(422)
    const nothing = await client.put('/api/branding').json({}).asAdmin(admin).withCsrfToken()
    nothing.assertStatus(422)
    assert.equal(nothing.body().error, 'No branding field to update')
  })

  test('a member session is not enough to change branding', async ({ client }) => {
    const { Member } = await import('#modules/members/index')
    const member = await Member.findByOrFail('member_id', 'DEMO-1001')
    const response = await client
      .put('/api/branding')
      .json({ primaryColor: '#000000' })
      .asMember(member)
      .withCsrfToken()
    response.assertStatus(401)
  })

  test('POST /api/branding/clear-cache answers for an admin', async ({ client }) => {
    const response = await client
      .post('/api/branding/clear-cache')
      .asAdmin(await demoAdmin())
      .withCsrfToken()
    response.assertStatus(200)
  })
})
