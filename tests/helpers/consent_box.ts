import type { Page } from 'playwright-core'

/**
 * The member ticks the checkout's consent box and waits until it is recorded: Pay
 * is enabled only then. Every browser test that pays goes through here.
 */
export async function giveConsent(page: Page) {
  const box = page.getByTestId('consent-checkbox').locator('input')
  if (!(await box.isChecked())) await box.check()
  await page.getByTestId('consent-recorded').waitFor()
}

/** Consent, then Pay (sandbox). */
export async function agreeAndPay(page: Page, payButton = 'sandbox-pay') {
  await giveConsent(page)
  await page.getByTestId(payButton).click()
}
