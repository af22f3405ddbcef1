import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import type { ApiClient } from '@japa/api-client'
import { isolateEachTest } from '#tests/helpers/database'
import { demoAdmin } from '#tests/helpers/admin_session'
import { insertMigration, insertSubscription } from '#tests/helpers/backoffice_data'
import { Member, MigrationBlock, memberAdminService } from '#modules/members/index'
import { EmailOverride } from '#modules/notifications/index'
import { DocumentTemplate } from '#modules/documents/index'
import { ApiConfiguration } from '#modules/fulfilment/index'
import { Currency, Product } from '#modules/catalog/index'
import { currencyAdminService } from '#modules/catalog/services/currency_admin_service'
import { settingsAdminService } from '#modules/settings/services/settings_admin_service'
import { EmailTemplate } from '#modules/notifications/index'
import { AdminUser } from '#modules/admins/index'
import { AUDIT_MASK } from '#modules/audit/index'
import { censusCsv, familyRows } from '#tests/helpers/census_files'

type Response = Awaited<ReturnType<ReturnType<ApiClient['get']>['send']>>

interface WriteCase {
  action: string
  entityType: string
  /** Prepares what the write needs; answers the id the entry must name and anything the request uses. */
  setup?: () => Promise<{ entityId: string | null; [key: string]: unknown }>
  send: (client: ApiClient, admin: AdminUser, context: any) => Promise<Response>
  before?: Record<string, unknown> | null
  after?: Record<string, unknown> | null
}

const PRODUCT_SETTINGS = {
  subscriptionFrequencies: {
    'disabled': true,
    'monthly': true,
    'quarterly': false,
    'semi-annual': false,
    'annual': true,
  },
  enforceFixedStartDate: false,
  enforceFixedEndDate: false,
  productAlias: 'Gold Audit',
  disabled: false,
}

const memberForm = (member: Member, changes: Record<string, unknown>) => ({
  member_id: member.member_id,
  insured_full_name: member.insured_full_name,
  date_of_birth: member.date_of_birth.toISODate(),
  insured_role: member.insured_role,
  email: member.email,
  gender: member.gender,
  citizenship: member.citizenship,
  residence_country: member.residence_country,
  person_id: member.person_id,
  policy_start_date: member.policy_start_date?.toISODate() ?? null,
  policy_end_date: member.policy_end_date?.toISODate() ?? null,
  product_name: member.product_name,
  plan_name: member.plan_name,
  ...changes,
})

const demo = (memberId: string) => Member.findByOrFail('member_id', memberId)
const id = (value: { id: number }) => ({ entityId: String(value.id) })
const template = () =>
  EmailTemplate.create({
    template_type: 'migration_confirmation',
    name: 'Audit draft',
    subject: 'S',
    html_content: '<p>x</p>',
    is_active: false,
  })

