import { test } from '@japa/runner'
import { isolateEachTest } from '#tests/helpers/database'
import { Setting, settingsService, BRANDING_DEFAULTS } from '#modules/settings/index'

test.group('Branding', (group) => {
  isolateEachTest(group)
  group.each.setup(() => settingsService.clearCache())
  group.each.teardown(() => settingsService.clearCache())

  test('defaults apply when the branding settings are empty', async ({ client }) => {
    await Setting.query().where('setting_key', 'like', 'BRAND_%').delete()
    settingsService.clearCache()
    const response = await client.get('/api/branding')
    response.assertStatus(200)
    response.assertBody({ success: true, branding: BRANDING_DEFAULTS })
  })

  test('a stored brand colour is used, an empty one falls back', async ({ client }) => {
    await Setting.query()
      .where('setting_key', 'BRAND_PRIMARY_COLOR')
      .update({ setting_value: '#112233' })
    await Setting.query().where('setting_key', 'BRAND_TAGLINE').update({ setting_value: '' })
    settingsService.clearCache()
    const response = await client.get('/api/branding')
    response.assertBodyContains({
      branding: { primaryColor: '#112233', tagline: 'Your trusted insurance partner' },
    })
    const colors = await client.get('/api/branding/colors')
    colors.assertBodyContains({
      success: true,
      colors: { primary: '#112233', error: BRANDING_DEFAULTS.errorColor },
    })
  })

  test('the public formatting call exposes the formatting category only', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/api/settings/formatting')
    response.assertStatus(200)
    const keys = response.body().settings.formatting.map((s: any) => s.setting_key)
    assert.deepEqual(keys.sort(), ['DATE_FORMAT', 'TIME_FORMAT'])
    assert.notProperty(response.body().settings, 'branding')
  })
})
