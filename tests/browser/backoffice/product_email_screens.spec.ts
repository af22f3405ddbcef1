/// <reference lib="dom" />
import { test } from '@japa/runner'
import type { Locator, Page } from 'playwright-core'
import db from '@adonisjs/lucid/services/db'
import { isolateEachTest } from '#tests/helpers/database'
import { newPage, screenshot } from '#tests/helpers/browser'
import { loginAsAdmin } from '#tests/helpers/browser_sessions'
import { axeViolations } from '#tests/helpers/axe'
import { htmlcsErrors } from '#tests/helpers/htmlcs'
import { EmailOverride, EmailTemplate } from '#modules/notifications/index'
import { Member } from '#modules/members/index'
import { Product } from '#modules/catalog/index'
import { Setting, settingsService } from '#modules/settings/index'

/** The list call of each screen, what its error says, its empty state and what shows once loaded. */
const SCREENS = [
  {
    screen: 'products',
    api: '/api/admin/products',
    what: 'products',
    empty: 'products-empty',
    loading: 'products-loading',
    ready: '[data-testid^="product-card-"]',
  },
  {
    screen: 'email-templates',
    api: '/api/admin/email-templates',
    what: 'email templates',
    empty: 'templates-empty',
    loading: 'templates-loading',
    ready: '[data-testid="template-list"]',
  },
  {
    screen: 'email-overrides',
    api: '/api/admin/email-overrides',
    what: 'email overrides',
    empty: 'overrides-empty',
    loading: 'overrides-loading',
    ready: '[data-testid="overrides-empty"]',
  },
]

const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]

/** Makes the list call fail (HTTP 500) until `restore` is called. */
async function failList(page: Page, path: string) {
  const matches = (url: URL) => url.pathname === path
  const handler = (route: any) =>
    route.request().method() === 'GET'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ success: false, error: 'Internal server error' }),
        })
      : route.continue()
  await page.route(matches, handler)
  return () => page.unroute(matches, handler)
}

/** axe and HTML_CodeSniffer on the page or an open dialog, after MUI's transitions. */
async function assertAccessible(assert: any, page: Page, label: string, include?: string) {
  await page.waitForTimeout(400)
  // The email templates' sandboxed frames hold the administrator's HTML, not the back-office's UI.
  assert.deepEqual(await axeViolations(page, include, { iframes: false }), [], label)
  // Likewise the editor's content: the template's own HTML (layout tables with headings), not the UI.
  assert.deepEqual(
    await htmlcsErrors(page, include, { exclude: '[data-testid="rich-text-editor"]' }),
    [],
    `${label} (HTML_CodeSniffer)`
  )
}

/** WCAG 2.5.3 label-in-name on the variable chips: a chip's name, if it has one, starts with its visible text. */
async function chipsNamedByTheirText(assert: any, page: Page) {
  const chips = page.locator('.MuiChip-root').filter({ hasText: /^\{\{\w+\}\}$/ })
  await chips.first().waitFor()
  const names = await chips.evaluateAll((elements) =>
    elements.map((chip) => [
      chip.textContent ?? '',
      chip.getAttribute('aria-label') ?? chip.textContent ?? '',
    ])
  )
  assert.isAbove(names.length, 0)
  for (const [visible, name] of names)
    assert.isTrue(name.startsWith(visible), `chip "${visible}" is named "${name}"`)
}

/** Waits until an input shows the value (the formatting settings load after the first render). */
async function waitForValue(page: Page, input: Locator, value: string) {
  await input.waitFor()
  await page.waitForFunction(
    ([element, expected]) => (element as HTMLInputElement).value === expected,
    [await input.elementHandle(), value] as const
  )
}

async function setDateFormat(format: string) {
  await Setting.query().where('setting_key', 'DATE_FORMAT').update({ setting_value: format })
  settingsService.clearCache()
}

