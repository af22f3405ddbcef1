import type { AuthProvider } from 'react-admin'
import { api, ApiError } from '../common/api'

/** Admin session (cookie) for react-admin; checkAuth asks the server each time. */
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
    const status = error instanceof ApiError ? error.status : error?.status
    if (status === 401) throw new Error('Admin authentication required')
  },
  async getIdentity() {
    const { admin } = await api.get<{ admin: { id: number; username: string } }>('/admin/me')
    return { id: admin.id, fullName: admin.username }
  },
  async getPermissions() {
    return null
  },
}
