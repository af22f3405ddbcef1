import type { AuthProvider } from 'react-admin'
import { api } from '../common/api'
import type { ApiAnswer, ApiBody } from '../common/api_contract'
import { adminPath } from './paths'

/** Status of an error thrown by the dataProvider (HttpError) or common/api (ApiError). */
export const statusOf = (error: unknown): number | undefined =>
  (error as { status?: number } | null)?.status

/** The enrolment screen (outside the layout): where REQUIRE_ADMIN_2FA holds an administrator without a factor. */
const ENROLMENT_ROUTE = adminPath('two-factor')

/** The password was right and the account has a second factor: the sign-in page asks for it. */
export class SecondFactorRequired extends Error {
  constructor(readonly methods: { totp: boolean; passkey: boolean }) {
    super('Second factor required')
  }
}

/** What sign-in's steps answer (modules/auth/api_docs.ts). */
type SignInAnswer =
  | ApiAnswer<'/api/admin/login', 'post'>
  | ApiAnswer<'/api/admin/login/code', 'post'>
  | ApiAnswer<'/api/admin/login/passkey', 'post'>
type LoginParams =
  | ApiBody<'/api/admin/login', 'post'>
  | { code: string }
  | { passkey: ApiBody<'/api/admin/login/passkey', 'post'>['credential'] }

/** Where an answer that signed in leads: enrolment when the session is held to it, else the page asked for. */
const afterSignIn = (answer: SignInAnswer) =>
  'enrolment_required' in answer && answer.enrolment_required
    ? { redirectTo: ENROLMENT_ROUTE }
    : undefined

/**
 * Admin session (cookie) for react-admin; checkAuth asks the server each time.
 * checkError is the one place an API error ends the session: a 401 (decisions.md §2) and
 * nothing else. Words in messages are never looked at: a 403 while the session is held to
 * enrolment (the server's /admin/me says so) leads to the enrolment screen.
 */
type MeAnswer = ApiAnswer<'/api/admin/me', 'get'>

/**
 * /admin/me, shared by the callers that ask while it is on its way: react-admin checks the session
 * several times while a screen mounts, and each check was a request of the first load.
 */
let asking: Promise<MeAnswer> | null = null
const askMe = () =>
  (asking ??= api.get('/api/admin/me').finally(() => {
    asking = null
  }))

/** The signed-in administrator's answer, asked once per sign-in (abilities decide what the screens show). */
let me: Promise<MeAnswer> | null = null
const loadMe = () =>
  (me ??= askMe().catch((error) => {
    me = null
    throw error
  }))

/**
 * Which ability opens a back-office screen (its path or react-admin resource name), the server's
 * table in modules/admins/roles.ts: the screens a role cannot use are hidden; the server refuses anyway.
 */
const SCREEN_ABILITIES: Record<string, string> = {
  'dashboard': 'dashboard.view',
  'migrations': 'migrations.view',
  'unmigrated-users': 'members.view',
  'members': 'members.view',
  'subscriptions': 'subscriptions.view',
  'finance/dunning': 'finance.manage',
  'finance/reconciliation': 'finance.manage',
  'finance/refunds': 'finance.manage',
  'finance/disputes': 'finance.manage',
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
  async login(params: LoginParams) {
    me = null
    if ('code' in params)
      return afterSignIn(await api.post('/api/admin/login/code', { body: { code: params.code } }))
    if ('passkey' in params)
      return afterSignIn(
        await api.post('/api/admin/login/passkey', { body: { credential: params.passkey } })
      )
    const answer = await api.post('/api/admin/login', { body: params })
    if ('second_factor' in answer) throw new SecondFactorRequired(answer.methods)
    return afterSignIn(answer)
  },
  async logout() {
    me = null
    await api.post('/api/admin/logout').catch(() => undefined)
  },
  async checkAuth() {
    await askMe()
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
    if (statusOf(error) !== 403) return
    const answer = await api.get('/api/admin/me').catch(() => null)
    if (answer?.enrolment_required)
      throw { redirectTo: ENROLMENT_ROUTE, logoutUser: false, message: false }
  },
  async getIdentity() {
    const { admin, role } = await loadMe()
    return { id: admin.id, fullName: admin.username, role }
  },
}
