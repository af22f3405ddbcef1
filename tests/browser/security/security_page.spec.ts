/// <reference lib="dom" />
import { test } from '@japa/runner'
import { isolateEachTest, TEST_ADMIN } from '#tests/helpers/database'
import { newPage, screenshot } from '#tests/helpers/browser'
import { axeViolations } from '#tests/helpers/page_checks'
import { CookieClient } from '#tests/helpers/cookie_client'

/*
| The Security page: one page load, axe at 390 and 1280 px, and "Sign out this
| one" ends the other device (which then gets 401) while this one stays.
*/
test.group('Security page', (group) => {
  isolateEachTest(group)

  test('lists this device and another, signs the other out, and axe finds nothing at 390 and 1280 px', async ({
    assert,
    cleanup,
  }) => {
    const phone = new CookieClient()
    assert.equal((await phone.post('/api/admin/login', TEST_ADMIN)).status, 200)
    const { context, page } = await newPage({ viewport: { width: 390, height: 860 } })
    cleanup(() => context.close())
    const request = context.request
    await request.get('/api/health')
    const xsrf = (await context.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')
    const signIn = await request.post('/api/admin/login', {
      data: TEST_ADMIN,
      headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf?.value ?? '') },
    })
    assert.equal(signIn.status(), 200)

    await page.goto('/admin/security')
    const rows = page.getByTestId('security-session-row')
    await rows.nth(1).waitFor()
    await page.getByTestId('security-sign-ins').waitFor()
    const problems = (await axeViolations(page)).map((line) => `390: ${line}`)
    await screenshot(page, 'security-390')
    await page.setViewportSize({ width: 1280, height: 860 })
    problems.push(...(await axeViolations(page)).map((line) => `1280: ${line}`))
    await screenshot(page, 'security-1280')
    assert.deepEqual(problems, [])

    const other = rows.filter({ hasNot: page.getByText('This device') }).first()
    await other.getByRole('button', { name: /^Sign out this one/ }).click()
    await page.getByText('The session was signed out').waitFor()
    assert.equal((await phone.get('/api/admin/me')).status, 401, 'the other device is signed out')
    await rows.nth(1).waitFor({ state: 'detached' })
    assert.equal(await rows.count(), 1)
  }).timeout(120000)
})
