/// <reference lib="dom" />
import { test } from '@japa/runner'
import type { Locator } from 'playwright-core'
import { readFile } from 'node:fs/promises'
import { isolateEachTest } from '#tests/helpers/database'
import { newPage, screenshot } from '#tests/helpers/browser'
import { loginAsAdmin } from '#tests/helpers/browser_sessions'
import { censusCsv, writeTmpFile } from '#tests/helpers/census_files'
import { Member } from '#modules/members/index'
import { Setting, settingsService } from '#modules/settings/index'

/*
| The Import Data screen: the mapping step, the dry run's
| counts in the preview and the result, the error file, at desktop and phone
| widths (axe and HTML_CodeSniffer on every step: matrix_finance.spec.ts).
| Dates in DATE_FORMAT, and the
| preview's toast does not cover View All's column headers on a phone.
*/

/** Records as their table shows them: Row, Name, Member ID, Date of Birth. */
const firstColumns = async (table: Locator) =>
  (await table.locator('tbody tr').all()).map((row) =>
    row
      .locator('td')
      .allTextContents()
      .then((cells) => cells.slice(0, 4).join(' | '))
  )

type Box = { x: number; y: number; width: number; height: number }
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

const HEADERS = [
  'Policy Holder No',
  'Full Name',
  'DOB',
  'Relationship',
  'Principal Person ID',
  'Person ID',
  'Product',
]
const ROWS = [
  ['INS-01', 'Insight Principal', '14.02.1979', 'Principal', '', 'INS-P1', 'Insight Care'],
  ['INS-02', 'Insight Spouse', '03.09.1977', 'Spouse', 'INS-P1', 'INS-P2', 'Insight Care'],
  ['INS-03', 'Insight Child', '21.06.2012', 'Child', 'INS-P1', 'INS-P3', 'Insight Care'],
  ['INS-09', 'Broken Date', '31.02.1990', 'Principal', '', 'INS-P9', 'Insight Care'],
  [
    'DEMO-1005',
    'Emma Johansson-Berg',
    '28.02.1991',
    'Principal',
    '',
    'P-1005',
    'Global Health Silver',
  ],
]

// The preview's first records in file order, View All's sorted by name; dates in MM/DD/YYYY, the
// invalid one as the file wrote it.
const SAMPLE = [
  '2 | Insight Principal | INS-01 | 02/14/1979',
  '3 | Insight Spouse | INS-02 | 09/03/1977',
  '4 | Insight Child | INS-03 | 06/21/2012',
  '5 | Broken Date | INS-09 | 31.02.1990',
  '6 | Emma Johansson-Berg | DEMO-1005 | 02/28/1991',
]
const VIEW_ALL = [SAMPLE[3], SAMPLE[4], SAMPLE[2], SAMPLE[0], SAMPLE[1]]

