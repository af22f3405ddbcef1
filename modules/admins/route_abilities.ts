import type { HttpContext } from '@adonisjs/core/http'
import { ApiError } from '#modules/shared/index'
import { adminCan, deniedMessage, type Ability } from './roles.js'
import type { AdminRole } from './validators.js'

/**
 * THE table of administrator routes → ability (docs/security.md "Roles"): every route behind the
 * admin session is listed here by its route name, and the area guard refuses one that is not
 * (deny by default). tests/functional/security/role_matrix.spec.ts calls every admin operation
 * of the OpenAPI document as each role and fails on a route missing here.
 */
export const ROUTE_ABILITIES: Record<string, Ability> = {
  // Own account and session
  'admin.me': 'account.self',
  'admin.logout': 'account.self',
  'admin.security.show': 'account.self',
  'admin.security.sign_out_device': 'account.self',
  'admin.security.sign_out_everywhere': 'account.self',
  // Saved list views: one's own (the service reads and deletes only the signed-in administrator's)
  'admin.saved_views.index': 'account.self',
  'admin.saved_views.store': 'account.self',
  'admin.saved_views.destroy': 'account.self',
  // Second factor: one's own enrolment; resetting another administrator's is an Owner's
  'admin.two_factor.status': 'account.self',
  'admin.two_factor.totp_start': 'account.self',
  'admin.two_factor.totp_confirm': 'account.self',
  'admin.two_factor.passkey_options': 'account.self',
  'admin.two_factor.passkey_register': 'account.self',
  'admin.admin_users.reset_two_factor': 'admins.manage',
  'admin.admin_users.change_password': 'admins.password',
  // Dashboard
  'backoffice.dashboard.stats': 'dashboard.view',
  'backoffice.dashboard.charts': 'dashboard.view',
  // Administrators and the audit trail
  'admin.admin_users.index': 'admins.manage',
  'admin.admin_users.store': 'admins.manage',
  'admin.admin_users.update': 'admins.manage',
  'admin.admin_users.destroy': 'admins.manage',
  'admin.audit_log.index': 'audit.view',
  'admin.audit_log.export': 'audit.view',
  // Settings, branding, products, currencies, API configurations
  'admin.settings.index': 'settings.view',
  'admin.settings.show': 'settings.view',
  'admin.settings.date_formats': 'settings.view',
  'admin.settings.time_formats': 'settings.view',
  'admin.settings.update': 'settings.manage',
  'admin.settings.bulk_update': 'settings.manage',
  'admin.settings.clear_cache': 'settings.manage',
  'branding.update': 'settings.manage',
  'branding.clear_cache': 'settings.manage',
  'admin.products.index': 'settings.view',
  'admin.products.update': 'settings.manage',
  'admin.products.refresh': 'settings.manage',
  'admin.currencies.index': 'settings.view',
  'admin.currencies.scheduler_status': 'settings.view',
  'admin.currencies.update': 'settings.manage',
  'admin.currencies.refresh_rates': 'settings.manage',
  'admin.api_configs.index': 'settings.manage',
  'admin.api_configs.store': 'settings.manage',
  'admin.api_configs.update': 'settings.manage',
  'admin.api_configs.destroy': 'settings.manage',
  // Import and clean
  'data.stats': 'imports.manage',
  'data.preview': 'imports.manage',
  'data.preview_errors': 'imports.manage',
  'data.preview_records': 'imports.manage',
  'data.confirm_import': 'imports.manage',
  'data.clean_status': 'imports.manage',
  'data.clean': 'database.clean',
  // Members
  'admin.members.index': 'members.view',
  'admin.members.show': 'members.view',
  'admin.members.stats': 'members.view',
  // Exports of a list: the list's own read ability (docs/backoffice.md "Exports of every list")
  'admin.members.export': 'members.view',
  'admin.members.invitations': 'members.view',
  'backoffice.unmigrated_users.index': 'members.view',
  'admin.members.store': 'members.manage',
  'admin.members.update': 'members.manage',
  'admin.members.destroy': 'members.manage',
  'admin.members.block': 'members.manage',
  'admin.members.bulk_block': 'members.manage',
  // Irreversible: an Owner's only (docs/privacy.md)
  'backoffice.members.erasure': 'members.erase',
  'admin.email_overrides.index': 'members.manage',
  'admin.email_overrides.show': 'members.manage',
  'admin.email_overrides.search_members': 'members.manage',
  'admin.email_overrides.store': 'members.manage',
  'admin.email_overrides.update': 'members.manage',
  'admin.email_overrides.destroy': 'members.manage',
  // Invitations and secure links
  'backoffice.unmigrated_users.send_invitations': 'invitations.send',
  'backoffice.unmigrated_users.generate_bulk_tokens': 'invitations.send',
  'backoffice.unmigrated_users.generate_token': 'links.generate',
  'backoffice.unmigrated_users.token_config': 'links.generate',
  // Migrations
  'backoffice.migrations.index': 'migrations.view',
  'backoffice.migrations.show': 'migrations.view',
  'backoffice.migrations.export': 'migrations.view',
  'admin.migrations.api_logs': 'migrations.view',
  'admin.migrations.outbox': 'migrations.view',
  // Cancel coverage: the refund it implies, then the cancellation (docs/payments.md)
  'admin.migrations.cancellation': 'refunds.manage',
  'admin.migrations.cancel': 'refunds.manage',
  'migrations.frozen_quote': 'migrations.view',
  'migrations.consents': 'migrations.view',
  'admin.migrations.block': 'migrations.manage',
  'admin.migrations.retry_api': 'migrations.manage',
  'admin.migrations.retry_emails': 'migrations.manage',
  'admin.migrations.regenerate_documents': 'migrations.manage',
  'admin.outbox.replay': 'migrations.manage',
  'admin.dead_letters.index': 'migrations.manage',
  'admin.email_deliveries.resend': 'emails.resend',
  // Templates
  'admin.email_templates.index': 'templates.manage',
  'admin.email_templates.show': 'templates.manage',
  'admin.email_templates.variables': 'templates.manage',
  'admin.email_templates.preview': 'templates.manage',
  'admin.email_templates.store': 'templates.manage',
  'admin.email_templates.update': 'templates.manage',
  'admin.email_templates.activate': 'templates.manage',
  'admin.email_templates.destroy': 'templates.manage',
  'admin.doc_templates.index': 'templates.manage',
  'admin.product_documents.index': 'templates.manage',
  'admin.product_documents.store': 'templates.manage',
  'admin.doc_templates.store': 'templates.manage',
  'admin.doc_templates.destroy': 'templates.manage',
  // Subscriptions and finance
  'backoffice.subscriptions.index': 'subscriptions.view',
  'backoffice.subscriptions.problematic': 'subscriptions.view',
  'backoffice.subscriptions.early_cancellations': 'subscriptions.view',
  'backoffice.subscriptions.stats': 'subscriptions.view',
  'backoffice.subscriptions.export': 'subscriptions.view',
  'backoffice.subscriptions.payments': 'subscriptions.view',
  'backoffice.subscriptions.mark_reviewed': 'subscriptions.manage',
  'admin.finance.dunning.index': 'finance.manage',
  'admin.finance.dunning.show': 'finance.manage',
  'admin.finance.dunning.export': 'exports.download',
  'admin.finance.reconciliation.index': 'finance.manage',
  'admin.finance.reconciliation.show': 'finance.manage',
  'admin.finance.reconciliation.run': 'finance.manage',
  'admin.finance.reconciliation.export': 'exports.download',
  'admin.finance.ledger.export': 'exports.download',
  'admin.finance.refunds.index': 'finance.manage',
  'admin.finance.refunds.export': 'exports.download',
  'admin.finance.disputes.export': 'exports.download',
  'admin.finance.refunds.show': 'finance.manage',
  'admin.finance.disputes.index': 'finance.manage',
  'admin.finance.disputes.show': 'finance.manage',
  // Notes: every role writes them on what it reads (a member's notes also need members.view, in
  // the service); only the author or an Owner changes one.
  'backoffice.notes.index': 'migrations.view',
  'backoffice.notes.store': 'migrations.view',
  'backoffice.notes.update': 'migrations.view',
  'backoffice.notes.destroy': 'migrations.view',
  // The app bar's search: every role; each kind of result only for the roles that read it (in the service).
  'backoffice.search': 'migrations.view',
  // Read-only facts of one migration: its detail (every role) shows them.
  'admin.migrations.refunds': 'migrations.view',
  'admin.migrations.credit_notes': 'migrations.view',
  'admin.credit_notes.pdf': 'migrations.view',
  'admin.migrations.disputes': 'migrations.view',
}

/**
 * Refuses an admin-area request whose role lacks the route's ability (403 with a sentence that
 * says which role and what), or whose route has no entry in the table.
 */
export async function authorizeAdminRoute(ctx: HttpContext) {
  const admin = ctx.auth.use('admin').user as { id: number; role: AdminRole } | undefined
  if (!admin) return
  const name = ctx.route?.name
  // The catch-all under /api answers 404 (or 405) to everyone: nothing to authorize.
  if (name === 'api.not_found') return
  const ability = name ? ROUTE_ABILITIES[name] : undefined
  if (!ability) throw new ApiError('This administrator route has no entry in the role table', 403)
  const targetId = ability === 'admins.password' ? Number(ctx.params.id) : undefined
  if (!(await adminCan(admin, ability, targetId)))
    throw new ApiError(deniedMessage(admin, ability, ctx.request.method()), 403)
}
