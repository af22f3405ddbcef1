import { test } from '@japa/runner'
import { AdminUser } from '#modules/admins/index'
import { MigrationBlock } from '#modules/members/index'
import { Setting } from '#modules/settings/index'
import { settingsService } from '#modules/settings/index'
import {
  EmailDelivery,
  EmailOverride,
  EmailTemplate,
  resolveMemberRecipient,
} from '#modules/notifications/index'
import { Document, DocumentTemplate } from '#modules/documents/index'
import { createFulfilmentWorker } from '#modules/fulfilment/index'
import { storagePath } from '#modules/documents/services/storage'
import { isolateEachTest } from '#tests/helpers/database'
import { createPaidMigration, createPendingMigration } from '#tests/helpers/migration_fixtures'
import { outboxMessages } from '#tests/helpers/outbox'
import { pdfText } from '#tests/helpers/pdf_text'
import { withoutRequestId } from '#tests/helpers/api_contract'

async function setSetting(key: string, value: string) {
  await Setting.query().where('setting_key', key).update({ setting_value: value })
  settingsService.clearCache()
}

test.group('Documents and emails', (group) => {
  isolateEachTest(group)
  group.each.setup(() => () => settingsService.clearCache())

  test('each member gets a PDF with name, reference and USD amounts although the payment was in EUR', async ({
    assert,
  }) => {
    const { migration, spouse } = await createPaidMigration()
    await createFulfilmentWorker().drain()

    const documents = await Document.query().where('migration_id', migration.id).orderBy('id')
    assert.lengthOf(documents, 2)
    const principalText = await pdfText(storagePath(documents[0].file_path))
    assert.include(principalText, 'Anna Schmidt')
    assert.include(principalText, migration.migration_reference)
    assert.include(principalText, 'Premium for this member USD 2,400.00')
    assert.include(principalText, 'Total premium of the migration USD 4,600.00')
    assert.include(principalText, 'Schedule of Benefits')
    assert.include(principalText, 'Overall annual limit USD 1,000,000.00')
    assert.include(
      principalText,
      'Paid so far in EUR: EUR 4,316.64 (one payment); remaining: Nothing.'
    )
    const spouseText = await pdfText(storagePath(documents[1].file_path))
    assert.equal(documents[1].member_id, spouse.id)
    assert.include(spouseText, 'Jonas Schmidt')
    assert.include(spouseText, 'Premium for this member USD 2,200.00')
  })

  test('a plan-specific template wins over the plan-less one; no matching template skips documents', async ({
    assert,
  }) => {
    const { findDocumentTemplate } = await import('#modules/fulfilment/index')
    const specific = await DocumentTemplate.create({
      product_name: 'Global Health Gold',
      plan_name: 'Gold',
      template_file_path: 'policy_confirmation.json',
    })
    assert.equal((await findDocumentTemplate('Global Health Gold', 'Gold'))?.id, specific.id)
    assert.isNull((await findDocumentTemplate('Global Health Gold', 'Platinum'))?.plan_name)

    await DocumentTemplate.query().delete()
    const { migration } = await createPaidMigration()
    await createFulfilmentWorker().drain()
    await migration.refresh()
    assert.include(migration, {
      document_status: 'skipped',
      email_status: 'sent',
      status: 'completed',
    })
  })

  test('recipient priority: member override, then EMAIL_OVERRIDE_RECIPIENT, then the member email', async ({
    assert,
  }) => {
    const { principal } = await createPendingMigration()
    assert.deepEqual(await resolveMemberRecipient(principal), {
      address: 'anna.schmidt@corp.example.com',
      source: 'member_email',
    })
    await setSetting('EMAIL_OVERRIDE_RECIPIENT', 'qa@example.com')
    assert.deepEqual(await resolveMemberRecipient(principal), {
      address: 'qa@example.com',
      source: 'global_override',
    })
    await EmailOverride.create({
      member_id: principal.id,
      override_email: 'anna.private@example.org',
      created_by: 'admin',
    })
    assert.deepEqual(await resolveMemberRecipient(principal), {
      address: 'anna.private@example.org',
      source: 'member_override',
    })
  })

  test('the confirmation goes to the override address with the PDFs; variables are HTML-escaped', async ({
    assert,
  }) => {
    const { migration, principal } = await createPaidMigration()
    await EmailOverride.create({
      member_id: principal.id,
      override_email: 'anna.private@example.org',
    })
    await principal.merge({ insured_full_name: 'Anna <b>Schmidt</b>' }).save()

    await createFulfilmentWorker().drain()

    const [confirmation] = await outboxMessages(
      `Your migration ${migration.migration_reference} is confirmed`
    )
    assert.equal((confirmation.to as any).value[0].address, 'anna.private@example.org')
    assert.deepEqual(
      confirmation.attachments.map((a) => a.contentType),
      ['application/pdf', 'application/pdf']
    )
    assert.include(
      confirmation.html as string,
      'Your 2 policy documents are attached to this email.'
    )
    // The count with its plural, not "2 member(s)".
    assert.match(
      String(confirmation.html).replace(/\s+/g, ' '),
      new RegExp(`Your migration ${migration.migration_reference} of 2 members to `)
    )
    assert.include(confirmation.html as string, 'Anna &lt;b&gt;Schmidt&lt;/b&gt;')
    assert.notInclude(confirmation.html as string, '<b>Schmidt</b>')
    const [notification] = await outboxMessages(
      `Migration ${migration.migration_reference} completed by`
    )
    assert.equal((notification.to as any).value[0].address, 'admin@example.com')
    const deliveries = await EmailDelivery.query().where('migration_id', migration.id).orderBy('id')
    assert.deepEqual(
      deliveries.map((d) => [d.email_type, d.status]),
      [
        ['migration_confirmation', 'sent'],
        ['admin_notification', 'sent'],
      ]
    )
  })

  test('without documents the confirmation does not say any are attached', async ({ assert }) => {
    await DocumentTemplate.query().delete()
    const { migration } = await createPaidMigration()
    await createFulfilmentWorker().drain()
    await migration.refresh()
    assert.include(migration, { document_status: 'skipped', email_status: 'sent' })
    const [confirmation] = await outboxMessages(
      `Your migration ${migration.migration_reference} is confirmed`
    )
    assert.lengthOf(confirmation.attachments, 0)
    assert.notInclude(confirmation.html as string, 'attached')
  })

  test('without an active template the emails fail and the migration completes with warnings; retry-emails fixes it', async ({
    client,
    assert,
  }) => {
    await EmailTemplate.query()
      .where('template_type', 'migration_confirmation')
      .update({ is_active: false })
    const { migration } = await createPaidMigration()
    await createFulfilmentWorker().drain()
    await migration.refresh()
    assert.include(migration, { email_status: 'partial', status: 'completed_with_warnings' })

    await EmailTemplate.query()
      .where('template_type', 'migration_confirmation')
      .update({ is_active: true })
    const admin = await AdminUser.findByOrFail('username', 'admin')
    const response = await client
      .post(`/api/admin/migrations/${migration.id}/retry-emails`)
      .asAdmin(admin)
      .withCsrfToken()
    response.assertStatus(200)
    response.assertBody({ success: true, count: 2, error: null })
    await migration.refresh()
    assert.include(migration, { email_status: 'sent', status: 'completed' })
  })

  test('two retries at once send the emails once: the second is refused while the first runs', async ({
    client,
    assert,
  }) => {
    const { migration } = await createPaidMigration()
    await createFulfilmentWorker().drain()
    const before = await EmailDelivery.query().where('migration_id', migration.id).orderBy('id')
    const admin = await AdminUser.findByOrFail('username', 'admin')
    const retry = () =>
      client
        .post(`/api/admin/migrations/${migration.id}/retry-emails`)
        .asAdmin(admin)
        .withCsrfToken()
    const answers = await Promise.all([retry(), retry()])
    assert.sameMembers(
      answers.map((answer) => answer.status()),
      [200, 409]
    )
    const refused = answers.find((answer) => answer.status() === 409)!
    assert.deepEqual(withoutRequestId(refused.body()), {
      success: false,
      error: 'Fulfilment of this migration is still running. Try again in a moment.',
    })
    // One durable row per email: the retry took each up once more.
    const after = await EmailDelivery.query().where('migration_id', migration.id).orderBy('id')
    assert.deepEqual(
      after.map((d) => [d.id, d.status, d.attempts]),
      before.map((d) => [d.id, 'sent', 2])
    )
    await migration.refresh()
    assert.include(migration, { status: 'completed', email_status: 'sent' })
  })

  test('regenerate-documents rewrites the PDFs and answers their count', async ({
    client,
    assert,
  }) => {
    const { migration } = await createPaidMigration()
    await createFulfilmentWorker().drain()
    const admin = await AdminUser.findByOrFail('username', 'admin')

    const response = await client
      .post(`/api/admin/migrations/${migration.id}/regenerate-documents`)
      .asAdmin(admin)
      .withCsrfToken()

    response.assertStatus(200)
    response.assertBody({ success: true, count: 2, error: null })
    assert.lengthOf(await Document.query().where('migration_id', migration.id), 2)
  })

  test('retries are refused for an unpaid migration, an unknown id and bad input; admins only', async ({
    client,
  }) => {
    const { migration } = await createPendingMigration()
    const admin = await AdminUser.findByOrFail('username', 'admin')

    const unpaid = await client
      .post(`/api/admin/migrations/${migration.id}/retry-emails`)
      .asAdmin(admin)
      .withCsrfToken()
    unpaid.assertStatus(409)
    unpaid.assertBodyContains({
      success: false,
      error: 'The payment of this migration has not succeeded',
    })
    const unknown = await client
      .post('/api/admin/migrations/999999/retry-api')
      .asAdmin(admin)
      .withCsrfToken()
    unknown.assertStatus(404)
    unknown.assertBodyContains({ success: false, error: 'Migration not found' })
    const bad = await client
      .post('/api/admin/migrations/abc/regenerate-documents')
      .asAdmin(admin)
      .withCsrfToken()
    bad.assertStatus(422)
    const anonymous = await client.get(`/api/admin/migrations/${migration.id}/api-logs`)
    anonymous.assertStatus(401)
    anonymous.assertBodyContains({ success: false, error: 'Admin authentication required' })
  })

  test('block and unblock keep the history of blocks', async ({ client, assert }) => {
    const { migration, principal } = await createPendingMigration()
    const admin = await AdminUser.findByOrFail('username', 'admin')
    const patch = (body: object) =>
      client
        .patch(`/api/admin/migrations/${migration.id}/block`)
        .json(body)
        .asAdmin(admin)
        .withCsrfToken()

    const blocked = await patch({ action: 'block', reason: 'Fraud check' })
    blocked.assertStatus(200)
    blocked.assertBodyContains({
      success: true,
      blocked: true,
      message: 'Successfully blocked member',
    })
    await patch({ action: 'block' })
    const unblocked = await patch({ action: 'unblock' })
    unblocked.assertBodyContains({
      success: true,
      blocked: false,
      message: 'Successfully unblocked member',
    })
    const invalid = await patch({ action: 'delete' })
    invalid.assertStatus(422)

    const history = await MigrationBlock.query().where('member_id', principal.id)
    assert.lengthOf(history, 1)
    assert.include(history[0].serialize(), {
      active: false,
      reason: 'Fraud check',
      blockedBy: 'admin',
    })
    assert.isNotNull(history[0].lifted_at)
  })
})