/** Every kind of admin write, with the entry it must leave. */
const WRITES: Record<string, WriteCase> = {
  'member create': {
    action: 'member.create',
    entityType: 'member',
    send: (client, admin) =>
      client
        .post('/api/admin/members')
        .json({
          member_id: 'AUD-1',
          insured_full_name: 'Audit Person',
          date_of_birth: '1980-02-03',
          insured_role: 'Principal',
        })
        .asAdmin(admin)
        .withCsrfToken(),
    after: { member_id: 'AUD-1', insured_full_name: 'Audit Person', date_of_birth: '1980-02-03' },
  },
  'member update': {
    action: 'member.update',
    entityType: 'member',
    setup: async () => ({ ...id(await demo('DEMO-1002')), member: await demo('DEMO-1002') }),
    send: (client, admin, { member }) =>
      client
        .put(`/api/admin/members/${member.id}`)
        .json(memberForm(member, { insured_full_name: 'Renamed Person' }))
        .asAdmin(admin)
        .withCsrfToken(),
    before: { insured_full_name: 'Carlos Rivera' },
    after: { insured_full_name: 'Renamed Person' },
  },
  'member delete': {
    action: 'member.delete',
    entityType: 'member',
    setup: async () => {
      const member = await Member.create({
        member_id: 'AUD-DEL',
        insured_full_name: 'To Delete',
        date_of_birth: (await demo('DEMO-1002')).date_of_birth,
        insured_role: 'Principal',
        status: 'Active',
      })
      return id(member)
    },
    send: (client, admin, { entityId }) =>
      client.delete(`/api/admin/members/${entityId}`).asAdmin(admin).withCsrfToken(),
    before: { member_id: 'AUD-DEL', insured_full_name: 'To Delete' },
    after: null,
  },
  'migration block': {
    action: 'migration.block',
    entityType: 'migration',
    setup: async () => ({ entityId: String(await insertMigration('DEMO-1002', {})) }),
    send: (client, admin, { entityId }) =>
      client
        .patch(`/api/admin/migrations/${entityId}/block`)
        .json({ action: 'block', reason: 'Fraud check' })
        .asAdmin(admin)
        .withCsrfToken(),
    before: { blocked: false },
    after: { blocked: true, reason: 'Fraud check' },
  },
  'migration regenerate documents': {
    action: 'migration.regenerate_documents',
    entityType: 'migration',
    setup: async () => ({
      entityId: String(
        await insertMigration('DEMO-1002', {
          status: 'completed',
          payment_status: 'succeeded',
          document_status: 'failed',
        })
      ),
    }),
    send: (client, admin, { entityId }) =>
      client
        .post(`/api/admin/migrations/${entityId}/regenerate-documents`)
        .asAdmin(admin)
        .withCsrfToken(),
    before: { status: 'completed', document_status: 'failed' },
  },
  'product update': {
    action: 'product.update',
    entityType: 'product',
    setup: async () => id(await Product.findByOrFail('product_name', 'Global Health Gold')),
    send: (client, admin, { entityId }) =>
      client
        .put(`/api/admin/products/${entityId}`)
        .json(PRODUCT_SETTINGS)
        .asAdmin(admin)
        .withCsrfToken(),
    before: { product_alias: 'Gold Plus 2027' },
    after: { product_alias: 'Gold Audit' },
  },
  'product refresh (creates)': {
    action: 'product.create',
    entityType: 'product',
    setup: async () => {
      await Member.create({
        member_id: 'AUD-P',
        insured_full_name: 'New Product Holder',
        date_of_birth: (await demo('DEMO-1002')).date_of_birth,
        insured_role: 'Principal',
        status: 'Active',
        product_name: 'Audit Platinum',
      })
      return { entityId: null }
    },
    send: (client, admin) =>
      client.post('/api/admin/products/refresh').asAdmin(admin).withCsrfToken(),
    after: { product_name: 'Audit Platinum' },
  },
  'currency update': {
    action: 'currency.update',
    entityType: 'currency',
    setup: async () => id(await Currency.findByOrFail('code', 'EUR')),
    send: (client, admin, { entityId }) =>
      client
        .put(`/api/currencies/admin/${entityId}`)
        .json({ enabled: true, surcharge_percentage: 3.5 })
        .asAdmin(admin)
        .withCsrfToken(),
    before: { surcharge_percentage: 2 },
    after: { surcharge_percentage: 3.5 },
  },
  'setting update': {
    action: 'setting.update',
    entityType: 'setting',
    setup: async () => ({ entityId: 'EMAIL_FROM_NAME' }),
    send: (client, admin) =>
      client
        .put('/api/admin/settings/EMAIL_FROM_NAME')
        .json({ value: 'Audit Sender' })
        .asAdmin(admin)
        .withCsrfToken(),
    before: { value: 'Member Portal' },
    after: { value: 'Audit Sender' },
  },
  'sensitive setting update (masked)': {
    action: 'setting.update',
    entityType: 'setting',
    setup: async () => ({ entityId: 'EXCHANGE_RATES_API_KEY' }),
    send: (client, admin) =>
      client
        .post('/api/admin/settings/bulk-update')
        .json({
          updates: [{ setting_key: 'EXCHANGE_RATES_API_KEY', setting_value: 'sk-very-secret' }],
        })
        .asAdmin(admin)
        .withCsrfToken(),
    before: { value: '' },
    after: { value: AUDIT_MASK },
  },
  'branding update': {
    action: 'branding.update',
    entityType: 'setting',
    setup: async () => ({ entityId: 'BRAND_TAGLINE' }),
    send: (client, admin) =>
      client
        .put('/api/branding')
        .json({ tagline: 'Audited tagline' })
        .asAdmin(admin)
        .withCsrfToken(),
    after: { value: 'Audited tagline' },
  },
  'email template create': {
    action: 'email_template.create',
    entityType: 'email_template',
    send: (client, admin) =>
      client
        .post('/api/admin/email-templates')
        .json({
          template_type: 'migration_confirmation',
          name: 'Spring',
          subject: 'Hi {{member_name}}',
          html_content: '<p>Hi</p>',
        })
        .asAdmin(admin)
        .withCsrfToken(),
    after: { name: 'Spring', is_active: false },
  },
  'email template update': {
    action: 'email_template.update',
    entityType: 'email_template',
    setup: async () => id(await template()),
    send: (client, admin, { entityId }) =>
      client
        .put(`/api/admin/email-templates/${entityId}`)
        .json({
          template_type: 'migration_confirmation',
          name: 'Renamed',
          subject: 'S',
          html_content: '<p>x</p>',
        })
        .asAdmin(admin)
        .withCsrfToken(),
    before: { name: 'Audit draft' },
    after: { name: 'Renamed' },
  },
  'email template activate': {
    action: 'email_template.activate',
    entityType: 'email_template',
    setup: async () => id(await template()),
    send: (client, admin, { entityId }) =>
      client.post(`/api/admin/email-templates/${entityId}/activate`).asAdmin(admin).withCsrfToken(),
    before: { is_active: false },
    after: { is_active: true },
  },
  'email template delete': {
    action: 'email_template.delete',
    entityType: 'email_template',
    setup: async () => id(await template()),
    send: (client, admin, { entityId }) =>
      client.delete(`/api/admin/email-templates/${entityId}`).asAdmin(admin).withCsrfToken(),
    before: { name: 'Audit draft' },
    after: null,
  },
  'email override create': {
    action: 'email_override.create',
    entityType: 'email_override',
    send: (client, admin) =>
      client
        .post('/api/admin/email-overrides')
        .json({ member_id: 'DEMO-1002', override_email: 'qa@example.com' })
        .asAdmin(admin)
        .withCsrfToken(),
    after: { override_email: 'qa@example.com', created_by: 'admin' },
  },
  'doc template create': {
    action: 'doc_template.create',
    entityType: 'doc_template',
    send: (client, admin) =>
      client
        .post('/api/admin/templates')
        .json({ productName: 'Legacy Basic', templateFilePath: 'policy_confirmation.json' })
        .asAdmin(admin)
        .withCsrfToken(),
    after: { product_name: 'Legacy Basic', template_file_path: 'policy_confirmation.json' },
  },
  'api config create (token masked)': {
    action: 'api_config.create',
    entityType: 'api_config',
    send: (client, admin) =>
      client
        .post('/api/admin/api-configs')
        .json({
          name: 'Insurer',
          endpointUrl: 'http://localhost:9999/enrol',
          authType: 'bearer',
          authConfig: { token: 'tok-very-secret' },
        })
        .asAdmin(admin)
        .withCsrfToken(),
    after: { name: 'Insurer', auth_type: 'bearer', auth_config: AUDIT_MASK },
  },
  'admin create (no password)': {
    action: 'admin.create',
    entityType: 'admin',
    send: (client, admin) =>
      client
        .post('/api/admin/admin-users')
        .json({ username: 'auditor', email: 'auditor@example.test', password: 'secret-pass-1' })
        .asAdmin(admin)
        .withCsrfToken(),
    after: { username: 'auditor', email: 'auditor@example.test' },
  },
  'admin password change (no values)': {
    action: 'admin.change_password',
    entityType: 'admin',
    setup: async () =>
      id(
        await AdminUser.create({
          username: 'pw',
          email: 'pw@example.test',
          password: 'secret-pass-1',
        })
      ),
    send: (client, admin, { entityId }) =>
      client
        .post(`/api/admin/admin-users/${entityId}/change-password`)
        .json({ newPassword: 'secret-pass-2' })
        .asAdmin(admin)
        .withCsrfToken(),
    before: null,
    after: null,
  },
  'secure link generate': {
    action: 'token.generate',
    entityType: 'member',
    setup: async () => id(await demo('DEMO-1001')),
    send: (client, admin, { entityId }) =>
      client
        .post('/api/admin/generate-migration-token')
        .json({ memberId: Number(entityId) })
        .asAdmin(admin)
        .withCsrfToken(),
  },
  'invitation send': {
    action: 'invitation.send',
    entityType: 'member',
    setup: async () => id(await demo('DEMO-1001')),
    send: (client, admin, { entityId }) =>
      client
        .post('/api/admin/send-migration-invitations')
        .json({ memberIds: [Number(entityId)] })
        .asAdmin(admin)
        .withCsrfToken(),
  },
  'migration unblock': {
    action: 'migration.unblock',
    entityType: 'migration',
    setup: async () => {
      const migration = await insertMigration('DEMO-1002', {})
      const member = await demo('DEMO-1002')
      await MigrationBlock.create({
        member_id: member.id,
        migration_id: migration,
        reason: 'Check',
        blocked_by: 'admin',
        active: true,
      })
      return { entityId: String(migration) }
    },
    send: (client, admin, { entityId }) =>
      client
        .patch(`/api/admin/migrations/${entityId}/block`)
        .json({ action: 'unblock' })
        .asAdmin(admin)
        .withCsrfToken(),
    before: { blocked: true },
    after: { blocked: false },
  },
  'migration retry api': {
    action: 'migration.retry_api',
    entityType: 'migration',
    setup: async () => ({
      entityId: String(
        await insertMigration('DEMO-1002', {
          status: 'completed_with_warnings',
          payment_status: 'succeeded',
          api_status: 'failed',
        })
      ),
    }),
    send: (client, admin, { entityId }) =>
      client.post(`/api/admin/migrations/${entityId}/retry-api`).asAdmin(admin).withCsrfToken(),
    before: { status: 'completed_with_warnings', api_status: 'failed' },
  },
  'migration retry emails': {
    action: 'migration.retry_emails',
    entityType: 'migration',
    setup: async () => ({
      entityId: String(
        await insertMigration('DEMO-1002', {
          status: 'completed_with_warnings',
          payment_status: 'succeeded',
          email_status: 'failed',
        })
      ),
    }),
    send: (client, admin, { entityId }) =>
      client.post(`/api/admin/migrations/${entityId}/retry-emails`).asAdmin(admin).withCsrfToken(),
    before: { status: 'completed_with_warnings', email_status: 'failed' },
  },
  'email override update': {
    action: 'email_override.update',
    entityType: 'email_override',
    setup: async () =>
      id(
        await EmailOverride.create({
          member_id: (await demo('DEMO-1002')).id,
          override_email: 'old@example.com',
          created_by: 'admin',
        })
      ),
    send: (client, admin, { entityId }) =>
      client
        .put(`/api/admin/email-overrides/${entityId}`)
        .json({ override_email: 'new@example.com' })
        .asAdmin(admin)
        .withCsrfToken(),
    before: { override_email: 'old@example.com' },
    after: { override_email: 'new@example.com' },
  },
  'email override delete': {
    action: 'email_override.delete',
    entityType: 'email_override',
    setup: async () =>
      id(
        await EmailOverride.create({
          member_id: (await demo('DEMO-1002')).id,
          override_email: 'old@example.com',
          created_by: 'admin',
        })
      ),
    send: (client, admin, { entityId }) =>
      client.delete(`/api/admin/email-overrides/${entityId}`).asAdmin(admin).withCsrfToken(),
    before: { override_email: 'old@example.com' },
    after: null,
  },
  'doc template delete': {
    action: 'doc_template.delete',
    entityType: 'doc_template',
    setup: async () =>
      id(
        await DocumentTemplate.create({
          product_name: 'Audit Product',
          plan_name: null,
          template_file_path: 'audit/x.json',
        })
      ),
    send: (client, admin, { entityId }) =>
      client.delete(`/api/admin/templates/${entityId}`).asAdmin(admin).withCsrfToken(),
    before: { product_name: 'Audit Product' },
    after: null,
  },
  'api config update (new token shows as changed, masked)': {
    action: 'api_config.update',
    entityType: 'api_config',
    setup: async () =>
      id(
        await ApiConfiguration.create({
          name: 'Insurer',
          endpoint_url: 'http://localhost:9999/a',
          auth_type: 'bearer',
          auth_config: { token: 'tok-very-secret' },
          enabled: true,
        })
      ),
    send: (client, admin, { entityId }) =>
      client
        .put(`/api/admin/api-configs/${entityId}`)
        .json({
          name: 'Insurer',
          endpointUrl: 'http://localhost:9999/a',
          authType: 'bearer',
          authConfig: { token: 'tok-very-secret-2' },
        })
        .asAdmin(admin)
        .withCsrfToken(),
    before: { auth_config: AUDIT_MASK },
    after: { auth_config: AUDIT_MASK },
  },
  'api config delete': {
    action: 'api_config.delete',
    entityType: 'api_config',
    setup: async () =>
      id(
        await ApiConfiguration.create({
          name: 'Old',
          endpoint_url: 'http://localhost:9999/a',
          auth_type: 'none',
          auth_config: null,
          enabled: false,
        })
      ),
    send: (client, admin, { entityId }) =>
      client.delete(`/api/admin/api-configs/${entityId}`).asAdmin(admin).withCsrfToken(),
    before: { name: 'Old' },
    after: null,
  },
  'admin update': {
    action: 'admin.update',
    entityType: 'admin',
    setup: async () =>
      id(
        await AdminUser.create({
          username: 'ed',
          email: 'ed@example.test',
          password: 'secret-pass-1',
        })
      ),
    send: (client, admin, { entityId }) =>
      client
        .put(`/api/admin/admin-users/${entityId}`)
        .json({ username: 'edward', email: 'ed@example.test' })
        .asAdmin(admin)
        .withCsrfToken(),
    before: { username: 'ed' },
    after: { username: 'edward' },
  },
  'admin delete': {
    action: 'admin.delete',
    entityType: 'admin',
    setup: async () =>
      id(
        await AdminUser.create({
          username: 'gone',
          email: 'gone@example.test',
          password: 'secret-pass-1',
        })
      ),
    send: (client, admin, { entityId }) =>
      client.delete(`/api/admin/admin-users/${entityId}`).asAdmin(admin).withCsrfToken(),
    before: { username: 'gone' },
    after: null,
  },
  // One entry per batch of about 1,000 members, with its count and members.
  'secure links in bulk': {
    action: 'token.generate',
    entityType: 'members',
    send: (client, admin) =>
      client.post('/api/admin/generate-bulk-migration-tokens').asAdmin(admin).withCsrfToken(),
  },
  'subscription mark reviewed': {
    action: 'subscription.mark_reviewed',
    entityType: 'subscription',
    setup: async () => {
      const migration = await insertMigration('DEMO-1002', {})
      return {
        entityId: String(
          await insertSubscription(migration, {
            status: 'canceled',
            cancelled_at: '2026-01-01 00:00:00',
          })
        ),
      }
    },
    send: (client, admin, { entityId }) =>
      client
        .post(`/api/admin/subscriptions/${entityId}/mark-reviewed`)
        .asAdmin(admin)
        .withCsrfToken(),
    before: { early_cancellation_reviewed: false },
    after: { early_cancellation_reviewed: true },
  },
}