test.group('Import Data: mapping step, counts, error file', (group) => {
  isolateEachTest(group)
  group.each.setup(() => () => settingsService.clearCache())

  for (const width of [1280, 390]) {
    test(`a file without Member ID is mapped, previewed with its counts, its error rows downloaded and imported (${width} px)`, async ({
      assert,
      cleanup,
    }) => {
      const file = await writeTmpFile('insight.csv', censusCsv(ROWS, { headers: HEADERS }))
      // Neither the default nor ISO: the preview and View All write dates in it.
      await Setting.query()
        .where('setting_key', 'DATE_FORMAT')
        .update({ setting_value: 'MM/DD/YYYY' })
      settingsService.clearCache()

      // DATE_FORMAT is read once per page load (FormattingProvider): a page of its own, loaded after
      // the change (the kept page of adminScreen would keep the format it read for the tests after
      // this one).
      const { context, page } = await newPage({ viewport: { width, height: 900 } })
      cleanup(() => context.close())
      await loginAsAdmin(page, '/admin/import')
      await page.getByTestId('db-stat-members').filter({ hasText: /\d/ }).waitFor()
      await screenshot(page, `import-screen-${width}`)

      await page.getByTestId('import-file').setInputFiles(file)
      await page.getByTestId('preview-import').click()
      const mapping = page.getByTestId('import-mapping')
      await mapping.waitFor()
      assert.include(await mapping.textContent(), 'Missing required column(s): Member ID')
      await screenshot(page, `import-mapping-${width}`)

      await mapping.getByRole('combobox', { name: 'Member ID' }).click()
      const options = await page.getByRole('option').allTextContents()
      assert.deepEqual(
        options.filter((option) => option.trim() !== ''),
        HEADERS
      )
      await page.getByRole('option', { name: 'Policy Holder No' }).click()
      await page.getByTestId('preview-mapped').click()
      const toast = page.getByText('File parsed successfully! Review the preview below.')
      await toast.waitFor()

      // View All while the preview's toast is still up: the toast is dismissed, so it covers none of
      // the dialog's column headers (it lay over them). The window's blur holds the toast (notistack
      // pauses its 4 s then, as when the admin looks at another window), so a slow run cannot let it
      // expire first; 640 px high, the dialog's headers are level with it.
      await page.evaluate(() => window.dispatchEvent(new Event('blur')))
      await page.setViewportSize({ width, height: 640 })
      await page.getByTestId('view-all-records').click()
      const allRecords = page.getByTestId('all-records-table')
      await allRecords.waitFor()
      await page.waitForTimeout(400) // the dialog's fade-in
      const headers = (await allRecords.locator('thead tr').boundingBox())!
      const toastBoxes = await page
        .locator('.notistack-MuiContent')
        .evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect().toJSON() as Box))
      assert.deepEqual(
        toastBoxes.filter((box) => overlaps(box, headers)),
        [],
        'toasts over the headers'
      )
      assert.deepEqual(await Promise.all(await firstColumns(allRecords)), VIEW_ALL)
      await screenshot(page, `import-view-all-${width}`)
      await page.getByRole('button', { name: 'Close' }).click()
      await page.getByTestId('all-records-dialog').waitFor({ state: 'detached' })
      await page.setViewportSize({ width, height: 900 })
      assert.deepEqual(
        await Promise.all(await firstColumns(page.getByTestId('sample-records'))),
        SAMPLE
      )
      assert.equal(await page.getByTestId('import-mapping').count(), 0)
      const figures = Object.fromEntries(
        await Promise.all(
          ['new', 'updated', 'unchanged', 'skipped'].map(async (kind) => [
            kind,
            await page.getByTestId(`preview-${kind}`).textContent(),
          ])
        )
      )
      assert.deepEqual(figures, { new: '3', updated: '1', unchanged: '0', skipped: '1' })
      await screenshot(page, `import-preview-${width}`)

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('download-errors').click(),
      ])
      assert.equal(download.suggestedFilename(), 'insight-errors.csv')
      assert.equal(
        await readFile((await download.path())!, 'utf8'),
        '\uFEFFPolicy Holder No,Full Name,DOB,Relationship,Principal Person ID,Person ID,Product,Row,Reason\r\n' +
          'INS-09,Broken Date,31.02.1990,Principal,,INS-P9,Insight Care,5,"Date of Birth ""31.02.1990"" is not a valid date (DD.MM.YYYY or YYYY-MM-DD)"\r\n'
      )

      await page.getByTestId('confirm-import').click()
      await page.getByText('Import completed with 1 errors. 3 members imported.').waitFor()
      assert.equal(
        await page.getByTestId('import-result-counts').textContent(),
        'New: 3 · Updated: 1 · Unchanged: 0 · Skipped: 1'
      )
      await screenshot(page, `import-result-${width}`)
      assert.equal(
        (await Member.findByOrFail('member_id', 'DEMO-1005')).insured_full_name,
        'Emma Johansson-Berg'
      )
      assert.isNotNull(await Member.findBy('member_id', 'INS-03'))
    })
  }
})
