import { AdminUser } from '#modules/admins/index'
import { ApiError } from '#modules/shared/index'
import { throttledAttempt } from './login_throttle.js'

const INVALID_ADMIN_CREDENTIALS = 'Invalid username or password'

export async function loginAdmin(
  username: string,
  password: string,
  ip: string
): Promise<AdminUser> {
  return throttledAttempt(`admin_${username.trim()}`, ip, async () => {
    try {
      return await AdminUser.verifyCredentials(username.trim(), password)
    } catch {
      throw new ApiError(INVALID_ADMIN_CREDENTIALS, 401)
    }
  })
}
