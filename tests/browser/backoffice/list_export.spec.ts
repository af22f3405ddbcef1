/// <reference lib="dom" />
import { test } from '@japa/runner'
import { readFile } from 'node:fs/promises'
import db from '@adonisjs/lucid/services/db'
import { isolateEachTest } from '#tests/helpers/database'
import { screenshot } from '#tests/helpers/browser'
import { adminScreen } from '#tests/helpers/browser_sessions'
import { holdApi } from '#tests/helpers/route_faults'
import { csvTable } from '#tests/helpers/list_exports'

const EXPORT_API = '/api/admin/members-export'
const stamp = '2026-12-01 10:00:00'

// axe and HTML_CodeSniffer on the export in progress: matrix_lists.spec.ts.
test.group('List exports in the back-office', (group) => {
  isolateEachTest(group)

  test("Export CSV on Members downloads the server's file of the list's filter, with a named progress bar while it runs", async ({
    assert,
  }) => {
    await db.table('members').multiInsert(
      ['=Formula Export', 'Beta Export'].map((name, i) => ({
        member_id: `EXPB-${i + 1}`,
        insured_full_name: name,
        date_of_birth: '1980-01-01',
        insured_role: 'Principal',
        status: 'Active',
        created_at: stamp,
        updated_at: stamp,
      }))
    )
    const filter = encodeURIComponent(JSON.stringify({ search: 'EXPB-' }))
    const page = await adminScreen(`members?filter=${filter}`)
    await page.getByTestId('member-row-EXPB-2').waitFor()
    const release = await holdApi(page, EXPORT_API)
    const downloaded = page.waitForEvent('download')
    const asked = page.waitForRequest((request) => request.url().includes(EXPORT_API))
    await page.getByTestId('list-export-csv').click()
    const progress = page.getByRole('progressbar', { name: 'Exporting members' })
    await progress.waitFor()
    assert.isTrue(await page.getByTestId('list-export-xlsx').isDisabled(), 'one export at a time')
    await screenshot(page, 'members-export-running')
    release()
    const file = await downloaded
    await page.getByText('CSV exported successfully!').waitFor()
    await progress.waitFor({ state: 'detached' })
    const query = new URL((await asked).url()).searchParams
    assert.deepEqual(Object.fromEntries(query), {
      search: 'EXPB-',
      sort: 'id',
      direction: 'asc',
      format: 'csv',
    })
    assert.match(file.suggestedFilename(), /^members_\d{4}-\d{2}-\d{2}\.csv$/)
    const rows = await csvTable(await readFile((await file.path())!, 'utf8'))
    assert.deepEqual(
      rows.slice(1).map((row) => row.slice(0, 2)),
      [
        ['EXPB-1', "'=Formula Export"],
        ['EXPB-2', 'Beta Export'],
      ]
    )
  }).timeout(60_000)
})
