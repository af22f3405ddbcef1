import type { AuthProvider } from 'react-admin'
import { api } from '../common/api'

/** Status of an error thrown by the dataProvider (HttpError) or common/api (ApiError). */
export const statusOf = (error: unknown): number | undefined => (error as { status?: number } | null)?.status

/**
 * Admin session (cookie) for react-admin; checkAuth asks the server each time.
 * checkError is the one place an API error ends the session: a 401 (decisions.md §2) and
 * nothing else. Words in messages are never looked at.
 */
interface MeAnswer {
  admin: { id: number; username: string }
  role: string
  abilities: string[]
}

/** The signed-in administrator's answer, asked once per sign-in (abilities decide what the screens show). */
let me: Promise<MeAnswer> | null = null
const loadMe = () => (me ??= api.get<MeAnswer>('/admin/me').catch((error) => {
  me = null
  throw error
}))

/**
 * Which ability opens a back-office screen (its path or react-admin resource name), the server's
 * table in modules/admins/roles.ts: the screens a role cannot use are hidden; the server refuses anyway.
 */
export const SCREEN_ABILITIES: Record<string, string> = {
  'dashboard': 'dashboard.view',
  'migrations': 'migrations.view',
  'unmigrated-users': 'members.view',
  'members': 'members.view',
  'subscriptions': 'subscriptions.view',
  'finance/dunning': 'finance.manage',
  'products': 'settings.view',
  'currencies': 'settings.view',
  'templates': 'templates.manage',
  'email-templates': 'templates.manage',
  'email-overrides': 'members.manage',
  'api-configs': 'settings.manage',
  'admins': 'admins.manage',
  'import': 'imports.manage',
  'settings': 'settings.view',
  'settings/audit-log': 'audit.view',
  'dead-letters': 'migrations.manage',
  'security': 'account.self',
}

export const authProvider: AuthProvider = {
  async login({ username, password }) {
    me = null
    await api.post('/admin/login', { username, password })
  },
  async logout() {
    me = null
    await api.post('/admin/logout').catch(() => undefined)
  },
  async checkAuth() {
    await api.get('/admin/me')
  },
  /** A screen (resource) or an ability name (`action: 'ability'`): allowed when the role has its ability. */
  async canAccess({ resource, action }) {
    const { abilities } = await loadMe()
    const ability = action === 'ability' ? resource : SCREEN_ABILITIES[resource]
    return ability === undefined || abilities.includes(ability)
  },
  async checkError(error) {
    if (statusOf(error) === 401) {
      me = null
      throw new Error('Admin authentication required')
    }
  },
  async getIdentity() {
    const { admin, role } = await loadMe()
    return { id: admin.id, fullName: admin.username, role }
  },
}