test.group('Back-office Products, Email Templates, Email Overrides on react-admin', (group) => {
  isolateEachTest(group)
  group.each.setup(() => () => settingsService.clearCache())

  test('{screen}: an API failure shows the error state with Retry, not the empty text')
    .with(SCREENS)
    .run(async ({ assert, cleanup }, { screen, api, what, empty, ready }) => {
      const { context, page } = await newPage({ viewport: { width: 1280, height: 900 } })
      cleanup(() => context.close())
      await loginAsAdmin(page)
      const restore = await failList(page, api)
      await page.goto(`/admin/${screen}`)
      await page.getByTestId('list-error').waitFor()
      assert.include(
        await page.getByTestId('list-error').textContent(),
        `Could not load ${what}: Internal server error`
      )
      assert.equal(await page.getByTestId(empty).count(), 0)
      assert.equal(
        new URL(page.url()).pathname,
        `/admin/${screen}`,
        'still signed in, on the screen'
      )
      await screenshot(page, `ra-${screen}-error`)
      await restore()
      await page.getByTestId('list-retry').click()
      await page.locator(ready).first().waitFor()
      assert.equal(await page.getByTestId('list-error').count(), 0)
    })

  test('{screen}: a slow API shows loading, not the empty text')
    .with(SCREENS)
    .run(async ({ assert, cleanup }, { screen, api, empty, loading, ready }) => {
      const { context, page } = await newPage({ viewport: { width: 1280, height: 900 } })
      cleanup(() => context.close())
      await loginAsAdmin(page)
      let release = () => {}
      const held = new Promise<void>((resolve) => (release = resolve))
      await page.route(
        (url) => url.pathname === api,
        async (route) => {
          await held
          await route.continue()
        }
      )
      await page.goto(`/admin/${screen}`)
      await page.getByTestId(loading).waitFor()
      await page.getByTestId('list-loading').waitFor()
      await page.waitForTimeout(1200)
      assert.equal(await page.getByTestId(empty).count(), 0)
      release()
      await page.locator(ready).first().waitFor()
      assert.equal(await page.getByTestId(loading).count(), 0)
    })

  test('products: leaving with unsaved changes asks; cancelling keeps the edit, saving ends the question', async ({
    assert,
    cleanup,
  }) => {
    const silver = await Product.findByOrFail('product_name', 'Global Health Silver')
    const { context, page } = await newPage({ viewport: { width: 1280, height: 900 } })
    cleanup(() => context.close())
    await loginAsAdmin(page, '/admin/products')
    const card = page.getByTestId(`product-card-${silver.id}`)
    await card.getByLabel('Product alias').fill('Silver Plus')
    const questions: string[] = []
    // Waited for, not slept on: under load the question came later than a fixed 500 ms.
    const question = page.waitForEvent('dialog')
    await page.getByTestId('admin-sidebar').getByRole('menuitem', { name: 'Migrations' }).click()
    const leaving = await question
    questions.push(leaving.message())
    await leaving.dismiss()
    assert.lengthOf(questions, 1)
    assert.equal(new URL(page.url()).pathname, '/admin/products')
    assert.equal(
      await card.getByLabel('Product alias').inputValue(),
      'Silver Plus',
      'the edit is kept'
    )

    await card.getByTestId('product-save').click()
    await page.getByText('Product updated successfully').waitFor()
    await silver.refresh()
    assert.equal(silver.product_alias, 'Silver Plus')
    page.once('dialog', (dialog) => {
      questions.push(dialog.message())
      void dialog.accept()
    })
    await page.getByTestId('admin-sidebar').getByRole('menuitem', { name: 'Migrations' }).click()
    await page.waitForURL('**/admin/migrations')
    assert.lengthOf(questions, 1, 'nothing unsaved: no question')
  })

  test('products: a refusal the server names (422) is shown on its field, nothing saved', async ({
    assert,
    cleanup,
  }) => {
    const silver = await Product.findByOrFail('product_name', 'Global Health Silver')
    const { context, page } = await newPage({ viewport: { width: 1280, height: 900 } })
    cleanup(() => context.close())
    await loginAsAdmin(page, '/admin/products')
    const card = page.getByTestId(`product-card-${silver.id}`)
    const planId = card.getByTestId('plan-id')
    await planId.fill('x'.repeat(70))
    await card.getByTestId('product-save').click()
    await card.locator('[data-testid="plan-id"][aria-invalid="true"]').waitFor()
    const describedBy = await planId.getAttribute('aria-describedby')
    assert.include(await page.locator(`[id="${describedBy}"]`).textContent(), '64')
    assert.equal(await page.getByText('Product updated successfully').count(), 0)
    await silver.refresh()
    assert.notEqual(silver.plan_id, 'x'.repeat(70))
    await screenshot(page, 'ra-products-field-error')
  })

  test('products: the date inputs show and accept DATE_FORMAT (DD.MM.YYYY, then MM/DD/YYYY)', async ({
    assert,
    cleanup,
  }) => {
    const silver = await Product.findByOrFail('product_name', 'Global Health Silver')
    await db
      .from('products')
      .where('id', silver.id)
      .update({ fixed_start_date: '2027-03-01', fixed_end_date: null })
    await setDateFormat('DD.MM.YYYY')
    const { context, page } = await newPage({ viewport: { width: 1280, height: 900 } })
    cleanup(() => context.close())
    await loginAsAdmin(page, '/admin/products')
    const card = page.getByTestId(`product-card-${silver.id}`)
    const start = card.getByTestId('fixed-start-date')
    const end = card.getByTestId('fixed-end-date')
    await waitForValue(page, start, '01.03.2027')
    assert.equal(await end.getAttribute('placeholder'), 'DD.MM.YYYY')

    await end.fill('31.02.2027')
    await card.getByTestId('product-save').click()
    await card.getByText('Enter the date as DD.MM.YYYY').waitFor()
    assert.equal(await end.getAttribute('aria-invalid'), 'true')
    await end.fill('28.02.2027')
    await card.getByTestId('product-save').click()
    await card.getByText('The date cannot be before 01.03.2027').waitFor()
    await end.fill('15.06.2027')
    await card.getByTestId('product-save').click()
    await page.getByText('Product updated successfully').waitFor()
    await silver.refresh()
    assert.equal(silver.fixed_end_date?.toISODate(), '2027-06-15')
    await screenshot(page, 'ra-products-date-format')

    await setDateFormat('MM/DD/YYYY')
    await page.reload()
    await waitForValue(page, end, '06/15/2027') // once the shell has loaded the formatting settings
    assert.equal(await start.inputValue(), '03/01/2027')
    await start.fill('04/30/2027')
    await card.getByTestId('product-save').click()
    await page.getByText('Product updated successfully').waitFor()
    await silver.refresh()
    assert.equal(silver.fixed_start_date?.toISODate(), '2027-04-30')
  })

  test('email overrides: a 422 the server names is shown on its field with the spec toast; the edit dialog updates', async ({
    assert,
    cleanup,
  }) => {
    const carlos = await Member.findByOrFail('member_id', 'DEMO-1002')
    await EmailOverride.create({
      member_id: carlos.id,
      override_email: 'first@example.com',
      created_by: 'admin',
    })
    const { context, page } = await newPage({ viewport: { width: 1280, height: 900 } })
    cleanup(() => context.close())
    await loginAsAdmin(page, '/admin/email-overrides')
    const card = page.getByTestId('override-card-DEMO-1002')
    await card.getByRole('button', { name: 'Edit override' }).click()
    const dialog = page.getByTestId('override-dialog')
    await dialog.getByTestId('override-member').getByText('Carlos Rivera').waitFor()
    await dialog.getByTestId('override-email').fill('')
    await dialog.getByTestId('override-submit').click()
    await dialog.getByText('Please enter an override email').waitFor()
    await dialog.getByTestId('override-email').fill('qa@example..com')
    await dialog.getByTestId('override-submit').click()
    await page.getByText('Failed to update email override', { exact: true }).waitFor()
    await dialog.locator('[data-testid="override-email"][aria-invalid="true"]').waitFor()
    assert.equal(
      (await EmailOverride.findByOrFail('member_id', carlos.id)).override_email,
      'first@example.com'
    )
    await dialog.getByTestId('override-email').fill('second@example.com')
    await dialog.getByTestId('override-submit').click()
    await page.getByText('Email override updated successfully').waitFor()
    await card.getByText('second@example.com').waitFor()
    assert.equal(
      (await EmailOverride.findByOrFail('member_id', carlos.id)).override_email,
      'second@example.com'
    )
  })

  /** Signed in at 1280 px (the sidebar is a closed drawer at 390 px), then at the width under test. */
  async function adminAt(
    viewport: { width: number; height: number },
    cleanup: (fn: () => Promise<void>) => void
  ) {
    const { context, page } = await newPage({ viewport: { width: 1280, height: 900 } })
    cleanup(() => context.close())
    await loginAsAdmin(page)
    await page.setViewportSize(viewport)
    return page
  }

  test('axe finds no violations on Products at {width} px')
    .with(WIDTHS)
    .run(async ({ assert, cleanup }, viewport) => {
      const page = await adminAt(viewport, cleanup)
      await page.goto('/admin/products')
      await page.locator('[data-testid^="product-card-"]').first().waitFor()
      await screenshot(page, `ra-products-${viewport.width}`)
      await assertAccessible(assert, page, `products ${viewport.width}`)
    })

  test('axe finds no violations on Email Overrides and its dialogs at {width} px')
    .with(WIDTHS)
    .run(async ({ assert, cleanup }, viewport) => {
      const w = viewport.width
      const page = await adminAt(viewport, cleanup)
      await page.goto('/admin/email-overrides')
      await page.getByTestId('overrides-empty').waitFor()
      await assertAccessible(assert, page, `overrides empty ${w}`)
      await page.getByTestId('add-override').click()
      await page.getByTestId('override-submit').click()
      await page.getByTestId('override-error').waitFor()
      await page.getByTestId('member-search').fill('rivera')
      await page.getByTestId('member-search-results').waitFor()
      await screenshot(page, `ra-override-add-${w}`)
      await assertAccessible(assert, page, `override add dialog ${w}`, '[role="dialog"]')
      await page.getByTestId('member-search-results').getByText('Carlos Rivera (DEMO-1002)').click()
      await page.getByTestId('override-email').fill('qa@example.com')
      await page.getByTestId('override-submit').click()
      await page.getByText('Email override created successfully').waitFor()
      await page.getByTestId('override-card-DEMO-1002').waitFor()
      await page.getByTestId('override-dialog').waitFor({ state: 'detached' })
      await screenshot(page, `ra-overrides-${w}`)
      await assertAccessible(assert, page, `overrides list ${w}`)
      await page.getByRole('button', { name: 'Edit override' }).click()
      await page.getByTestId('override-dialog').waitFor()
      await assertAccessible(assert, page, `override edit dialog ${w}`, '[role="dialog"]')
      await page.getByTestId('override-dialog').getByRole('button', { name: 'Cancel' }).click()
      await page.getByTestId('override-dialog').waitFor({ state: 'detached' })
      await page.getByRole('button', { name: 'Delete override' }).click()
      await page.getByTestId('confirm-dialog').waitFor()
      await assertAccessible(assert, page, `override delete confirmation ${w}`, '[role="dialog"]')
    })

  test('axe finds no violations on Email Templates, its forms and dialogs at {width} px')
    .with(WIDTHS)
    .run(async ({ assert, cleanup }, viewport) => {
      const w = viewport.width
      const template = await EmailTemplate.create({
        template_type: 'migration_confirmation',
        name: 'Spring campaign',
        subject: 'Hello {{member_name}}',
        html_content: '<p>Dear {{member_name}},</p>',
        is_active: false,
      })
      const page = await adminAt(viewport, cleanup)
      await page.goto('/admin/email-templates')
      await page.getByTestId('template-list').waitFor()
      await assertAccessible(assert, page, `email templates ${w}`)
      await page.getByTestId('template-list').getByText(template.name).click()
      await page.getByTestId('template-view').waitFor()
      await screenshot(page, `ra-email-template-view-${w}`)
      await assertAccessible(assert, page, `email template view ${w}`)
      await page.getByTestId('template-view-preview').click()
      await page.getByTestId('preview-subject').waitFor()
      await screenshot(page, `ra-email-template-preview-${w}`)
      await assertAccessible(assert, page, `email template preview ${w}`, '[role="dialog"]')
      await page.getByTestId('preview-dialog').getByRole('button', { name: 'Close' }).click()
      await page.getByTestId('preview-dialog').waitFor({ state: 'detached' })
      await page.getByTestId('template-edit').click()
      await page.getByTestId('rich-text-editor').waitFor()
      await screenshot(page, `ra-email-template-edit-${w}`)
      await chipsNamedByTheirText(assert, page)
      await assertAccessible(assert, page, `email template edit ${w}`)
      // An active template's form: its type is locked, with a disabled field's helper text (contrast).
      await page.getByTestId('template-cancel').click()
      await page.getByTestId('template-list').getByText('Active', { exact: true }).first().click()
      await page.getByTestId('template-edit').click()
      await page.getByText('The active template keeps its type').waitFor()
      await assertAccessible(assert, page, `active email template edit ${w}`)
      await page.getByTestId('template-new').click()
      await page.getByTestId('template-name').waitFor()
      await page.getByTestId('template-save').click()
      await page.getByText('Please fill in all required fields').first().waitFor()
      await assertAccessible(assert, page, `email template new ${w}`)
      await page.getByTestId('template-cancel').click()
      await page.getByTestId('template-list').getByText(template.name).click()
      await page.getByTestId('template-delete').click()
      await page.getByTestId('confirm-dialog').waitFor()
      await assertAccessible(
        assert,
        page,
        `email template delete confirmation ${w}`,
        '[role="dialog"]'
      )
    })
})
