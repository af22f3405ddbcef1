import { randomBytes } from 'node:crypto'
import { AdminUser } from '#modules/admins/index'

/**
 * Creates the demo administrator when no administrator exists. The password
 * comes from DEMO_ADMIN_PASSWORD or is generated; it is never a constant.
 */
export async function seedDemoAdmin(password = process.env.DEMO_ADMIN_PASSWORD) {
  if (await AdminUser.query().first()) return null
  const chosen = password || randomBytes(9).toString('base64url')
  await AdminUser.create({ username: 'admin', email: 'admin@example.com', password: chosen })
  return { username: 'admin', password: chosen }
}
