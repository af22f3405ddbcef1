/// <reference lib="dom" />
import { test } from '@japa/runner'
import { isolateEachTest } from '#tests/helpers/database'
import { newPage, screenshot } from '#tests/helpers/browser'
import { adminScreen, goInShop, signInMember } from '#tests/helpers/browser_sessions'
import { reopenScreen } from '#tests/helpers/reopen_screen'
import { failApi, holdApi } from '#tests/helpers/route_faults'
import { pdfText } from '#tests/helpers/pdf_text'
import { Migration } from '#modules/migrations/index'
import { createFulfilmentWorker } from '#modules/fulfilment/index'
import { agreeAndPay } from '#tests/helpers/consent_box'

const LIST_API = '/api/admin/finance/reconciliation'
const RUN_API = '/api/admin/finance/reconciliation-runs'

// axe and HTML_CodeSniffer on these states: matrix_finance.spec.ts (the reconciliation list) and the shop's
// matrix (shop_matrix.ts: 'member-area', the same quarterly coverage with its receipt and card).
test.group('Finance screens: reconciliation results, receipts in the member area', (group) => {
  isolateEachTest(group)

  test('the reconciliation list shows loading, empty and error states; Reconcile now shows its progress', async ({
    assert,
  }) => {
    let release = () => {}
    const page = await adminScreen('finance/reconciliation', {
      viewport: { width: 1280, height: 860 },
      before: async (opened) => (release = await holdApi(opened, LIST_API)),
    })
    await page.getByTestId('list-loading').waitFor()
    assert.equal(
      await page.getByTestId('reconciliation-empty').count(),
      0,
      'no empty text while loading'
    )
    release()
    await page.getByTestId('reconciliation-empty').waitFor()
    assert.equal(
      await page.getByTestId('reconciliation-empty').innerText(),
      'No mismatches: every provider record matches our payments'
    )
    assert.isTrue(
      await page.getByTestId('list-export-csv').isDisabled(),
      'nothing to export from an empty list'
    )
    await screenshot(page, 'finance-reconciliation-empty')

    const holdRun = await holdApi(page, RUN_API)
    await page.getByTestId('reconcile-now').click()
    await page.getByTestId('reconcile-progress').waitFor()
    assert.isTrue(await page.getByTestId('reconcile-now').isDisabled())
    holdRun()
    await page.getByText(/Reconciled: \d+ provider records compared, 0 mismatches/).waitFor()
    await page.getByTestId('reconcile-progress').waitFor({ state: 'detached' })

    const restore = await failApi(page, LIST_API)
    await reopenScreen(page, 'finance/reconciliation', 'finance/refunds')
    await page.getByTestId('list-error').waitFor()
    assert.include(
      await page.getByTestId('list-error').innerText(),
      'Could not load reconciliation results'
    )
    assert.equal(
      await page.getByTestId('reconciliation-empty').count(),
      0,
      'an error is not shown as an empty list'
    )
    await screenshot(page, 'finance-reconciliation-error')
    await restore()
    await page.getByTestId('list-retry').click()
    await page.getByTestId('reconciliation-empty').waitFor()
  }).timeout(120_000)

  test('the member area shows the card on file and downloads the receipt of the paid installment', async ({
    assert,
    cleanup,
  }) => {
    const { context, page } = await newPage({ viewport: { width: 390, height: 900 } })
    cleanup(() => context.close())
    // Signed in through the API, then the one first load: the plan screen.
    await signInMember(page)
    await page.goto('/shop/select')
    await page.getByTestId('frequency-quarterly').check()
    await page.getByTestId('pricing-plan').getByText('Quarterly: 4 payments').waitFor()
    await page.getByTestId('continue-checkout').click()
    await agreeAndPay(page)
    await page.waitForURL('**/shop/success?migration_id=*')
    const migration = await Migration.findByOrFail(
      'migration_reference',
      await page.getByTestId('migration-reference').textContent()
    )
    await createFulfilmentWorker().drain()

    await goInShop(page, '/shop/already-migrated')
    await page.getByTestId('member-area').waitFor()
    assert.equal(await page.getByTestId('card-on-file').innerText(), 'Visa •••• 4242')
    assert.equal(
      await page.getByTestId('receipt-2').count(),
      0,
      'no receipt for an installment not yet paid'
    )
    await screenshot(page, 'shop-member-area-receipt')

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('receipt-1').click(),
    ])
    const text = await pdfText(await download.path())
    assert.include(text, `Receipt reference: ${migration.migration_reference}-1`)
    assert.include(text, 'Card: Visa •••• 4242')
  }).timeout(120_000)
})
