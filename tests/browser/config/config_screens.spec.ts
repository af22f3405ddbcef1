/// <reference lib="dom" />
import { test } from '@japa/runner'
import { isolateEachTest } from '#tests/helpers/database'
import { newPage, screenshot } from '#tests/helpers/browser'
import { adminScreen, goToScreen, loginAsAdmin } from '#tests/helpers/browser_sessions'
import { ApiConfiguration } from '#modules/fulfilment/index'
import { EmailOverride, EmailTemplate } from '#modules/notifications/index'
import { Member } from '#modules/members/index'
import { Product } from '#modules/catalog/index'
import { Setting, settingsService } from '#modules/settings/index'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import env from '#start/env'

test.group('Back-office configuration screens', (group) => {
  isolateEachTest(group)
  // Settings are cached for a few seconds per process: rolled-back values must not leak into the next test.
  group.each.setup(() => () => settingsService.clearCache())

  test('a product saved with enforcement on and no date shows the warning', async ({ assert }) => {
    const page = await adminScreen('dashboard')
    const silver = await Product.findByOrFail('product_name', 'Global Health Silver')
    await goToScreen(page, 'products')
    const card = page.getByTestId(`product-card-${silver.id}`)
    await card.getByTestId('enforce-start').check()
    await card.getByTestId('product-save').click()
    await page.getByText('Product updated successfully').waitFor()
    const warning = card.getByTestId('start-warning')
    assert.equal(
      await warning.textContent(),
      'You have enabled "Enforce Fixed Start Date" but haven\'t set a date. Please specify a fixed start date or disable the enforcement.'
    )
    await silver.refresh()
    assert.isTrue(silver.enforce_fixed_start_date)
    await screenshot(page, 'config-products')
  })

  test('an API configuration is toggled off and on', async ({ assert }) => {
    const config = await ApiConfiguration.create({
      name: 'DHIG enrolment',
      endpoint_url: 'https://dhig.example.com/enrol',
      auth_type: 'bearer',
      auth_config: { token: 'tok-secret' },
      timeout_ms: 10000,
      enabled: true,
    })
    const page = await adminScreen('api-configs')
    const card = page.getByTestId(`api-config-${config.id}`)
    assert.notInclude(await page.content(), 'tok-secret')
    await card.getByTestId('api-toggle').click()
    await page.getByText('API disabled').waitFor()
    await card.getByText('Disabled', { exact: true }).waitFor()
    await config.refresh()
    assert.isFalse(config.enabled)
    assert.deepEqual(config.auth_config, { token: 'tok-secret' })
    await screenshot(page, 'config-api-configs')
    await card.getByTestId('api-toggle').click()
    await page.getByText('API enabled').waitFor()
    await config.refresh()
    assert.isTrue(config.enabled)
  })

  test('an API configuration is added with its cancellation endpoint, shown in the list', async ({
    assert,
  }) => {
    const page = await adminScreen('api-configs')
    await page.getByTestId('api-name').fill('DHIG')
    await page.getByTestId('api-url').fill('https://insurer.example.test/enrol')
    await page.getByTestId('api-cancellation-url').fill('not a url')
    await page.getByTestId('api-add').click()
    await page.getByText('Cancellation endpoint URL must be a valid URL').waitFor()
    assert.equal(
      await ApiConfiguration.query()
        .where('name', 'DHIG')
        .count('* as n')
        .first()
        .then((row: any) => Number(row.$extras.n)),
      0
    )
    await page.getByTestId('api-cancellation-url').fill('https://insurer.example.test/cancel')
    await page.getByTestId('api-add').click()
    await page.getByText('API configuration created successfully').waitFor()
    const saved = await ApiConfiguration.findByOrFail('name', 'DHIG')
    assert.equal(saved.cancellation_endpoint_url, 'https://insurer.example.test/cancel')
    assert.equal(
      await page.getByTestId(`api-config-${saved.id}`).getByTestId('api-cancellation').innerText(),
      'Cancellations: https://insurer.example.test/cancel'
    )
  })

  test('an override is created by searching a member', async ({ assert }) => {
    const page = await adminScreen('email-overrides')
    await page.getByText('No Email Overrides').waitFor()
    await screenshot(page, 'config-overrides-empty')
    await page.getByTestId('add-override').click()
    await page.getByTestId('override-submit').click()
    assert.equal(await page.getByTestId('override-error').textContent(), 'Please select a member')
    await page.getByTestId('member-search').fill('zzz')
    await page.getByTestId('member-search-empty').waitFor()
    await page.getByTestId('member-search').fill('rivera')
    await page.getByTestId('member-search-results').getByText('Carlos Rivera (DEMO-1002)').click()
    await page.getByTestId('override-email').fill('qa@example.com')
    await page.getByTestId('override-submit').click()
    await page.getByText('Email override created successfully').waitFor()
    await page.getByTestId('override-card-DEMO-1002').getByText('qa@example.com').waitFor()
    const carlos = await Member.findByOrFail('member_id', 'DEMO-1002')
    assert.equal(
      (await EmailOverride.findByOrFail('member_id', carlos.id)).override_email,
      'qa@example.com'
    )
    await screenshot(page, 'config-overrides-list')
  })

  test('a template is edited in the rich-text editor, previewed and activated', async ({
    assert,
  }) => {
    const template = await EmailTemplate.create({
      template_type: 'migration_confirmation',
      name: 'Spring campaign',
      subject: 'Hello {{member_name}}',
      html_content: '<p>Dear {{member_name}},</p>',
      is_active: false,
    })
    const page = await adminScreen('email-templates')
    await page.getByTestId('template-list').getByText('Spring campaign').click()
    await page.getByTestId('template-edit').click()
    const editor = page.getByTestId('rich-text-editor')
    assert.equal(await editor.evaluate((el) => el.getBoundingClientRect().height), 400)
    await editor.click()
    await page.keyboard.press('End')
    await page.keyboard.press('Enter')
    await page.keyboard.type('Your reference is ')
    await page.getByRole('button', { name: 'Bold' }).click()
    await page.keyboard.type('{{migration_reference}}')
    await screenshot(page, 'config-email-template-edit')
    await page.getByTestId('template-preview').click()
    const frame = page.frameLocator('[data-testid="preview-frame"]')
    await frame.getByText('Your reference is MIG-2025-000123').waitFor()
    assert.equal(await page.getByTestId('preview-subject').textContent(), 'Hello John Smith')
    assert.equal(await frame.locator('b, strong').first().textContent(), 'MIG-2025-000123')
    await screenshot(page, 'config-email-template-preview')
    await page.getByRole('button', { name: 'Close' }).click()
    await page.getByTestId('template-save').click()
    await page.getByText('Template updated successfully').waitFor()
    await template.refresh()
    assert.include(template.html_content, '{{migration_reference}}')
    assert.match(template.html_content, /<(b|strong)>\{\{migration_reference\}\}<\/(b|strong)>/)

    await page.getByTestId('template-activate').click()
    await page.getByText('Template activated successfully').waitFor()
    await page.getByTestId('template-status').getByText('Active', { exact: true }).waitFor()
    assert.equal(await page.getByTestId('template-activate').count(), 0)
    // One active version per type and language: the English one is this template now.
    const active = await EmailTemplate.query()
      .where('template_type', 'migration_confirmation')
      .where('language', 'en')
      .where('is_active', true)
    assert.deepEqual(
      active.map((t) => t.id),
      [template.id]
    )
    await screenshot(page, 'config-email-template-view')
  })

  test('changing BRAND_PRIMARY_COLOR recolours the shop login button', async ({
    assert,
    cleanup,
  }) => {
    // Its own page: the app keeps the branding it was given, and this one changes it.
    const { context, page } = await newPage()
    cleanup(() => context.close())
    await loginAsAdmin(page, '/admin/settings')
    const input = page.getByTestId('setting-BRAND_PRIMARY_COLOR')
    await input.fill('#c2185b')
    await page.getByTestId('settings-save').click()
    await page.getByText('Settings saved successfully').waitFor()
    await page.getByText('Branding updated - changes will be reflected immediately').waitFor()
    await screenshot(page, 'config-settings')
    await page.getByTestId('settings-save').click()
    await page.getByText('No changes to save').waitFor()

    const shop = await context.newPage()
    await shop.goto('/shop/login')
    const button = shop.getByTestId('login-button')
    await shop.waitForFunction(
      () =>
        getComputedStyle(document.querySelector('[data-testid="login-button"]')!)
          .backgroundColor === 'rgb(194, 24, 91)'
    )
    assert.equal(
      await button.evaluate((el) => getComputedStyle(el).backgroundColor),
      'rgb(194, 24, 91)'
    )
  })

  test('currencies and doc templates screens', async () => {
    const page = await adminScreen('currencies')
    await page.getByTestId('currency-row-EUR').waitFor()
    await screenshot(page, 'config-currencies')
    await goToScreen(page, 'templates')
    await page.getByTestId('doc-templates-table').waitFor()
    await screenshot(page, 'config-doc-templates')
  })
  test('an invalid plan id shows the hint and the enrolment note; the end date may equal the start date', async ({
    assert,
  }) => {
    const silver = await Product.findByOrFail('product_name', 'Global Health Silver')
    const page = await adminScreen('products')
    const card = page.getByTestId(`product-card-${silver.id}`)
    await card.getByTestId('plan-id').fill('not-a-uuid')
    assert.equal(
      await card.getByTestId('plan-id-hint').textContent(),
      'Invalid UUID format. Expected format: xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx'
    )
    assert.equal(
      await card.getByTestId('plan-id-note').textContent(),
      'The plan id is required for automated enrolment after payment.'
    )

    // Dates are typed in DATE_FORMAT (DD.MM.YYYY). The end-date minimum is today without a start date,
    // then the start date: an earlier date is refused on the field.
    const endDate = card.getByTestId('fixed-end-date')
    await endDate.fill(DateTime.now().minus({ days: 1 }).toFormat('dd.MM.yyyy'))
    await card.getByTestId('product-save').click()
    await card
      .getByText(`The date cannot be before ${DateTime.now().toFormat('dd.MM.yyyy')}`)
      .waitFor()
    assert.equal(await endDate.getAttribute('aria-invalid'), 'true')
    await card.getByTestId('fixed-start-date').fill('01.03.2027')
    await endDate.fill('28.02.2027')
    await card.getByTestId('product-save').click()
    await card.getByText('The date cannot be before 01.03.2027').waitFor()
    await endDate.fill('01.03.2027')
    await screenshot(page, 'config-products-plan-hint')
    await card.getByTestId('product-save').click()
    await page.getByText('Product updated successfully').waitFor()
    await silver.refresh()
    assert.equal(silver.plan_id, 'not-a-uuid')
    assert.equal(silver.fixed_start_date?.toISODate(), '2027-03-01')
    assert.equal(silver.fixed_end_date?.toISODate(), '2027-03-01')
  })

  test('a refused override shows the exact failure toast and the server reason as its own toast', async ({
    assert,
  }) => {
    const carlos = await Member.findByOrFail('member_id', 'DEMO-1002')
    await EmailOverride.create({
      member_id: carlos.id,
      override_email: 'first@example.com',
      created_by: 'admin',
    })
    const page = await adminScreen('email-overrides')
    await page.getByTestId('add-override').click()
    await page.getByTestId('member-search').fill('rivera')
    await page.getByTestId('member-search-results').getByText('Carlos Rivera (DEMO-1002)').click()
    await page.getByTestId('override-email').fill('second@example.com')
    await page.getByTestId('override-submit').click()
    await page.getByText('Failed to create email override', { exact: true }).waitFor()
    await page
      .getByText('An email override already exists for this member', { exact: true })
      .waitFor()
    assert.equal(await page.getByText(/Failed to create email override:/).count(), 0)
    await page.waitForTimeout(400) // let the toasts finish sliding in for the screenshot
    await screenshot(page, 'config-overrides-refused')
    assert.equal(
      (await EmailOverride.findByOrFail('member_id', carlos.id)).override_email,
      'first@example.com'
    )
  })

  test('Clear Cache reloads the settings and the branding at once', async ({ assert, cleanup }) => {
    // Its own page: the branding it reloads stays in the app.
    const { context, page } = await newPage()
    cleanup(() => context.close())
    await loginAsAdmin(page, '/admin/settings')
    await page.getByTestId('setting-BRAND_NAME').waitFor()
    // A change made outside the screen (another process, a script): the cached branding does not know it yet.
    await Setting.query()
      .where('setting_key', 'BRAND_NAME')
      .update({ setting_value: 'Cleared Cache Insurance' })
    await page.getByTestId('settings-clear-cache').click()
    await page.getByText('Settings cache cleared', { exact: true }).waitFor()
    assert.equal(
      await page.getByTestId('setting-BRAND_NAME').inputValue(),
      'Cleared Cache Insurance'
    )
    assert.equal(
      await page.getByTestId('admin-brand-name').textContent(),
      'Cleared Cache Insurance'
    )
    await screenshot(page, 'config-settings-clear-cache')
  })

  test('EMAIL_OVERRIDE_RECIPIENT set in the environment is flagged on the (still editable) setting', async ({
    assert,
    cleanup,
  }) => {
    env.set('EMAIL_OVERRIDE_RECIPIENT', 'env-qa@example.com')
    cleanup(() => env.set('EMAIL_OVERRIDE_RECIPIENT', ''))
    const page = await adminScreen('settings')
    await page.getByTestId('setting-EMAIL_OVERRIDE_RECIPIENT-environment').waitFor()
    await page
      .getByText(
        'The EMAIL_OVERRIDE_RECIPIENT environment variable is set on the server and wins over this value; the value below applies again once the variable is removed.'
      )
      .waitFor()
    assert.isTrue(await page.getByTestId('setting-EMAIL_OVERRIDE_RECIPIENT').isEditable())
    assert.equal(await page.getByTestId('setting-ADMIN_NOTIFICATION_EMAIL-environment').count(), 0)
    await page
      .getByTestId('settings-category-email')
      .screenshot({ path: 'tmp/screenshots/config-settings-environment.png' })
  })

  test('the scheduler chip says why rates do not refresh here, and when another process refreshes them', async ({
    assert,
  }) => {
    const page = await adminScreen('currencies')
    // Tests run no background tasks and set no provider URL.
    assert.equal(
      await page.getByTestId('scheduler-status').textContent(),
      'Auto-refresh: not running (background tasks are off) — stored rates serve'
    )
    const stamp = DateTime.utc().minus({ minutes: 1 }).toFormat('yyyy-MM-dd HH:mm:ss')
    await db.table('scheduler_locks').insert({
      name: 'refresh_exchange_rates',
      owner: 'other-process',
      locked_until: stamp,
      last_run_at: stamp,
    })
    await page.reload()
    assert.equal(
      await page.getByTestId('scheduler-status').textContent(),
      'Auto-refresh every 5 minutes: running in another process'
    )
    await screenshot(page, 'config-currencies-scheduler')
  })

  test('the type of the active email template cannot be changed in the form', async ({
    assert,
  }) => {
    const active = await EmailTemplate.query()
      .where('template_type', 'admin_notification')
      .where('is_active', true)
      .firstOrFail()
    const page = await adminScreen('email-templates')
    await page.getByTestId('template-list').getByText(active.name).click()
    await page.getByTestId('template-edit').click()
    assert.equal(
      await page.getByRole('combobox', { name: 'Template type' }).getAttribute('aria-disabled'),
      'true'
    )
    await page
      .getByText(
        'The active template keeps its type: activate another template of this type first.'
      )
      .waitFor()
  })
})
