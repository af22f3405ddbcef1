/// <reference lib="dom" />
import { test } from '@japa/runner'
import type { ConsoleMessage } from 'playwright-core'
import db from '@adonisjs/lucid/services/db'
import { isolateEachTest } from '#tests/helpers/database'
import { baseUrl, newPage, screenshot } from '#tests/helpers/browser'
import { startSmtpCapture } from '#tests/helpers/smtp_capture'
import { settingsService } from '#modules/settings/index'
import {
  liftSeededBlocks,
  openUnmigratedUsers,
  userRow as row,
  useTestServerAsFrontendUrl,
} from './unmigrated_page.js'

test.group('Unmigrated users: secure links and invitations', (group) => {
  isolateEachTest(group)
  group.each.teardown(() => settingsService.clearCache())

  test('a generated link is copied, opened in a fresh browser and signs the member in with the birth year', async ({
    assert,
    cleanup,
  }) => {
    await useTestServerAsFrontendUrl()
    const page = await openUnmigratedUsers()
    await page
      .context()
      .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() })
    // Principals only, not migrated (DEMO-1002), not on a disabled product (DEMO-1004).
    assert.deepEqual(
      await page
        .getByTestId('unmigrated-row')
        .evaluateAll((rows) => rows.map((el) => el.getAttribute('data-member-id'))),
      ['DEMO-1001', 'DEMO-1005', 'DEMO-1003']
    )
    assert.equal(await page.getByTestId('unmigrated-count').textContent(), '3 users')

    const anna = row(page, 'DEMO-1001')
    await anna.getByTestId('generate-link').click()
    const shown = anna.getByTestId('secure-link')
    await shown.waitFor()
    const link = (await shown.getAttribute('title'))!
    assert.match(
      link,
      new RegExp(`^${baseUrl().replace(/\./g, '\\.')}/shop/login\\?token=[A-Za-z0-9_-]{43}$`)
    )
    await anna.getByTestId('copy-link').click()
    await page.getByText('Secure link copied to clipboard!').waitFor()
    const copied = await page.evaluate(() => navigator.clipboard.readText())
    assert.equal(copied, link)
    await screenshot(page, 'ops-unmigrated-link')

    const member = await newPage({ viewport: { width: 1280, height: 800 } })
    cleanup(() => member.context.close())
    await member.page.goto(copied)
    await member.page.getByTestId('birth-year-input').fill('1980')
    await member.page.getByTestId('token-login-button').click()
    await member.page.getByText('Welcome, Anna Schmidt!').waitFor()
    await member.page.waitForURL('**/shop/dashboard')
    await member.page.getByTestId('dashboard-title').waitFor()

    // The link is single use (the same device, signed out).
    await member.context.clearCookies()
    await member.page.evaluate(() => localStorage.clear())
    await member.page.goto(copied)
    await member.page.getByTestId('birth-year-input').fill('1980')
    await member.page.getByTestId('token-login-button').click()
    await member.page
      .locator('.notistack-MuiContent')
      .getByText(
        'This secure link is invalid or has expired. Please sign in with your member ID and date of birth.'
      )
      .waitFor()
  })

  test('bulk generation reports the count and expiry; copying a row whose link was made earlier makes a new one', async ({
    assert,
  }) => {
    await liftSeededBlocks()
    const page = await openUnmigratedUsers()
    await page
      .context()
      .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() })
    await page.getByTestId('generate-all-links').click()
    await page.getByTestId('confirm-dialog').locator('.ra-confirm').click()
    await page.getByText('Generated 3 secure tokens (expires in 14 days)!').waitFor()
    assert.lengthOf(await page.getByTestId('secure-link').all(), 3)

    // A new visit no longer knows the links (only hashes are stored): the row shows its validity.
    await page.reload()
    await row(page, 'DEMO-1003')
      .getByText(/^Link valid until \d{2}\.\d{2}\.\d{4}$/)
      .waitFor()
    await screenshot(page, 'ops-unmigrated-valid-links')
    // Copying replaces a link that may already have been emailed: the screen asks first.
    const liveTokens = () =>
      db
        .from('migration_tokens')
        .whereNull('revoked_at')
        .whereNull('used_at')
        .count('* as total')
        .first()
    const before = Number((await liveTokens()).total)
    await row(page, 'DEMO-1003').getByTestId('copy-link').click()
    const question = page.getByTestId('confirm-dialog')
    await question.waitFor()
    assert.match(
      (await question.locator('.MuiDialogContentText-root').textContent())!,
      /^This replaces the link sent on \d{2}\.\d{2}\.\d{4}: /
    )
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Cancel' }).click()
    await question.waitFor({ state: 'detached' })
    assert.equal(Number((await liveTokens()).total), before, 'cancelling keeps the emailed link')
    await row(page, 'DEMO-1003').getByTestId('copy-link').click()
    await page.getByTestId('confirm-dialog').locator('.ra-confirm').click()
    await page.getByText('Secure link copied to clipboard!').waitFor()
    assert.match(
      await page.evaluate(() => navigator.clipboard.readText()),
      /\/shop\/login\?token=[A-Za-z0-9_-]{43}$/
    )
    await row(page, 'DEMO-1003').getByTestId('secure-link').waitFor()
  })

  test('invitations: a selection is required, the dialog asks, sent, failed and skipped are reported', async ({
    assert,
    cleanup,
  }) => {
    await liftSeededBlocks()
    const smtp = await startSmtpCapture({ refuse: ['priya.n@example.com'] })
    cleanup(() => smtp.stop())
    const page = await openUnmigratedUsers()
    const consoleErrors: string[] = []
    const onConsole = (message: ConsoleMessage) =>
      message.type() === 'error' && consoleErrors.push(message.text())
    page.on('console', onConsole)
    cleanup(() => void page.off('console', onConsole))

    await page.getByTestId('send-invitations').click()
    await page.getByText('Please select at least one user').waitFor()

    await page.getByTestId('select-all').click()
    assert.equal(await page.getByTestId('send-invitations').textContent(), 'Send Invitations (3)')
    await page.getByTestId('send-invitations').click()
    const dialog = page.getByTestId('confirm-dialog')
    await dialog.waitFor()
    assert.equal(
      (await dialog.locator('.MuiDialogContentText-root').textContent())?.trim(),
      'Send a migration invitation with a new secure login link to 3 selected members? Their earlier links stop working. Members without an email address are skipped.'
    )
    await page.waitForTimeout(300) // the dialog's fade-in
    await screenshot(page, 'ops-unmigrated-invite-confirm')
    await page.getByTestId('confirm-dialog').locator('.ra-confirm').click()

    // Anna accepted, Priya refused by the mail server, Emma has no email.
    await page.getByText('Successfully sent 1 emails!').waitFor()
    await page.getByText('Failed to send 1 emails. Check console for details.').waitFor()
    await page.getByText('1 member without an email address was skipped').waitFor()
    assert.deepEqual(
      smtp.received.map((mail) => (mail.to && 'value' in mail.to ? mail.to.value[0].address : '')),
      ['anna.schmidt@corp.example.com']
    )
    assert.isTrue(consoleErrors.some((text) => text.includes('Invitation failures')))
    await screenshot(page, 'ops-unmigrated-invite-result')
    assert.equal(await page.getByTestId('send-invitations').textContent(), 'Send Invitations')
  })

  test('a blocked member (the seeded DEMO-1003) is marked, gets no link, and is skipped by bulk links and invitations', async ({
    assert,
    cleanup,
  }) => {
    const smtp = await startSmtpCapture()
    cleanup(() => smtp.stop())
    const page = await openUnmigratedUsers()
    const priya = row(page, 'DEMO-1003')
    await priya.getByTestId('unmigrated-blocked').waitFor()
    assert.isTrue(await priya.getByTestId('copy-link').isDisabled())
    assert.equal(await priya.getByTestId('generate-link').count(), 0)

    await page.getByTestId('generate-all-links').click()
    // The blocked member is not counted in the question.
    await page
      .getByTestId('confirm-dialog')
      .getByText(/^2 new secure links will be issued/)
      .waitFor()
    await page.getByTestId('confirm-dialog').locator('.ra-confirm').click()
    await page.getByText('Generated 2 secure tokens (expires in 14 days)!').waitFor()
    const priyaId = (await db.from('members').where('member_id', 'DEMO-1003').first()).id
    assert.equal(
      Number(
        (await db.from('migration_tokens').where('member_id', priyaId).count('* as n').first()).n
      ),
      0
    )

    await page.getByTestId('select-all').click()
    await page.getByTestId('send-invitations').click()
    await page.getByTestId('confirm-dialog').locator('.ra-confirm').click()
    await page.getByText('Successfully sent 1 emails!').waitFor()
    await page.getByText('1 blocked member was skipped').first().waitFor()
    assert.notInclude(
      smtp.received.map((mail) => (mail.to && 'value' in mail.to ? mail.to.value[0].address : '')),
      'priya.n@example.com'
    )
    await screenshot(page, 'ra-unmigrated-blocked')
  })

  test('Generate Links asks first, saying how many links for the listed members and that their links stop working; it acts on the search only', async ({
    assert,
  }) => {
    await liftSeededBlocks()
    const page = await openUnmigratedUsers()
    await page.getByTestId('unmigrated-search').fill('schmidt')
    await page.getByTestId('unmigrated-count').getByText('1 users').waitFor()
    await page.getByTestId('generate-all-links').click()
    const dialog = page.getByTestId('confirm-dialog')
    await dialog.getByText('Generate secure links?').waitFor()
    assert.equal(
      (await dialog.locator('.MuiDialogContent-root').textContent())?.trim(),
      '1 new secure link will be issued, one for each listed member without a valid link (members with a valid link and blocked members are skipped). Existing links of this member will stop working, including links already sent by email.'
    )
    await screenshot(page, 'unmigrated-generate-links-confirm')
    await dialog.getByRole('button', { name: 'Generate 1 link' }).click()
    await page.getByText('Generated 1 secure tokens (expires in 14 days)!').waitFor()
    const tokens = await db
      .from('migration_tokens')
      .join('members', 'members.id', 'migration_tokens.member_id')
      .select('members.member_id')
    assert.deepEqual(
      tokens.map((token) => token.member_id),
      ['DEMO-1001']
    )
  })
})
