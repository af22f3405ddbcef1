/// <reference lib="dom" />
import type { Page } from 'playwright-core'
import { AdminUser } from '#modules/admins/index'
import { TEST_ADMIN } from './database.js'

/** The seeded demo administrator, for API tests: `.asAdmin(await demoAdmin())`. */
export function demoAdmin() {
  return AdminUser.findByOrFail('username', TEST_ADMIN.username)
}

/** Signs a browser page in through /admin/login and waits for the dashboard. */
export async function loginAsAdmin(page: Page) {
  await page.goto('/admin/login')
  await page.getByTestId('admin-username').fill(TEST_ADMIN.username)
  await page.getByTestId('admin-password').fill(TEST_ADMIN.password)
  await page.getByTestId('admin-login-button').click()
  await page.waitForURL('**/admin/dashboard')
}