const entries = () => db.from('audit_entries').orderBy('id', 'asc')
const parse = (value: unknown) => (value === null ? null : JSON.parse(String(value)))

test.group('Audit trail: every admin write', (group) => {
  isolateEachTest(group)

  test('{$self}')
    .with(Object.keys(WRITES))
    .run(async ({ client, assert }, name) => {
      const write = WRITES[name]
      const admin = await demoAdmin()
      const context = (await write.setup?.()) ?? { entityId: null }
      const before = (await entries()).length
      const response = await write.send(client, admin, context)
      assert.isBelow(response.status(), 300, JSON.stringify(response.body()))
      const added = (await entries()).slice(before).filter((row) => row.action === write.action)
      assert.isAtLeast(added.length, 1, `no ${write.action} entry`)
      const entry =
        context.entityId === null
          ? added[added.length - 1]
          : added.find((row) => row.entity_id === context.entityId)
      assert.exists(entry, `no ${write.action} entry for ${context.entityId}`)
      assert.equal(entry.actor, 'admin')
      assert.equal(entry.entity_type, write.entityType)
      if (write.before !== undefined)
        write.before === null
          ? assert.isNull(parse(entry.before))
          : assert.containsSubset(parse(entry.before), write.before)
      if (write.after !== undefined)
        write.after === null
          ? assert.isNull(parse(entry.after))
          : assert.containsSubset(parse(entry.after), write.after)
      // No secret or password ever reaches the table.
      const stored = JSON.stringify(await entries())
      for (const secret of ['sk-very-secret', 'tok-very-secret', 'secret-pass-1', 'secret-pass-2'])
        assert.notInclude(stored, secret)
    })

  test('a confirmed import records its counts', async ({ client, assert }) => {
    const admin = await demoAdmin()
    const preview = await client
      .post('/api/admin/data/preview')
      .file('file', Buffer.from(censusCsv(familyRows('AUDI'))), { filename: 'audit.csv' })
      .asAdmin(admin)
      .withCsrfToken()
    preview.assertStatus(200)
    const confirmed = await client
      .post('/api/admin/data/confirm-import')
      .json({ cacheKey: preview.body().cacheKey })
      .asAdmin(admin)
      .withCsrfToken()
    confirmed.assertStatus(200)
    const entry = await db.from('audit_entries').where('action', 'import.confirm').firstOrFail()
    assert.equal(entry.actor, 'admin')
    assert.deepEqual(parse(entry.after), {
      membersImported: 3,
      membersUpdated: 0,
      membersUnchanged: 0,
      newProductsAdded: 1,
      errors: 0,
    })
  })

  test('an update records only the fields that changed', async ({ client, assert }) => {
    const member = await demo('DEMO-1002')
    await client
      .put(`/api/admin/members/${member.id}`)
      .json(memberForm(member, { email: 'marco.new@example.org' }))
      .asAdmin(await demoAdmin())
      .withCsrfToken()
    const entry = (await entries()).pop()
    assert.deepEqual(parse(entry.before), { email: member.email })
    assert.deepEqual(parse(entry.after), { email: 'marco.new@example.org' })
  })

  test('a refused write leaves no entry (same transaction)', async ({ client, assert }) => {
    const admin = await demoAdmin()
    const count = (await entries()).length
    // The change is refused inside the transaction, after the row was read.
    const usd = await Currency.findByOrFail('code', 'USD')
    ;(
      await client
        .put(`/api/currencies/admin/${usd.id}`)
        .json({ enabled: false, surcharge_percentage: 5 })
        .asAdmin(admin)
        .withCsrfToken()
    ).assertStatus(422)
    const active = await EmailTemplate.query().where('is_active', true).firstOrFail()
    ;(
      await client.delete(`/api/admin/email-templates/${active.id}`).asAdmin(admin).withCsrfToken()
    ).assertStatus(409)
    assert.lengthOf(await entries(), count)
  })

  test('an audit write that fails undoes the change it records', async ({ assert }) => {
    // An actor that cannot be stored makes recordAudit throw inside the change's transaction.
    const broken = undefined as unknown as string
    const member = await demo('DEMO-1002')
    await assert.rejects(() =>
      memberAdminService.update(
        member.id,
        memberForm(member, { insured_full_name: 'Never Saved' }) as any,
        broken
      )
    )
    await member.refresh()
    assert.equal(member.insured_full_name, 'Carlos Rivera')

    const eur = await Currency.findByOrFail('code', 'EUR')
    await assert.rejects(() =>
      currencyAdminService.update(eur.id, { enabled: false, surcharge_percentage: 9 }, broken)
    )
    await eur.refresh()
    assert.isTrue(eur.enabled)

    await assert.rejects(() =>
      settingsAdminService.update('EMAIL_FROM_NAME', 'Never Saved', broken)
    )
    assert.equal(
      (await db.from('settings').where('setting_key', 'EMAIL_FROM_NAME').first()).setting_value,
      'Member Portal'
    )
    assert.lengthOf(await entries(), 0)
  })
})
