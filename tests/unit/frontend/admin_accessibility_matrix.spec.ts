import { test } from '@japa/runner'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

/**
 * The back-office's accessibility matrix (tests/browser/backoffice/admin_axe_widths.spec.ts and the matrix_*.spec.ts files beside it) has an
 * entry for every route and every dialog of the admin router, so its coverage cannot shrink quietly:
 * a new screen or dialog fails here until the matrix opens it (or it is named in NOT_YET_IN_MATRIX,
 * which may only shrink: an entry there that the matrix now covers fails too).
 */
const ADMIN = join(import.meta.dirname, '../../../frontend/src/admin')
const MATRIX_DIR = join(import.meta.dirname, '../../browser/backoffice')

/** The matrix: admin_axe_widths.spec.ts and the matrix_*.spec.ts files beside it. */
function matrixText(): string {
  return readdirSync(MATRIX_DIR)
    .filter((name) => name === 'admin_axe_widths.spec.ts' || /^matrix_.+\.spec\.ts$/.test(name))
    .map((name) => readFileSync(join(MATRIX_DIR, name), 'utf8'))
    .join('\n')
}

/** The routes of the admin router: pages.tsx's paths and resource names, their sub-routes, the two outside the layout. */
function adminRoutes(): string[] {
  const pages = readFileSync(join(ADMIN, 'pages.tsx'), 'utf8')
  const routes = [...pages.matchAll(/\b(?:path|name): '([^']+)'/g)].map((match) => match[1])
  // `{ path: ':id', ... }` is the migrations resource's detail route (migrations/:id).
  const named = routes.map((route) => (route === ':id' ? 'migrations/:id' : route))
  const app = readFileSync(join(ADMIN, 'AdminApp.tsx'), 'utf8')
  for (const match of app.matchAll(/path="\/([^"]+)"/g)) named.push(match[1])
  return [...new Set([...named, 'login'])].sort()
}

/** Source files of the admin screens that open a dialog (MUI Dialog, react-admin Confirm, the shared dialogs). */
function dialogSources(): string[] {
  const found: string[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (
        entry.name.endsWith('.tsx') &&
        /<(Dialog|Confirm|FormDialog|InfoDialog|DeleteConfirm)[\s>]/.test(
          readFileSync(path, 'utf8')
        )
      )
        found.push(relative(ADMIN, path).replace(/\.tsx$/, ''))
    }
  }
  walk(join(ADMIN, 'pages'))
  walk(join(ADMIN, 'audit'))
  walk(join(ADMIN, 'layout'))
  return found.sort()
}

/** How the matrix names a route: the path given to checkScreen (the detail route by its id). */
const ROUTE_IN_MATRIX: Record<string, string> = {
  'migrations/:id': '`migrations/${a}`',
  'login': "'/admin/login'",
}

/** Which checkDialog names of the matrix open each dialog source. */
const DIALOG_IN_MATRIX: Record<string, string[]> = {
  'audit/AuditLogPage': ['audit-entry'],
  'audit/HistoryPanel': ['history'],
  'layout/search/GlobalSearch': ['global-search'],
  'pages/admins/AdminDialogs': ['admin-add', 'admin-edit', 'admin-password'],
  'pages/admins/AdminList': ['admin-delete', 'admin-reset-two-factor'],
  'pages/api-configs/index': ['api-config-delete'],
  'pages/import/AllRecordsDialog': ['import-all-records'],
  'pages/dead-letters/UnknownEmailsCard': ['unknown-email-resend'],
  'pages/email-overrides/OverrideDialog': ['override-add', 'override-edit'],
  'pages/email-overrides/index': ['override-delete'],
  'pages/email-templates/DeleteTemplateConfirm': ['email-template-delete'],
  'pages/email-templates/PreviewDialog': ['email-template-preview'],
  'pages/members/BlockDialog': ['member-block'],
  'pages/members/MemberBulkActions': ['members-bulk-block'],
  'pages/members/MemberDeleteConfirm': ['member-delete'],
  'pages/members/MemberDetailsDialog': ['member-details'],
  'pages/members/ErasureDialog': ['member-erasure'],
  'pages/members/MemberFormDialog': ['member-add', 'member-edit'],
  'pages/migrations/ApiLogsDialog': ['api-logs'],
  'pages/migrations/MigrationRetry': ['migration-retry'],
  'pages/templates/index': ['template-delete'],
  'pages/unmigrated-users/GenerateLinksConfirm': ['unmigrated-generate-links'],
  'pages/unmigrated-users/ReplaceLinkConfirm': ['unmigrated-replace-link'],
  'pages/unmigrated-users/SendInvitationsConfirm': ['unmigrated-send-invitations'],
}

/**
 * Routes and dialogs the matrix does not open yet (never checked by axe in a behaviour test either):
 * the list may only shrink.
 */
const NOT_YET_IN_MATRIX: string[] = []

test.group('Back-office accessibility matrix', () => {
  test('every route and dialog of the admin router has an entry in the matrix', ({ assert }) => {
    const matrix = matrixText()
    const routeCovered = (route: string) => matrix.includes(ROUTE_IN_MATRIX[route] ?? `'${route}'`)
    const dialogCovered = (source: string) =>
      (DIALOG_IN_MATRIX[source] ?? []).length > 0 &&
      DIALOG_IN_MATRIX[source].every((name) => matrix.includes(`'${name}'`))
    const routes = adminRoutes()
    const dialogs = dialogSources()
    assert.includeMembers(routes, [
      'dashboard',
      'migrations/:id',
      'settings/audit-log',
      'two-factor',
    ])
    assert.includeMembers(dialogs, ['pages/members/BlockDialog', 'pages/migrations/ApiLogsDialog'])
    const missing = [
      ...routes.filter((route) => !routeCovered(route)),
      ...dialogs.filter((source) => !dialogCovered(source)),
    ]
    assert.deepEqual(
      missing.filter((name) => !NOT_YET_IN_MATRIX.includes(name)),
      [],
      'routes or dialogs without a matrix entry'
    )
    assert.deepEqual(
      NOT_YET_IN_MATRIX.filter((name) => !missing.includes(name)),
      [],
      'covered now or gone: take them off NOT_YET_IN_MATRIX'
    )
  })
})
