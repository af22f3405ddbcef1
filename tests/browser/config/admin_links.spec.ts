/// <reference lib="dom" />
import { test } from '@japa/runner'
import type { Page } from 'playwright-core'
import { isolateEachTest } from '#tests/helpers/database'
import { screenshot } from '#tests/helpers/browser'
import { adminScreen, goToScreen } from '#tests/helpers/browser_sessions'
import { createPendingMigration } from '#tests/helpers/migration_fixtures'

/** Waits for a back-office screen: its path and its title (a wrong link would land on /shop/login). */
async function expectScreen(page: Page, path: string, title: string) {
  await page.waitForURL((url) => url.pathname === path)
  await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor()
}

/**
 * react-admin runs inside the app's router, so its basename is not added to
 * links: every back link, tile, quick button and row must name /admin itself.
 */
test.group('Back-office links stay inside /admin', (group) => {
  isolateEachTest(group)

  test('dashboard tiles, quick buttons and View All open the right /admin screens', async () => {
    const page = await adminScreen('dashboard')
    const dashboard = async () => {
      await goToScreen(page, 'dashboard')
      await page.getByTestId('tile-members').waitFor()
    }

    await dashboard()
    await page.getByTestId('tile-members').click()
    await expectScreen(page, '/admin/members', 'Members')

    await dashboard()
    await page.getByTestId('tile-migrations').click()
    await expectScreen(page, '/admin/migrations', 'Migrations Dashboard')

    await dashboard()
    await page.getByTestId('tile-disabled-products').click()
    await expectScreen(page, '/admin/products', 'Products')

    await dashboard()
    await page.getByTestId('tile-unmigrated').click()
    await page.waitForURL((url) => url.pathname === '/admin/unmigrated-users')

    await dashboard()
    await page.getByTestId('quick-settings').click()
    await expectScreen(page, '/admin/settings', 'Settings')

    await dashboard()
    await page.getByTestId('quick-subscriptions').click()
    await page.waitForURL((url) => url.pathname === '/admin/subscriptions')

    await dashboard()
    await page.getByTestId('view-all-migrations').click()
    await expectScreen(page, '/admin/migrations', 'Migrations Dashboard')
  })

  test('back links of members, unmigrated users, currencies and email overrides go to /admin/migrations', async () => {
    const page = await adminScreen('dashboard')
    for (const screen of [
      '/admin/members',
      '/admin/unmigrated-users',
      '/admin/currencies',
      '/admin/email-overrides',
    ]) {
      await goToScreen(page, screen)
      await page.getByRole('link', { name: 'Back to Migrations' }).click()
      await expectScreen(page, '/admin/migrations', 'Migrations Dashboard')
    }
  })

  test('a migration row opens its detail page and the back link returns to the list', async () => {
    const { migration } = await createPendingMigration()
    const page = await adminScreen('dashboard')
    await page
      .getByTestId('recent-migration-row')
      .filter({ hasText: migration.migration_reference })
      .click()
    await expectScreen(
      page,
      `/admin/migrations/${migration.id}`,
      `Migration ${migration.migration_reference}`
    )
    await screenshot(page, 'config-migration-detail')
    await page.getByRole('link', { name: 'Back to Migrations' }).click()
    await expectScreen(page, '/admin/migrations', 'Migrations Dashboard')
    await page
      .getByTestId('migration-row')
      .filter({ hasText: migration.migration_reference })
      .click()
    await page.waitForURL((url) => url.pathname === `/admin/migrations/${migration.id}`)
  })
})
