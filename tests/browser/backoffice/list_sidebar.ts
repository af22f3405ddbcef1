import type { Page } from 'playwright-core'

/** Opens a list's sidebar (closed by default) and waits for its saved views to load. */
export async function openSidebar(page: Page) {
  const toggle = page.getByTestId('list-sidebar-toggle')
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
  await page
    .getByTestId('saved-views')
    .locator('[data-testid="saved-views-empty"], [data-testid="saved-view"]')
    .first()
    .waitFor()
}
