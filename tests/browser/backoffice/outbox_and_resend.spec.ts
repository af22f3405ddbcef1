/// <reference lib="dom" />
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { isolateEachTest } from '#tests/helpers/database'
import { screenshot } from '#tests/helpers/browser'
import { adminScreen, goToScreen } from '#tests/helpers/browser_sessions'
import { insertMigration } from '#tests/helpers/backoffice_data'
import { KEY, seedInvitations, troubledMigration } from '#tests/helpers/operations_data'
import { startSmtpCapture } from '#tests/helpers/smtp_capture'
import { InsurerApi } from '#tests/helpers/insurer_api'
import { Member } from '#modules/members/index'
import { createFulfilmentWorker } from '#modules/fulfilment/index'
import { EmailDelivery } from '#modules/notifications/index'

test.group('Back-office: email Resend, integration outbox, dead letters', (group) => {
  isolateEachTest(group)
  const insurer = new InsurerApi()
  group.setup(async () => {
    await insurer.start()
    return () => insurer.stop()
  })

  test('Resend adds a delivery row that the worker sends; Replay of the dead-lettered call uses its Idempotency-Key; the Dead Letters list shows it first', async ({
    assert,
    cleanup,
  }) => {
    const smtp = await startSmtpCapture()
    cleanup(() => smtp.stop())
    insurer.calls = []
    const { id, reference, member, config, jobId } = await troubledMigration(insurer.url)

    // The Dead Letters list, reached from the Migrations screen.
    const page = await adminScreen('migrations', { viewport: { width: 1280, height: 900 } })
    await page.getByTestId('dead-letters-link').click()
    await page.waitForURL('**/admin/dead-letters')
    const letter = page.getByTestId('dead-letter-row').first()
    await letter.waitFor()
    const row = ((await letter.textContent()) ?? '').replace(/\s+/g, ' ')
    for (const part of [
      reference,
      'Insurer enrolment call (DHIG)',
      member.insured_full_name,
      'HTTP 500',
      `${KEY}:${config.id}`,
    ])
      assert.include(row, part)
    await screenshot(page, 'ops-dead-letters-1280')

    // The migration detail: emails with reasons, the outbox with the call in dead letter.
    await goToScreen(page, `migrations/${id}`)
    await page.getByTestId('email-delivery-row').nth(1).waitFor()
    const call = page.getByTestId('outbox-call-row')
    await call.waitFor()
    assert.include(await call.textContent(), 'dead letter')
    assert.deepEqual(await page.getByTestId('recipient-reason').allTextContents(), [
      "Member's email",
      'Admin notification email',
    ])
    await screenshot(page, 'ops-migration-outbox-1280')

    await page.getByTestId('resend-email').first().click()
    await page
      .getByText(/Resend queued: the migration confirmation email goes to .* as delivery #\d+/)
      .waitFor()
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="email-delivery-row"]').length === 3
    )
    const resent = await EmailDelivery.query()
      .where('migration_id', id)
      .whereNotNull('resend_of')
      .firstOrFail()
    assert.equal(
      resent.resend_of,
      (
        await EmailDelivery.query()
          .where('migration_id', id)
          .where('email_type', 'migration_confirmation')
          .whereNull('resend_of')
          .firstOrFail()
      ).id
    )
    await createFulfilmentWorker().drain()
    // The card looks again while a row is queued: the new row turns sent.
    await page
      .locator(`[data-delivery-id="${resent.id}"] [data-testid="delivery-status"]`)
      .getByText('sent')
      .waitFor()
    assert.lengthOf(smtp.received, 1)
    assert.include(
      await page.getByTestId('email-delivery-row').first().textContent(),
      `Resent as #${resent.id}`
    )

    await page.getByTestId('replay-call').click()
    await page.getByText(/Replay queued: the DHIG call for/).waitFor()
    await createFulfilmentWorker().drain()
    await call.getByText('succeeded').waitFor({ timeout: 15_000 })
    assert.lengthOf(insurer.calls, 1)
    assert.equal(insurer.calls[0].headers['idempotency-key'], `${KEY}:${config.id}`)
    assert.equal((await db.from('jobs').where('id', jobId).first()).status, 'done')
    await screenshot(page, 'ops-migration-outbox-after-1280')

    // Asked for again, not shown from react-admin's cache of the first visit.
    await page.evaluate(() =>
      (window as { __adminQueryClient?: { clear(): void } }).__adminQueryClient?.clear()
    )
    await goToScreen(page, 'dead-letters')
    await page
      .getByTestId('dead-letters-empty')
      .or(page.getByTestId('dead-letter-row').first())
      .waitFor()
    assert.notInclude((await page.getByTestId('dead-letters-table').textContent()) ?? '', reference)
  }).timeout(120_000)

  test('Dead Letters lists an email left unknown; Resend after a confirmation that it may arrive twice sends it once', async ({
    assert,
    cleanup,
  }) => {
    const smtp = await startSmtpCapture()
    cleanup(() => smtp.stop())
    const member = await Member.findByOrFail('member_id', 'DEMO-1001')
    const id = await insertMigration('DEMO-1001', {
      status: 'completed_with_warnings',
      payment_status: 'succeeded',
      document_status: 'skipped',
      email_status: 'unknown',
      api_status: 'skipped',
    })
    const reference = (await db.from('migrations').where('id', id).first()).migration_reference
    const unknown = await EmailDelivery.create({
      migration_id: id,
      member_id: member.id,
      email_type: 'migration_confirmation',
      recipient: member.email!,
      recipient_source: 'member_email',
      subject: `Your migration ${reference} is confirmed`,
      status: 'unknown',
      attempts: 1,
      error_message: 'The sender stopped after the hand-off to the mail server began',
      attachments: '[]',
      dedupe_key: `migration_confirmation:${id}:${member.id}`,
    })

    const page = await adminScreen('dead-letters', { viewport: { width: 1280, height: 900 } })
    const card = '[data-testid="unknown-emails-card"]'
    const row = page.locator(`[data-testid="unknown-email-row"][data-delivery-id="${unknown.id}"]`)
    await row.waitFor()
    const text = ((await row.textContent()) ?? '').replace(/\s+/g, ' ')
    for (const part of ['migration confirmation', `#${unknown.id}`, member.email!, reference])
      assert.include(text, part)
    await page.locator(card).waitFor()
    await screenshot(page, 'ops-unknown-emails-1280')

    await row.getByTestId('resend-unknown-email').click()
    const dialog = page.getByRole('dialog', { name: 'Resend this email?' })
    await dialog
      .getByText(
        `The migration confirmation email to ${member.email} may have arrived already. Resending sends it once more: the recipient may receive it twice.`
      )
      .waitFor()
    await screenshot(page, 'ops-unknown-emails-resend-1280')
    await dialog.getByRole('button', { name: 'Resend' }).click()
    await page
      .getByText(
        new RegExp(
          `Resend queued: the migration confirmation email goes to ${member.email} as delivery #\\d+`
        )
      )
      .waitFor()
    await page.getByTestId('unknown-emails-empty').waitFor()
    await createFulfilmentWorker().drain()
    assert.deepEqual(
      smtp.received.map((mail) => [(mail.to as any).value[0].address, mail.subject]),
      [[member.email, `Your migration ${reference} is confirmed`]]
    )
  }).timeout(60_000)

  test('the member detail lists the invitations with recipient reason and delivery status', async ({
    assert,
  }) => {
    const anna = await Member.findByOrFail('member_id', 'DEMO-1001')
    await seedInvitations(anna)
    const page = await adminScreen('members', { viewport: { width: 1280, height: 900 } })
    await page.getByTestId('members-search').fill('DEMO-1001')
    await page
      .getByTestId('member-row-DEMO-1001')
      .getByRole('button', { name: 'View member' })
      .click()
    await page.getByTestId('member-invitation-row').nth(1).waitFor()
    const rows = (await page.getByTestId('member-invitation-row').allTextContents()).map((row) =>
      row.replace(/\s+/g, ' ')
    )
    assert.include(rows[0], 'invitation reminder')
    assert.include(rows[0], 'Member override')
    assert.include(rows[0], 'Mailbox qa@example.com unavailable')
    assert.include(rows[1], "Member's email")
    await page.getByTestId('member-invitations').scrollIntoViewIfNeeded()
    await screenshot(page, 'ops-member-invitations-1280')
  }).timeout(60_000)
})
