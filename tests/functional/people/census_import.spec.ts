import { test } from '@japa/runner'
import { open, rm } from 'node:fs/promises'
import db from '@adonisjs/lucid/services/db'
import { isolateEachTest } from '#tests/helpers/database'
import { AdminUser } from '#modules/admins/index'
import { Member } from '#modules/members/index'
import { Product } from '#modules/catalog/index'
import { censusCsv, censusXlsx, familyRows, writeTmpFile, type CensusRow } from '#tests/helpers/census_files'

const NO_PREVIEW = 'No preview data found. Please upload and preview the file again.'

async function admin() {
  return AdminUser.findByOrFail('username', 'admin')
}

test.group('Census preview and import', (group) => {
  isolateEachTest(group)

  const upload = async (client: any, name: string, content: string | Buffer, as?: AdminUser) =>
    client.post('/api/admin/data/preview').file('file', Buffer.isBuffer(content) ? content : Buffer.from(content), { filename: name }).asAdmin(as ?? (await admin())).withCsrfToken()

  const confirm = async (client: any, cacheKey: unknown, as?: AdminUser) =>
    client.post('/api/admin/data/confirm-import').json({ cacheKey }).asAdmin(as ?? (await admin())).withCsrfToken()

  test('a comma CSV is previewed, then imported with its new product and family links', async ({ client, assert }) => {
    const preview = await upload(client, 'census.csv', censusCsv(familyRows('CSV')))
    preview.assertStatus(200)
    const body = preview.body()
    assert.equal(body.message, 'File parsed successfully! Review the preview below.')
    assert.equal(body.preview.totalRecords, 3)
    assert.equal(body.preview.uniqueMembers, 3)
    assert.deepEqual(body.preview.products, ['CSV Care Plus'])
    assert.lengthOf(body.preview.sampleRecords, 3)
    assert.deepEqual(body.preview.validationWarnings, [])
    assert.deepInclude(body.preview.allRecords[2], { memberId: 'CSV-03', role: 'Child', dateOfBirth: '2012-06-21', principalPersonId: 'CSV-P1' })
    assert.isNull(await Member.findBy('member_id', 'CSV-01'), 'the preview writes nothing')

    const result = await confirm(client, body.cacheKey)
    result.assertStatus(200)
    result.assertBodyContains({ success: true, membersImported: 3, newProductsAdded: 1, errors: [] })
    const principal = await Member.findByOrFail('member_id', 'CSV-01')
    const child = await Member.findByOrFail('member_id', 'CSV-03')
    assert.equal(child.principal_id, principal.id)
    assert.equal(child.insured_role, 'Child')
    assert.equal(principal.original_email, 'csv@example.test')
    assert.equal(principal.email, 'csv@example.test')
    assert.equal(principal.date_of_birth.toISODate(), '1979-02-14')
    assert.equal(principal.final_premium, 2450)
    assert.isNotNull(await Product.findBy('product_name', 'CSV Care Plus'))
  })

  test('a semicolon CSV with a BOM is read the same way', async ({ client, assert }) => {
    const preview = await upload(client, 'census.csv', censusCsv(familyRows('SEMI'), { delimiter: ';', bom: true }))
    preview.assertStatus(200)
    assert.equal(preview.body().preview.totalRecords, 3)
    assert.deepEqual(preview.body().preview.validationWarnings, [])
    assert.equal(preview.body().preview.sampleRecords[0].memberId, 'SEMI-01')
  })

  test('headers match ignoring case, spaces and underscores', async ({ client, assert }) => {
    const headers = ['member_id', 'NAME', 'date_of_birth', 'role', 'residence country', 'principal_name', 'PRINCIPAL_PERSON_ID', 'personid', 'product', 'EMAIL', 'plan', 'final_premium', 'premium currency']
    const preview = await upload(client, 'census.csv', censusCsv(familyRows('HDR'), { headers }))
    preview.assertStatus(200)
    assert.deepEqual(preview.body().preview.validationWarnings, [])
  })

  test('an XLSX census with real dates and Excel serials is imported', async ({ client, assert }) => {
    const rows = familyRows('XL')
    rows[0][2] = new Date(Date.UTC(1979, 1, 14))
    rows[1][2] = 28371 // 1977-09-03 as an Excel serial
    const preview = await upload(client, 'census.xlsx', await censusXlsx(rows))
    preview.assertStatus(200)
    assert.deepEqual(preview.body().preview.validationWarnings, [])
    assert.equal(preview.body().preview.allRecords[1].dateOfBirth, '1977-09-03')
    const result = await confirm(client, preview.body().cacheKey)
    result.assertBodyContains({ membersImported: 3, newProductsAdded: 1 })
    assert.equal((await Member.findByOrFail('member_id', 'XL-01')).date_of_birth.toISODate(), '1979-02-14')
  })

  test('bad rows are reported by row number and skipped; the rest is imported', async ({ client, assert }) => {
    const rows: CensusRow[] = [
      ...familyRows('BAD'),
      ['', 'No Id', '01.01.1990', 'Principal', '', '', '', 'X1', 'BAD Care Plus', '', '', '', ''],
      ['BAD-05', 'Impossible Date', '31.02.1990', 'Principal', '', '', '', 'X2', 'BAD Care Plus', '', '', '', ''],
      ['BAD-06', 'Odd Role', '01.01.1990', 'Cousin', '', '', '', 'X3', 'BAD Care Plus', '', '', '', ''],
      ['BAD-07', 'Lost Child', '01.01.2015', 'Child', '', 'Nobody', 'NO-SUCH-PERSON', 'X4', 'BAD Care Plus', '', '', '', ''],
      ['BAD-08', 'Bad Mail', '01.01.1990', 'Principal', '', '', '', 'X5', 'BAD Care Plus', 'not-an-email', '', '', ''],
    ]
    const preview = await upload(client, 'census.csv', censusCsv(rows))
    preview.assertStatus(200)
    const warnings: string[] = preview.body().preview.validationWarnings
    assert.deepEqual(warnings, [
      'Row 5: Member ID is missing',
      'Row 6: Date of Birth "31.02.1990" is not a valid date (DD.MM.YYYY or YYYY-MM-DD)',
      'Row 7: Role "Cousin" is unknown (Principal, Spouse, Child or Dependent)',
      "Row 8: Dependant's principal (Person ID NO-SUCH-PERSON) is neither in the file nor already imported",
      'Row 9: Email "not-an-email" is not a valid address and was left empty',
    ])
    assert.equal(preview.body().preview.totalRecords, 8)
    assert.equal(preview.body().preview.invalidRecords, 4)

    const result = await confirm(client, preview.body().cacheKey)
    result.assertStatus(200)
    assert.equal(result.body().membersImported, 4)
    assert.lengthOf(result.body().errors, 4)
    assert.isNull(await Member.findBy('member_id', 'BAD-07'))
    assert.isNull((await Member.findByOrFail('member_id', 'BAD-08')).email)
  })

  test('a dependant may link to a principal imported before', async ({ client, assert }) => {
    const rows: CensusRow[] = [['DEMO-1001-C3', 'Late Child', '01.01.2020', 'Child', '', 'Anna Schmidt', 'P-1001', 'P-1001-C3', 'Global Health Gold', '', '', '', '']]
    const preview = await upload(client, 'late.csv', censusCsv(rows))
    assert.deepEqual(preview.body().preview.validationWarnings, [])
    await confirm(client, preview.body().cacheKey)
    const anna = await Member.findByOrFail('member_id', 'DEMO-1001')
    assert.equal((await Member.findByOrFail('member_id', 'DEMO-1001-C3')).principal_id, anna.id)
  })

  test('importing the same file again changes nothing and keeps the original email', async ({ client, assert }) => {
    const csv = censusCsv(familyRows('AGAIN'))
    await confirm(client, (await upload(client, 'a.csv', csv)).body().cacheKey)
    const principal = await Member.findByOrFail('member_id', 'AGAIN-01')
    principal.email = 'personal@example.test'
    await principal.save()
    const before = await db.from('members').where('member_id', 'like', 'AGAIN-%').orderBy('id').select('*')

    const again = await confirm(client, (await upload(client, 'a.csv', csv)).body().cacheKey)
    again.assertBodyContains({ membersImported: 0, membersUpdated: 0, membersUnchanged: 3, newProductsAdded: 0 })
    const after = await db.from('members').where('member_id', 'like', 'AGAIN-%').orderBy('id').select('*')
    assert.deepEqual(after, before)
    assert.equal(after[0].original_email, 'again@example.test')
  })

  test('existing product settings are kept', async ({ client, assert }) => {
    const gold = await Product.findByOrFail('product_name', 'Global Health Gold')
    gold.product_alias = 'Gold Alias'
    gold.freq_monthly = false
    await gold.save()
    const rows: CensusRow[] = [['KEEP-01', 'Keeper', '01.01.1980', 'Principal', '', '', '', 'K1', 'Global Health Gold', '', '', '', '']]
    const result = await confirm(client, (await upload(client, 'k.csv', censusCsv(rows))).body().cacheKey)
    result.assertBodyContains({ membersImported: 1, newProductsAdded: 0 })
    await gold.refresh()
    assert.equal(gold.product_alias, 'Gold Alias')
    assert.isFalse(gold.freq_monthly)
  })

  test('a wrong extension, a missing file and missing columns are refused', async ({ client, assert }) => {
    const wrong = await upload(client, 'census.txt', 'Member ID,Name\n1,A\n')
    wrong.assertStatus(422)
    assert.equal(wrong.body().error, 'Please select a CSV or XLSX file')

    const none = await client.post('/api/admin/data/preview').asAdmin(await admin()).withCsrfToken()
    none.assertStatus(422)
    assert.equal(none.body().error, 'Please select a file first')

    const columns = await upload(client, 'census.csv', 'Member ID,Name\nA-1,Someone\n')
    columns.assertStatus(422)
    assert.equal(columns.body().error, 'Missing required column(s): Date of Birth, Role')

    const garbage = await upload(client, 'census.xlsx', Buffer.from('PK\u0003\u0004 not really a zip'))
    garbage.assertStatus(422)
  })

  test('a file over 50 MB is refused with 413', async ({ client }) => {
    const path = await writeTmpFile('too-big.csv', '')
    const handle = await open(path, 'w')
    const chunk = Buffer.alloc(1024 * 1024, 'a')
    for (let i = 0; i < 51; i++) await handle.write(chunk)
    await handle.close()
    const response = await client.post('/api/admin/data/preview').file('file', path).asAdmin(await admin()).withCsrfToken()
    await rm(path, { force: true })
    response.assertStatus(413)
    response.assertBody({ success: false, error: 'The file is larger than the 50 MB limit' })
  })

  test('confirm without, with an unknown or with another admin\'s cacheKey is refused', async ({ client, assert }) => {
    const missing = await confirm(client, undefined)
    missing.assertStatus(422)
    assert.equal(missing.body().error, NO_PREVIEW)
    const unknown = await confirm(client, 'a'.repeat(48))
    unknown.assertStatus(404)
    assert.equal(unknown.body().error, NO_PREVIEW)
    const traversal = await confirm(client, '../../etc/passwd')
    traversal.assertStatus(404)

    const other = await AdminUser.create({ username: 'other', email: 'other@example.test', password: 'secret-123' })
    const preview = await upload(client, 'c.csv', censusCsv(familyRows('OWN')))
    const stolen = await confirm(client, preview.body().cacheKey, other)
    stolen.assertStatus(404)
    const own = await confirm(client, preview.body().cacheKey)
    own.assertStatus(200)
    const twice = await confirm(client, preview.body().cacheKey)
    twice.assertStatus(404)
  })

  test('without an admin session the import area answers 401', async ({ client }) => {
    const response = await client.get('/api/admin/data/stats')
    response.assertStatus(401)
    response.assertBody({ success: false, error: 'Admin authentication required' })
  })
})
