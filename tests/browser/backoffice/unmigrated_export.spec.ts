/// <reference lib="dom" />
import { test } from '@japa/runner'
import { readFile } from 'node:fs/promises'
import type { Download, Page } from 'playwright-core'
import ExcelJS from 'exceljs'
import { isolateEachTest } from '#tests/helpers/database'
import { newPage, screenshot } from '#tests/helpers/browser'
import { loginAsAdmin } from '#tests/helpers/browser_sessions'
import { Member } from '#modules/members/index'
import { settingsService } from '#modules/settings/index'
import { openUnmigratedUsers, userRow, useTestServerAsFrontendUrl } from './unmigrated_page.js'

const COLUMNS = [
  'Member ID',
  'Full Name',
  'Email',
  'Birth Year',
  'Product',
  'Plan',
  'Policy Start',
  'Policy End',
  'Secure Login Link',
]
/** A name a spreadsheet would run as a formula; it also needs RFC 4180 quoting (comma and quotes). */
const FORMULA_NAME = '=HYPERLINK("http://evil.example/?a=1,2","Priya")'

/** The local date the browser names the file with (the test machine's zone, like Chromium's). */
function localDate() {
  const now = new Date()
  return [now.getFullYear(), now.getMonth() + 1, now.getDate()]
    .map((part) => String(part).padStart(2, '0'))
    .join('-')
}

async function download(page: Page, testId: string): Promise<Download> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId(testId).click(),
  ])
  return file
}

test.group('Unmigrated users: CSV and XLSX exports', (group) => {
  isolateEachTest(group)
  group.each.teardown(() => settingsService.clearCache())

  test('CSV and XLSX carry the spec columns, the session links and neutralised formula cells', async ({
    assert,
  }) => {
    await useTestServerAsFrontendUrl()
    await Member.query().where('member_id', 'DEMO-1003').update({ insured_full_name: FORMULA_NAME })
    const page = await openUnmigratedUsers()
    await userRow(page, 'DEMO-1001').getByTestId('generate-link').click()
    const link = (await userRow(page, 'DEMO-1001')
      .getByTestId('secure-link')
      .getAttribute('title'))!
    await screenshot(page, 'ops-unmigrated-users')

    const csvFile = await download(page, 'export-csv')
    await page.getByText('CSV exported successfully!').waitFor()
    assert.equal(csvFile.suggestedFilename(), `unmigrated_users_${localDate()}.csv`)
    const csv = await readFile((await csvFile.path())!, 'utf8')
    assert.isTrue(csv.startsWith('\uFEFF'))
    const lines = csv.slice(1).split('\r\n')
    assert.deepEqual(lines, [
      COLUMNS.join(','),
      // Sorted by name: "=" comes before letters.
      `DEMO-1003,"'=HYPERLINK(""http://evil.example/?a=1,2"",""Priya"")",priya.n@example.com,1988,Global Health Silver,Silver,2026-01-01,2026-12-31,`,
      `DEMO-1001,Anna Schmidt,anna.schmidt@corp.example.com,1980,Global Health Gold,Gold,2026-01-01,2026-12-31,${link}`,
      'DEMO-1005,Emma Johansson,,1991,Global Health Silver,Silver,2026-01-01,2026-12-31,',
      '',
    ])

    const xlsxFile = await download(page, 'export-xlsx')
    await page.getByText('XLSX exported successfully!').waitFor()
    assert.equal(xlsxFile.suggestedFilename(), `unmigrated_users_${localDate()}.xlsx`)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load((await readFile((await xlsxFile.path())!)) as any)
    const sheet = workbook.worksheets[0]
    const rows = (sheet.getSheetValues() as unknown[][]).filter(Boolean).map((row) => row.slice(1))
    assert.deepEqual(rows, [
      COLUMNS,
      [
        'DEMO-1003',
        `'${FORMULA_NAME}`,
        'priya.n@example.com',
        '1988',
        'Global Health Silver',
        'Silver',
        '2026-01-01',
        '2026-12-31',
        '',
      ],
      [
        'DEMO-1001',
        'Anna Schmidt',
        'anna.schmidt@corp.example.com',
        '1980',
        'Global Health Gold',
        'Gold',
        '2026-01-01',
        '2026-12-31',
        link,
      ],
      [
        'DEMO-1005',
        'Emma Johansson',
        '',
        '1991',
        'Global Health Silver',
        'Silver',
        '2026-01-01',
        '2026-12-31',
        '',
      ],
    ])
    assert.equal(sheet.getCell('B2').type, ExcelJS.ValueType.String)
  })

  test('a partial list warns before exporting; an XLSX failure falls back to CSV', async ({
    assert,
    cleanup,
  }) => {
    // Its own page: the kept one may have loaded the exceljs chunk already (a module loads once).
    const { context, page } = await newPage({ viewport: { width: 1400, height: 900 } })
    cleanup(() => context.close())
    // The server says there are more users than the list carries (it answers at most 10,000).
    await page.route('**/api/admin/unmigrated-users?*', async (route) => {
      const response = await route.fetch()
      await route.fulfill({ response, json: { ...(await response.json()), total: 10_002 } })
    })
    // The exceljs chunk cannot be loaded.
    await page.route('**/assets/exceljs*', (route) => route.abort())
    await loginAsAdmin(page, '/admin/unmigrated-users')
    await page.getByTestId('unmigrated-row').nth(2).waitFor()
    assert.equal(await page.getByTestId('unmigrated-count').textContent(), '3 of 10002 users')

    const fallback = await download(page, 'export-xlsx')
    await page.getByText('Failed to export XLSX. Trying CSV instead...').waitFor()
    await page.getByText('Only the first 3 of 10002 users are exported.').waitFor()
    await page.getByText('CSV exported successfully!').waitFor()
    assert.equal(fallback.suggestedFilename(), `unmigrated_users_${localDate()}.csv`)
    assert.lengthOf((await readFile((await fallback.path())!, 'utf8')).trim().split('\r\n'), 4)
  })
})
