import { AdminUser } from '#modules/admins/index'
import { TEST_ADMIN } from './database.js'

/** The seeded demo administrator, for API tests: `.asAdmin(await demoAdmin())`. */
export function demoAdmin() {
  return AdminUser.findByOrFail('username', TEST_ADMIN.username)
}
