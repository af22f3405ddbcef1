/// <reference lib="dom" />
import { test } from '@japa/runner'
import { isolateEachTest } from '#tests/helpers/database'
import { newPage, screenshot } from '#tests/helpers/browser'
import { loginAsAdmin } from '#tests/helpers/browser_sessions'
import { EmailTemplate } from '#modules/notifications/index'

test.group('Hostile content in the browser', (group) => {
  isolateEachTest(group)

  test('a stored template with a meta refresh, opened in Edit, keeps the admin on the page', async ({
    assert,
    cleanup,
  }) => {
    // Written straight to the table, as a template saved before the server sanitiser would be.
    await EmailTemplate.create({
      template_type: 'migration_confirmation',
      name: 'Hostile template',
      subject: 'Hi',
      html_content:
        '<meta http-equiv="refresh" content="0;url=/shop/login"><p>Dear {{member_name}},</p><div style="position:fixed;top:0;left:0;right:0;bottom:0;z-index:99999;background:#f00" data-testid="overlay">x</div><img src="x" onerror="document.title=\'owned\'">',
      is_active: false,
    })
    const { context, page } = await newPage()
    cleanup(() => context.close())
    await loginAsAdmin(page, '/admin/email-templates')
    await page.getByTestId('template-list').getByText('Hostile template').click()
    await page.getByTestId('template-edit').click()
    const editor = page.getByTestId('rich-text-editor')
    await editor.getByText('Dear {{member_name}},').waitFor()
    // A refresh of 0 s would have fired by now; give it time anyway.
    await page.waitForTimeout(1500)
    assert.match(page.url(), /\/admin\/email-templates/)
    assert.equal(await editor.locator('meta').count(), 0)
    assert.notEqual(await page.title(), 'owned')
    assert.equal(
      await editor.locator('[data-testid=overlay]').evaluate((el) => getComputedStyle(el).position),
      'static'
    )
    await screenshot(page, 'security-template-meta-refresh')
  })

  test('no request to js.stripe.com on /shop/login', async ({ assert, cleanup }) => {
    const { context, page } = await newPage()
    cleanup(() => context.close())
    const stripeRequests: string[] = []
    await context.route('**/*', (route) => {
      const url = route.request().url()
      if (/stripe\.com/.test(new URL(url).hostname)) {
        stripeRequests.push(url)
        return route.abort()
      }
      return route.continue()
    })
    await page.goto('/shop/login?token=not-a-real-token')
    await page.getByTestId('token-login-button').waitFor()
    await page.waitForLoadState('networkidle')
    assert.deepEqual(stripeRequests, [])
    // The CSP would block the request anyway: the script must not even be injected.
    assert.equal(await page.locator('script[src*="stripe"]').count(), 0)
  })
})
