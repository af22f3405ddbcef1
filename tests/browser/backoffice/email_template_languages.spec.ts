/// <reference lib="dom" />
import { test } from '@japa/runner'
import { isolateEachTest } from '#tests/helpers/database'
import { screenshot } from '#tests/helpers/browser'
import { adminScreen } from '#tests/helpers/browser_sessions'
import { EmailTemplate } from '#modules/notifications/index'

/** The email template editor names each version's language and lets the admin choose it. */
test.group('Email template language versions on the back-office', (group) => {
  isolateEachTest(group)

  test('the editor shows the language, says English is the fallback, and creates a French version', async ({
    assert,
  }) => {
    // The filled form at 390 and 1280 px, axe and HTML_CodeSniffer: matrix_content.spec.ts.
    const page = await adminScreen('email-templates', { viewport: { width: 1280, height: 900 } })
    const list = page.getByTestId('template-list')
    await list.getByText('Payment receipt · German').first().click()
    await page.getByTestId('template-view').getByText('Payment receipt · German').waitFor()
    await page
      .getByTestId('template-language-hint')
      .getByText('English is sent when their language has no active version')
      .waitFor()

    await page.getByTestId('template-new').click()
    await page.getByTestId('template-name').fill('Reçu (printemps)')
    await page.getByTestId('template-subject').fill('Reçu {{migration_reference}}')
    await page.getByRole('combobox', { name: 'Language' }).click()
    await page.getByRole('option', { name: 'French' }).click()
    await screenshot(page, 'ra-email-template-language-1280')
    await page.getByTestId('template-save').click()
    await page.getByText('Template created successfully').waitFor()

    const created = await EmailTemplate.findByOrFail('name', 'Reçu (printemps)')
    assert.equal(created.language, 'fr')
    assert.isFalse(created.is_active)
  })
})
