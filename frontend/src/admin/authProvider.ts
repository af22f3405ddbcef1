import type { AuthProvider } from 'react-admin'
import { api } from '../common/api'
import { adminPath } from './paths'

/** Status of an error thrown by the dataProvider (HttpError) or common/api (ApiError). */
export const statusOf = (error: unknown): number | undefined => (error as { status?: number } | null)?.status

/** The enrolment screen (outside the layout): where REQUIRE_ADMIN_2FA holds an administrator without a factor. */
export const ENROLMENT_ROUTE = adminPath('two-factor')

/** The password was right and the account has a second factor: the sign-in page asks for it. */
export class SecondFactorRequired extends Error {
  constructor(readonly methods: { totp: boolean; passkey: boolean }) {
    super('Second factor required')
  }
}

/** What sign-in's steps answer (modules/auth/api_docs.ts). */
type SignInAnswer = { admin: unknown; enrolment_required: boolean } | { second_factor: 'required'; methods: { totp: boolean; passkey: boolean } }
type LoginParams = { username: string; password: string; enrolmentToken?: string } | { code: string } | { passkey: unknown }

/** Where an answer that signed in leads: enrolment when the session is held to it, else the page asked for. */
const afterSignIn = (answer: SignInAnswer) => ('enrolment_required' in answer && answer.enrolment_required ? { redirectTo: ENROLMENT_ROUTE } : undefined)

/**
 * Admin session (cookie) for react-admin; checkAuth asks the server each time.
 * checkError is the one place an API error ends the session: a 401 (decisions.md §2) and
 * nothing else. Words in messages are never looked at: a 403 while the session is held to
 * enrolment (the server's /admin/me says so) leads to the enrolment screen.
 */
export const authProvider: AuthProvider = {
  async login(params: LoginParams) {
    if ('code' in params) return afterSignIn(await api.post<SignInAnswer>('/admin/login/code', { code: params.code }))
    if ('passkey' in params) return afterSignIn(await api.post<SignInAnswer>('/admin/login/passkey', { credential: params.passkey }))
    const answer = await api.post<SignInAnswer>('/admin/login', params)
    if ('second_factor' in answer) throw new SecondFactorRequired(answer.methods)
    return afterSignIn(answer)
  },
  async logout() {
    await api.post('/admin/logout').catch(() => undefined)
  },
  async checkAuth() {
    await api.get('/admin/me')
  },
  async checkError(error) {
    if (statusOf(error) === 401) throw new Error('Admin authentication required')
    if (statusOf(error) !== 403) return
    const me = await api.get<{ enrolment_required: boolean }>('/admin/me').catch(() => null)
    if (me?.enrolment_required) throw { redirectTo: ENROLMENT_ROUTE, logoutUser: false, message: false }
  },
  async getIdentity() {
    const { admin } = await api.get<{ admin: { id: number; username: string } }>('/admin/me')
    return { id: admin.id, fullName: admin.username }
  },
}
