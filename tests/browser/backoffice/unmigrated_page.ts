/// <reference lib="dom" />
import type { Page } from 'playwright-core'
import { baseUrl } from '#tests/helpers/browser'
import { adminScreen } from '#tests/helpers/browser_sessions'
import db from '@adonisjs/lucid/services/db'
import { Setting, settingsService } from '#modules/settings/index'

/** Secure links point at this test server, as FRONTEND_URL does in production. */
export async function useTestServerAsFrontendUrl() {
  const updated = await Setting.query()
    .where('setting_key', 'FRONTEND_URL')
    .update({ setting_value: baseUrl() })
  if (Number(Array.isArray(updated) ? updated[0] : updated) !== 1)
    throw new Error('FRONTEND_URL setting is not seeded')
  settingsService.clearCache()
}

/**
 * Unmigrated Users with the three demo principals listed, signed in on the kept back-office page
 * (adminScreen: no page load); `before` runs on it before the move (a `page.route` the list meets).
 */
export async function openUnmigratedUsers(before?: (page: Page) => Promise<unknown>) {
  const page = await adminScreen('unmigrated-users', {
    viewport: { width: 1400, height: 900 },
    before,
  })
  await page.getByTestId('unmigrated-row').nth(2).waitFor()
  return page
}

export const userRow = (page: Page, memberId: string) =>
  page.locator(`[data-testid="unmigrated-row"][data-member-id="${memberId}"]`)

/** Lifts the demo seed's block on DEMO-1003, for tests about links and invitations of unblocked members. */
export async function liftSeededBlocks() {
  await db.from('migration_blocks').where('active', true).update({ active: false })
}
