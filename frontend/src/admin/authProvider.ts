import type { AuthProvider } from 'react-admin'
import { api } from '../common/api'

/** Status of an error thrown by the dataProvider (HttpError) or common/api (ApiError). */
export const statusOf = (error: unknown): number | undefined => (error as { status?: number } | null)?.status

/**
 * Admin session (cookie) for react-admin; checkAuth asks the server each time.
 * checkError is the one place an API error ends the session: a 401 (decisions.md §2) and
 * nothing else. Words in messages are never looked at.
 */
export const authProvider: AuthProvider = {
  async login({ username, password }) {
    await api.post('/admin/login', { username, password })
  },
  async logout() {
    await api.post('/admin/logout').catch(() => undefined)
  },
  async checkAuth() {
    await api.get('/admin/me')
  },
  async checkError(error) {
    if (statusOf(error) === 401) throw new Error('Admin authentication required')
  },
  async getIdentity() {
    const { admin } = await api.get<{ admin: { id: number; username: string } }>('/admin/me')
    return { id: admin.id, fullName: admin.username }
  },
}
