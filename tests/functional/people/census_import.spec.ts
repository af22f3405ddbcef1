import { test } from '@japa/runner'
import { PerformanceObserver, constants, performance } from 'node:perf_hooks'
import { open, readdir, rm } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { isolateEachTest } from '#tests/helpers/database'
import { AdminUser } from '#modules/admins/index'
import { Member } from '#modules/members/index'
import { Product } from '#modules/catalog/index'
import {
  censusCsv,
  censusXlsx,
  familyRows,
  writeTmpFile,
  type CensusRow,
} from '#tests/helpers/census_files'
import { planBatch, writeBatch } from '#modules/imports/services/member_batches'
import { importPreview, previewCensus } from '#modules/imports/index'
import { waitLimitOnThisMachine } from '#tests/helpers/machine_load'
import { cliActor } from '#modules/audit/index'

const NO_PREVIEW = 'No preview data found. Please upload and preview the file again.'

async function admin() {
  return AdminUser.findByOrFail('username', 'admin')
}

test.group('Census preview and import', (group) => {
  isolateEachTest(group)

  const upload = async (client: any, name: string, content: string | Buffer, as?: AdminUser) =>
    client
      .post('/api/admin/data/preview')
      .file('file', Buffer.isBuffer(content) ? content : Buffer.from(content), { filename: name })
      .asAdmin(as ?? (await admin()))
      .withCsrfToken()

  const confirm = async (client: any, cacheKey: unknown, as?: AdminUser) =>
    client
      .post('/api/admin/data/confirm-import')
      .json({ cacheKey })
      .asAdmin(as ?? (await admin()))
      .withCsrfToken()

  test('a comma CSV is previewed, then imported with its new product and family links', async ({
    client,
    assert,
  }) => {
    const preview = await upload(client, 'census.csv', censusCsv(familyRows('CSV')))
    preview.assertStatus(200)
    const body = preview.body()
    assert.equal(body.message, 'File parsed successfully! Review the preview below.')
    assert.equal(body.preview.totalRecords, 3)
    assert.equal(body.preview.uniqueMembers, 3)
    assert.deepEqual(body.preview.products, ['CSV Care Plus'])
    assert.lengthOf(body.preview.sampleRecords, 3)
    assert.deepEqual(body.preview.validationWarnings, [])
    assert.deepInclude(body.preview.allRecords[2], {
      memberId: 'CSV-03',
      role: 'Child',
      dateOfBirth: '2012-06-21',
      principalPersonId: 'CSV-P1',
    })
    assert.isNull(await Member.findBy('member_id', 'CSV-01'), 'the preview writes nothing')

    const result = await confirm(client, body.cacheKey)
    result.assertStatus(200)
    result.assertBodyContains({
      success: true,
      membersImported: 3,
      newProductsAdded: 1,
      errors: [],
    })
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
    const preview = await upload(
      client,
      'census.csv',
      censusCsv(familyRows('SEMI'), { delimiter: ';', bom: true })
    )
    preview.assertStatus(200)
    assert.equal(preview.body().preview.totalRecords, 3)
    assert.deepEqual(preview.body().preview.validationWarnings, [])
    assert.equal(preview.body().preview.sampleRecords[0].memberId, 'SEMI-01')
  })

  test('headers match ignoring case, spaces and underscores', async ({ client, assert }) => {
    const headers = [
      'member_id',
      'NAME',
      'date_of_birth',
      'role',
      'residence country',
      'principal_name',
      'PRINCIPAL_PERSON_ID',
      'personid',
      'product',
      'EMAIL',
      'plan',
      'final_premium',
      'premium currency',
    ]
    const preview = await upload(client, 'census.csv', censusCsv(familyRows('HDR'), { headers }))
    preview.assertStatus(200)
    assert.deepEqual(preview.body().preview.validationWarnings, [])
  })

  test('an XLSX census with real dates and Excel serials is imported', async ({
    client,
    assert,
  }) => {
    const rows = familyRows('XL')
    rows[0][2] = new Date(Date.UTC(1979, 1, 14))
    rows[1][2] = 28371 // 1977-09-03 as an Excel serial
    const preview = await upload(client, 'census.xlsx', await censusXlsx(rows))
    preview.assertStatus(200)
    assert.deepEqual(preview.body().preview.validationWarnings, [])
    assert.equal(preview.body().preview.allRecords[1].dateOfBirth, '1977-09-03')
    const result = await confirm(client, preview.body().cacheKey)
    result.assertBodyContains({ membersImported: 3, newProductsAdded: 1 })
    assert.equal(
      (await Member.findByOrFail('member_id', 'XL-01')).date_of_birth.toISODate(),
      '1979-02-14'
    )
  })

  test('bad rows are reported by row number and skipped; the rest is imported', async ({
    client,
    assert,
  }) => {
    const rows: CensusRow[] = [
      ...familyRows('BAD'),
      ['', 'No Id', '01.01.1990', 'Principal', '', '', '', 'X1', 'BAD Care Plus', '', '', '', ''],
      [
        'BAD-05',
        'Impossible Date',
        '31.02.1990',
        'Principal',
        '',
        '',
        '',
        'X2',
        'BAD Care Plus',
        '',
        '',
        '',
        '',
      ],
      [
        'BAD-06',
        'Odd Role',
        '01.01.1990',
        'Cousin',
        '',
        '',
        '',
        'X3',
        'BAD Care Plus',
        '',
        '',
        '',
        '',
      ],
      [
        'BAD-07',
        'Lost Child',
        '01.01.2015',
        'Child',
        '',
        'Nobody',
        'NO-SUCH-PERSON',
        'X4',
        'BAD Care Plus',
        '',
        '',
        '',
        '',
      ],
      [
        'BAD-08',
        'Bad Mail',
        '01.01.1990',
        'Principal',
        '',
        '',
        '',
        'X5',
        'BAD Care Plus',
        'not-an-email',
        '',
        '',
        '',
      ],
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
    assert.equal(preview.body().preview.uniqueMembers, 4, 'only the records that will be imported')

    const result = await confirm(client, preview.body().cacheKey)
    result.assertStatus(200)
    assert.equal(result.body().membersImported, 4)
    assert.lengthOf(result.body().errors, 4)
    assert.isNull(await Member.findBy('member_id', 'BAD-07'))
    assert.isNull((await Member.findByOrFail('member_id', 'BAD-08')).email)
  })

  test('a dependant may link to a principal imported before', async ({ client, assert }) => {
    const rows: CensusRow[] = [
      [
        'DEMO-1001-C3',
        'Late Child',
        '01.01.2020',
        'Child',
        '',
        'Anna Schmidt',
        'P-1001',
        'P-1001-C3',
        'Global Health Gold',
        '',
        '',
        '',
        '',
      ],
    ]
    const preview = await upload(client, 'late.csv', censusCsv(rows))
    assert.deepEqual(preview.body().preview.validationWarnings, [])
    await confirm(client, preview.body().cacheKey)
    const anna = await Member.findByOrFail('member_id', 'DEMO-1001')
    assert.equal((await Member.findByOrFail('member_id', 'DEMO-1001-C3')).principal_id, anna.id)
  })

  test('importing the same file again changes nothing and keeps the original email', async ({
    client,
    assert,
  }) => {
    const csv = censusCsv(familyRows('AGAIN'))
    await confirm(client, (await upload(client, 'a.csv', csv)).body().cacheKey)
    const principal = await Member.findByOrFail('member_id', 'AGAIN-01')
    principal.email = 'personal@example.test'
    await principal.save()
    const before = await db
      .from('members')
      .where('member_id', 'like', 'AGAIN-%')
      .orderBy('id')
      .select('*')

    const again = await confirm(client, (await upload(client, 'a.csv', csv)).body().cacheKey)
    again.assertBodyContains({
      membersImported: 0,
      membersUpdated: 0,
      membersUnchanged: 3,
      newProductsAdded: 0,
    })
    const after = await db
      .from('members')
      .where('member_id', 'like', 'AGAIN-%')
      .orderBy('id')
      .select('*')
    assert.deepEqual(after, before)
    assert.equal(after[0].original_email, 'again@example.test')
  })

  test('existing product settings are kept', async ({ client, assert }) => {
    const gold = await Product.findByOrFail('product_name', 'Global Health Gold')
    gold.product_alias = 'Gold Alias'
    gold.freq_monthly = false
    await gold.save()
    const rows: CensusRow[] = [
      [
        'KEEP-01',
        'Keeper',
        '01.01.1980',
        'Principal',
        '',
        '',
        '',
        'K1',
        'Global Health Gold',
        '',
        '',
        '',
        '',
      ],
    ]
    const result = await confirm(
      client,
      (await upload(client, 'k.csv', censusCsv(rows))).body().cacheKey
    )
    result.assertBodyContains({ membersImported: 1, newProductsAdded: 0 })
    await gold.refresh()
    assert.equal(gold.product_alias, 'Gold Alias')
    assert.isFalse(gold.freq_monthly)
  })

  test('a wrong extension, a missing file and missing columns are refused', async ({
    client,
    assert,
  }) => {
    const wrong = await upload(client, 'census.txt', 'Member ID,Name\n1,A\n')
    wrong.assertStatus(422)
    assert.equal(wrong.body().error, 'Please select a CSV or XLSX file')

    const none = await client
      .post('/api/admin/data/preview')
      .asAdmin(await admin())
      .withCsrfToken()
    none.assertStatus(422)
    assert.equal(none.body().error, 'Please select a file first')

    const columns = await upload(client, 'census.csv', 'Member ID,Name\nA-1,Someone\n')
    columns.assertStatus(422)
    assert.equal(columns.body().error, 'Missing required column(s): Date of Birth, Role')

    const garbage = await upload(
      client,
      'census.xlsx',
      Buffer.from('PK\u0003\u0004 not really a zip')
    )
    garbage.assertStatus(422)
    assert.equal(
      garbage.body().error,
      'The file could not be read. Please check that it is a valid CSV or XLSX file.'
    )

    const unclosedQuote = await upload(
      client,
      'census.csv',
      censusCsv([]) + '"A-1,Someone,01.01.1980,Principal\n'
    )
    unclosedQuote.assertStatus(422)
    assert.equal(
      unclosedQuote.body().error,
      'The file could not be read. Please check that it is a valid CSV or XLSX file.'
    )
  })

  test('a file over 50 MB is refused with 413', async ({ client }) => {
    const path = await writeTmpFile('too-big.csv', '')
    const handle = await open(path, 'w')
    const chunk = Buffer.alloc(1024 * 1024, 'a')
    for (let i = 0; i < 51; i++) await handle.write(chunk)
    await handle.close()
    const response = await client
      .post('/api/admin/data/preview')
      .file('file', path)
      .asAdmin(await admin())
      .withCsrfToken()
    await rm(path, { force: true })
    response.assertStatus(413)
    response.assertBodyContains({
      success: false,
      error: 'The file is larger than the 50 MB limit',
    })
  })

  test("confirm without, with an unknown or with another admin's cacheKey is refused", async ({
    client,
    assert,
  }) => {
    const missing = await confirm(client, undefined)
    missing.assertStatus(422)
    assert.equal(missing.body().error, NO_PREVIEW)
    const unknown = await confirm(client, 'a'.repeat(48))
    unknown.assertStatus(404)
    assert.equal(unknown.body().error, NO_PREVIEW)
    const traversal = await confirm(client, '../../etc/passwd')
    traversal.assertStatus(404)

    const other = await AdminUser.create({
      username: 'other',
      email: 'other@example.test',
      password: 'secret-123-abc',
    })
    const preview = await upload(client, 'c.csv', censusCsv(familyRows('OWN')))
    const stolen = await confirm(client, preview.body().cacheKey, other)
    stolen.assertStatus(404)
    const own = await confirm(client, preview.body().cacheKey)
    own.assertStatus(200)
    const twice = await confirm(client, preview.body().cacheKey)
    twice.assertStatus(404)
  })

  test('a census longer than one read batch is previewed and imported whole, in order', async ({
    client,
    assert,
  }) => {
    const rows: CensusRow[] = []
    for (let family = 0; family < 130; family++) {
      rows.push([
        `MANY-${family}-P`,
        `Principal ${family}`,
        '01.02.1970',
        'Principal',
        'Switzerland',
        '',
        '',
        `MANY-P${family}`,
        'Many Plan',
        '',
        'Gold',
        '1000.00',
        'USD',
      ])
      rows.push([
        `MANY-${family}-S`,
        `Spouse ${family}`,
        '1972-03-04',
        'Spouse',
        'Switzerland',
        `Principal ${family}`,
        `MANY-P${family}`,
        `MANY-S${family}`,
        'Many Plan',
        '',
        'Gold',
        '900.50',
        'USD',
      ])
    }
    rows[101][2] = '30.02.1970'
    for (const [name, content] of [
      ['many.csv', censusCsv(rows)],
      ['many.xlsx', await censusXlsx(rows)],
    ] as const) {
      const preview = await upload(client, name, content)
      preview.assertStatus(200)
      const body = preview.body().preview
      assert.equal(body.totalRecords, 260, name)
      assert.deepEqual(
        body.allRecords.map((record: any) => record.row),
        rows.map((_, index) => index + 2),
        name
      )
      assert.deepInclude(
        body.allRecords[101],
        { memberId: 'MANY-50-S', dateOfBirth: '30.02.1970' },
        name
      )
      assert.deepEqual(
        body.validationWarnings,
        ['Row 103: Date of Birth "30.02.1970" is not a valid date (DD.MM.YYYY or YYYY-MM-DD)'],
        name
      )
      assert.equal(body.uniqueMembers, 259, name)
      const result = await confirm(client, preview.body().cacheKey)
      result.assertStatus(200)
      assert.equal(result.body().membersImported + result.body().membersUnchanged, 259, name)
    }
    const spouse = await Member.findByOrFail('member_id', 'MANY-129-S')
    assert.equal(spouse.principal_id, (await Member.findByOrFail('member_id', 'MANY-129-P')).id)
    assert.equal(spouse.final_premium, 900.5)
    assert.equal(
      Number(
        (await db.from('members').where('member_id', 'like', 'MANY-%').count('* as n').first()).n
      ),
      259
    )
  })

  test('Member IDs that differ only in case or spaces are one member: reported by row, never a 500', async ({
    client,
    assert,
  }) => {
    const rows: CensusRow[] = [
      [
        'CASE-1',
        'First Spelling',
        '01.01.1980',
        'Principal',
        '',
        '',
        '',
        'CASE-P1',
        'Case Plan',
        '',
        '',
        '',
        '',
      ],
      [
        'case-1',
        'Second Spelling',
        '01.01.1981',
        'Principal',
        '',
        '',
        '',
        'CASE-P2',
        'Case Plan',
        '',
        '',
        '',
        '',
      ],
      [
        'CASE-2',
        'Spaced',
        '01.01.1982',
        'Principal',
        '',
        '',
        '',
        'CASE-P3',
        'Case Plan',
        '',
        '',
        '',
        '',
      ],
      [
        'CASE-2 ',
        'Spaced Again',
        '01.01.1983',
        'Principal',
        '',
        '',
        '',
        'CASE-P4',
        'Case Plan',
        '',
        '',
        '',
        '',
      ],
      [
        'CASE-Ä',
        'Accented',
        '01.01.1984',
        'Principal',
        '',
        '',
        '',
        'CASE-P5',
        'Case Plan',
        '',
        '',
        '',
        '',
      ],
      [
        'case-a',
        'Unaccented',
        '01.01.1985',
        'Principal',
        '',
        '',
        '',
        'CASE-P6',
        'Case Plan',
        '',
        '',
        '',
        '',
      ],
    ]
    for (const [name, content] of [
      ['case.csv', censusCsv(rows)],
      ['case.xlsx', await censusXlsx(rows)],
    ] as const) {
      const preview = await upload(client, name, content)
      preview.assertStatus(200)
      assert.deepEqual(
        preview.body().preview.validationWarnings,
        [
          'Row 3: Member ID case-1 is already on row 2',
          'Row 5: Member ID CASE-2 is already on row 4',
          'Row 7: Member ID case-a is already on row 6',
        ],
        name
      )
      assert.equal(preview.body().preview.uniqueMembers, 3, name)
      assert.equal(preview.body().preview.invalidRecords, 3, name)
      const result = await confirm(client, preview.body().cacheKey)
      result.assertStatus(200)
      assert.lengthOf(result.body().errors, 3, name)
    }
    const stored = await db
      .from('members')
      .where('member_id', 'like', 'CASE-%')
      .orderBy('member_id')
      .select('member_id', 'insured_full_name')
    assert.deepEqual(stored, [
      { member_id: 'CASE-1', insured_full_name: 'First Spelling' },
      { member_id: 'CASE-2', insured_full_name: 'Spaced' },
      { member_id: 'CASE-Ä', insured_full_name: 'Accented' },
    ])
  })

  test('a Member ID that differs only in case from an existing member updates that member', async ({
    client,
    assert,
  }) => {
    const anna = await Member.findByOrFail('member_id', 'DEMO-1001')
    const before = await db.from('members').count('* as n').first()
    const rows: CensusRow[] = [
      [
        'demo-1001',
        'Anna Schmidt-Meier',
        anna.date_of_birth.toFormat('dd.MM.yyyy'),
        'Principal',
        anna.residence_country ?? '',
        '',
        '',
        anna.person_id ?? '',
        anna.product_name ?? '',
        '',
        '',
        '',
        '',
      ],
    ]
    const preview = await upload(client, 'anna.csv', censusCsv(rows))
    assert.deepEqual(preview.body().preview.validationWarnings, [])
    const result = await confirm(client, preview.body().cacheKey)
    result.assertStatus(200)
    result.assertBodyContains({ membersImported: 0, membersUpdated: 1, errors: [] })
    await anna.refresh()
    assert.equal(anna.member_id, 'DEMO-1001', 'the stored spelling stays')
    assert.equal(anna.insured_full_name, 'Anna Schmidt-Meier')
    assert.deepEqual(await db.from('members').count('* as n').first(), before)
  })

  test('products are matched ignoring case: existing settings kept, one product per spelling group', async ({
    client,
    assert,
  }) => {
    const productsBefore = Number((await db.from('products').count('* as n').first()).n)
    const rows: CensusRow[] = [
      [
        'PROD-1',
        'Gold Upper',
        '01.01.1980',
        'Principal',
        '',
        '',
        '',
        'PROD-P1',
        'GLOBAL HEALTH GOLD',
        '',
        '',
        '',
        '',
      ],
      [
        'PROD-2',
        'New Lower',
        '01.01.1980',
        'Principal',
        '',
        '',
        '',
        'PROD-P2',
        'fresh plan',
        '',
        '',
        '',
        '',
      ],
      [
        'PROD-3',
        'New Upper',
        '01.01.1980',
        'Principal',
        '',
        '',
        '',
        'PROD-P3',
        'FRESH PLAN ',
        '',
        '',
        '',
        '',
      ],
    ]
    const preview = await upload(client, 'products.csv', censusCsv(rows))
    assert.deepEqual(preview.body().preview.products, ['fresh plan', 'GLOBAL HEALTH GOLD'])
    const result = await confirm(client, preview.body().cacheKey)
    result.assertStatus(200)
    result.assertBodyContains({ membersImported: 3, newProductsAdded: 1, errors: [] })
    assert.equal(Number((await db.from('products').count('* as n').first()).n), productsBefore + 1)
    const names = Object.fromEntries(
      (
        await db
          .from('members')
          .where('member_id', 'like', 'PROD-%')
          .select('member_id', 'product_name')
      ).map((row) => [row.member_id, row.product_name])
    )
    assert.deepEqual(names, {
      'PROD-1': 'Global Health Gold',
      'PROD-2': 'fresh plan',
      'PROD-3': 'fresh plan',
    })
  })

  test('a dependant links to its principal whatever the case of the Principal Person ID', async ({
    client,
    assert,
  }) => {
    const rows: CensusRow[] = [
      [
        'LINK-1',
        'Link Principal',
        '01.01.1980',
        'Principal',
        '',
        '',
        '',
        'LINK-P1',
        'Link Plan',
        '',
        '',
        '',
        '',
      ],
      [
        'LINK-2',
        'Link Spouse',
        '01.01.1981',
        'Spouse',
        '',
        'Link Principal',
        'link-p1',
        'LINK-P2',
        'Link Plan',
        '',
        '',
        '',
        '',
      ],
      [
        'LINK-3',
        'Late Child',
        '01.01.2015',
        'Child',
        '',
        'Anna Schmidt',
        'p-1001',
        'LINK-P3',
        'Link Plan',
        '',
        '',
        '',
        '',
      ],
    ]
    const preview = await upload(client, 'link.csv', censusCsv(rows))
    assert.deepEqual(preview.body().preview.validationWarnings, [])
    await confirm(client, preview.body().cacheKey)
    const principal = await Member.findByOrFail('member_id', 'LINK-1')
    assert.equal((await Member.findByOrFail('member_id', 'LINK-2')).principal_id, principal.id)
    assert.equal(
      (await Member.findByOrFail('member_id', 'LINK-3')).principal_id,
      (await Member.findByOrFail('member_id', 'DEMO-1001')).id
    )
  })

  test('a dependant with an empty Principal Person ID is skipped with its row number', async ({
    client,
    assert,
  }) => {
    const rows: CensusRow[] = [
      [
        'EMPTY-1',
        'Empty Principal',
        '01.01.1980',
        'Principal',
        '',
        '',
        '',
        'EMPTY-P1',
        'Empty Plan',
        '',
        '',
        '',
        '',
      ],
      [
        'EMPTY-2',
        'No Link',
        '01.01.2015',
        'Child',
        '',
        'Empty Principal',
        '',
        'EMPTY-P2',
        'Empty Plan',
        '',
        '',
        '',
        '',
      ],
    ]
    const preview = await upload(client, 'empty.csv', censusCsv(rows))
    assert.deepEqual(preview.body().preview.validationWarnings, [
      'Row 3: Dependant without Principal Person ID',
    ])
    assert.equal(preview.body().preview.uniqueMembers, 1)
    const result = await confirm(client, preview.body().cacheKey)
    result.assertBodyContains({
      membersImported: 1,
      errors: ['Row 3: Dependant without Principal Person ID'],
    })
    assert.isNull(await Member.findBy('member_id', 'EMPTY-2'))
  })

  test('.xls: an Excel 97-2003 file gets a clear message; XLSX or CSV content named .xls is read', async ({
    client,
    assert,
  }) => {
    // The compound-file signature of the old binary format, then an empty sector.
    const binary = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(1024),
    ])
    const old = await upload(client, 'census.xls', binary)
    old.assertStatus(422)
    old.assertBodyContains({
      success: false,
      error:
        'This XLS file is in the old Excel 97-2003 format. Please save it as XLSX or CSV and try again.',
    })

    const xlsx = await upload(client, 'census.xls', await censusXlsx(familyRows('XLS')))
    assert.equal(xlsx.status(), 200, JSON.stringify(xlsx.body()))
    assert.equal(xlsx.body().preview.totalRecords, 3)
    const csv = await upload(client, 'census.XLS', censusCsv(familyRows('XLSCSV')))
    assert.equal(csv.status(), 200, JSON.stringify(csv.body()))
    assert.equal(csv.body().preview.totalRecords, 3)
  })

  test('a large preview answers its first 500 records; View All pages the rest from the cache, in file order or sorted, for its owner only', async ({
    client,
    assert,
  }) => {
    const rows: CensusRow[] = []
    for (let family = 0; family < 600; family++) {
      rows.push([
        `PAGE-${family}-P`,
        `Principal ${family}`,
        '01.02.1970',
        'Principal',
        'Switzerland',
        '',
        '',
        `PAGE-P${family}`,
        'Page Plan',
        '',
        'Gold',
        '1000.00',
        'USD',
      ])
      rows.push([
        `PAGE-${family}-S`,
        `Spouse ${family}`,
        '1972-03-04',
        'Spouse',
        'Switzerland',
        `Principal ${family}`,
        `PAGE-P${family}`,
        `PAGE-S${family}`,
        'Page Plan',
        '',
        'Gold',
        '900.50',
        'USD',
      ])
    }
    const preview = await upload(client, 'pages.csv', censusCsv(rows))
    preview.assertStatus(200)
    const body = preview.body()
    assert.equal(body.preview.totalRecords, 1200)
    assert.deepEqual(
      body.preview.allRecords.map((record: any) => record.row),
      rows.slice(0, 500).map((_, index) => index + 2)
    )

    const records = async (query: Record<string, unknown>, as?: AdminUser) =>
      client
        .get('/api/admin/data/preview-records')
        .qs({ cacheKey: body.cacheKey, ...query })
        .asAdmin(as ?? (await admin()))
    const third = await records({ page: 3, limit: 500 })
    third.assertStatus(200)
    assert.deepInclude(third.body(), { success: true, total: 1200, page: 3, limit: 500 })
    assert.deepEqual(
      third.body().records.map((record: any) => record.row),
      rows.slice(1000).map((_, index) => index + 1002)
    )
    assert.deepInclude(third.body().records[199], {
      memberId: 'PAGE-599-S',
      principalPersonId: 'PAGE-P599',
    })

    const byNameDesc = await records({ sort: 'name', direction: 'desc', limit: 3 })
    assert.deepEqual(
      byNameDesc.body().records.map((record: any) => record.name),
      ['Spouse 599', 'Spouse 598', 'Spouse 597']
    )
    const byNameAsc = await records({ sort: 'name', direction: 'asc', page: 2, limit: 2 })
    assert.deepEqual(
      byNameAsc.body().records.map((record: any) => record.name),
      ['Principal 2', 'Principal 3']
    )
    const beyond = await records({ page: 100, limit: 500 })
    assert.deepEqual(beyond.body().records, [])

    const bad = await records({ sort: 'email' })
    bad.assertStatus(422)
    const other = await AdminUser.create({
      username: 'pager',
      email: 'pager@example.test',
      password: 'secret-123-abc',
    })
    const stolen = await records({}, other)
    stolen.assertStatus(404)
    stolen.assertBodyContains({ success: false, error: NO_PREVIEW })
    ;(await confirm(client, body.cacheKey)).assertStatus(200)
    const confirmed = await records({})
    confirmed.assertStatus(404)
  })

  test('a preview whose client went away stops reading at once and leaves no cache files', async ({
    assert,
  }) => {
    const rows: CensusRow[] = []
    for (let index = 0; index < 40_000; index++)
      rows.push([
        `GONE-${index}`,
        `Person ${index}`,
        '01.02.1970',
        'Principal',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
        '',
      ])
    const path = await writeTmpFile('gone.csv', censusCsv(rows))
    const cacheDir = process.env.IMPORT_CACHE_DIR ?? app.tmpPath('imports')
    const filesBefore = (await readdir(cacheDir).catch(() => [])).length
    const workersBefore = process
      .getActiveResourcesInfo()
      .filter((name) => name === 'Worker').length
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 200)
    const started = performance.now()
    const error = await previewCensus(path, 'gone.csv', 'admin:0', {
      signal: controller.signal,
    }).catch((caught) => caught)
    assert.equal(error.message, 'The preview was cancelled.')
    // 1.5 s on a machine no busier than the test command (seen 1.55 s at load 5 on 2 cores).
    assert.isBelow(performance.now() - started, waitLimitOnThisMachine(1_500))
    assert.equal(
      process.getActiveResourcesInfo().filter((name) => name === 'Worker').length,
      workersBefore
    )
    assert.equal((await readdir(cacheDir).catch(() => [])).length, filesBefore)
  }).timeout(30_000)

  test('a member added between planning and writing a batch is found on a second plan, not a 500', async ({
    assert,
  }) => {
    const record = {
      row: 2,
      member_id: 'RACE-1',
      insured_full_name: 'Race Winner',
      date_of_birth: '1980-01-01',
      insured_role: 'Principal' as const,
      residence_country: null,
      principal_name: null,
      principal_person_id: null,
      person_id: 'RACE-P1',
      product_name: null,
      email: null,
      plan_name: null,
      gender: null,
      citizenship: null,
      sum_insured: null,
      final_premium: null,
      premium_currency: null,
      policy_start_date: null,
      policy_end_date: null,
    }
    const plan = await planBatch([record], new Map())
    assert.equal(plan.imported, 1)
    await Member.create({
      member_id: 'RACE-1',
      insured_full_name: 'Someone Else',
      date_of_birth: DateTime.fromISO('1980-01-01'),
      insured_role: 'Principal',
      status: 'Active',
    })

    const { plan: written } = await writeBatch([record], plan, new Map())
    assert.equal(written.imported, 0)
    assert.lengthOf(written.updates, 1)
    const stored = await db.from('members').where('member_id', 'RACE-1').select('insured_full_name')
    assert.deepEqual(stored, [{ insured_full_name: 'Race Winner' }])
  })

  test('a member added between the preview and its confirmation is updated by the import, not a 500', async ({
    client,
    assert,
  }) => {
    const preview = await upload(client, 'late.csv', censusCsv(familyRows('LATE')))
    assert.deepEqual(preview.body().preview.counts, {
      new: 3,
      updated: 0,
      unchanged: 0,
      skipped: 0,
    })
    await Member.create({
      member_id: 'LATE-02',
      insured_full_name: 'Someone Else',
      date_of_birth: DateTime.fromISO('1980-01-01'),
      insured_role: 'Principal',
      status: 'Active',
    })
    const result = await confirm(client, preview.body().cacheKey)
    result.assertStatus(200)
    result.assertBodyContains({ membersImported: 2, membersUpdated: 1, membersUnchanged: 0 })
    const spouse = await Member.findByOrFail('member_id', 'LATE-02')
    assert.equal(spouse.insured_full_name, 'LATE Spouse')
    assert.equal(spouse.principal_id, (await Member.findByOrFail('member_id', 'LATE-01')).id)
  })

  test('an import that stops after its first batch leaves nothing on MariaDB (no member, product, audit entry); on SQLite the committed batch and an entry', async ({
    assert,
  }) => {
    const rows: CensusRow[] = Array.from({ length: 1500 }, (_, i) => [
      `HALF-${i}`,
      `Half ${i}`,
      '01.02.1970',
      'Principal',
      'Switzerland',
      '',
      '',
      `HALF-P${i}`,
      'Half Way Plan',
      '',
      'Gold',
      '1000.00',
      'USD',
    ])
    const path = await writeTmpFile('half.csv', censusCsv(rows))
    const preview = await previewCensus(path, 'half.csv', 'cli')
    const membersBefore = Number((await db.from('members').count('* as n').first()).n)
    const auditBefore = Number((await db.from('audit_entries').count('* as n').first()).n)
    // The operator's progress bar failing after the first 1,000 rows stops the import there.
    const stopped = await importPreview(preview.cacheKey, 'cli', cliActor(), ({ done }) => {
      if (done >= 1000) throw new Error('stopped after the first batch')
    }).catch((error) => error)
    assert.equal(stopped.message, 'stopped after the first batch')
    if (db.connection().dialect.name.includes('sqlite')) {
      // SQLite commits each batch (one writer per file: the server must get in between, issue
      // 39 §1): the first batch stays, with an audit entry saying where the import stopped.
      assert.equal(
        Number((await db.from('members').count('* as n').first()).n),
        membersBefore + 1000
      )
      const entry = await db.from('audit_entries').orderBy('id', 'desc').first()
      assert.equal(entry.action, 'import.confirm')
      assert.containsSubset(JSON.parse(entry.after), {
        membersImported: 1000,
        stopped: 'stopped after the first batch',
      })
      const again = await importPreview(preview.cacheKey, 'cli', cliActor())
      assert.deepInclude(again, { membersImported: 500, membersUnchanged: 1000 })
      return
    }
    assert.equal(Number((await db.from('members').count('* as n').first()).n), membersBefore)
    assert.isNull(await db.from('products').where('product_name', 'Half Way Plan').first())
    assert.equal(Number((await db.from('audit_entries').count('* as n').first()).n), auditBefore)
    // The preview is released: confirming again imports all of it.
    const result = await importPreview(preview.cacheKey, 'cli', cliActor())
    assert.equal(result.membersImported, 1500)
    assert.equal(Number((await db.from('members').count('* as n').first()).n), membersBefore + 1500)
  })

  test('once an import is done the server collects its garbage (an idle server would keep the heap it grew)', async ({
    assert,
  }) => {
    const path = await writeTmpFile('gc.csv', censusCsv(familyRows('GCX')))
    const preview = await previewCensus(path, 'gc.csv', 'cli')
    const majors: number[] = []
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if ((entry as any).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR)
          majors.push(entry.startTime)
    })
    observer.observe({ entryTypes: ['gc'] })
    try {
      await importPreview(preview.cacheKey, 'cli', cliActor())
      const done = performance.now()
      await new Promise((resolve) => setTimeout(resolve, 1500))
      assert.isTrue(
        majors.some((start) => start >= done),
        'a full collection after the import'
      )
    } finally {
      observer.disconnect()
    }
  })

  test('without an admin session the import area answers 401', async ({ client }) => {
    const response = await client.get('/api/admin/data/stats')
    response.assertStatus(401)
    response.assertBodyContains({ success: false, error: 'Admin authentication required' })
  })
})

// Committed for real (no global transaction): on MariaDB the dependants are planned on another
// connection, which sees only committed rows, completed with what the import's transaction wrote.
test.group('Census import, dependants planned alongside the writes', (group) => {
  const CMT_ACTOR = 'cli:cmt-test'
  const cleanUp = async () => {
    await db.from('members').where('member_id', 'like', 'CMT-%').update({ principal_id: null })
    await db.from('members').where('member_id', 'like', 'CMT-%').delete()
    await db.from('products').where('product_name', 'CMT Plan').delete()
    await db.from('audit_entries').where('actor', CMT_ACTOR).delete()
  }
  group.setup(cleanUp)
  group.teardown(cleanUp)

  test('dependants link to the principal the transaction sees: its own inserts and updates, the oldest committed row', async ({
    assert,
  }) => {
    const member = (memberId: string, personId: string) =>
      Member.create({
        member_id: memberId,
        insured_full_name: memberId,
        date_of_birth: DateTime.fromISO('1970-01-01'),
        insured_role: 'Principal',
        person_id: personId,
        status: 'Active',
      })
    // An older principal with a Person ID the file uses again: it stays the one dependants link to.
    const older = await member('CMT-OLD', 'CMT-P7')
    // A principal whose Person ID the file changes: its old Person ID now belongs to a new principal.
    const swapped = await member('CMT-SWAP', 'CMT-PS')
    const row = (id: string, role: string, principal: string, person: string): CensusRow => [
      id,
      id,
      '01.02.1970',
      role,
      'Switzerland',
      principal ? 'Someone' : '',
      principal,
      person,
      'CMT Plan',
      '',
      'Gold',
      '100.00',
      'USD',
    ]
    const rows: CensusRow[] = []
    // 1,200 families: principals and dependants both span two batches of 1,000.
    for (let i = 0; i < 1200; i++) rows.push(row(`CMT-${i}`, 'Principal', '', `CMT-P${i}`))
    rows.push(
      row('CMT-SWAP', 'Principal', '', 'CMT-PS2'),
      row('CMT-NEWS', 'Principal', '', 'CMT-PS')
    )
    for (let i = 0; i < 1200; i++) rows.push(row(`CMT-D${i}`, 'Spouse', `CMT-P${i}`, `CMT-Q${i}`))
    rows.push(
      row('CMT-DS1', 'Child', 'CMT-PS', 'CMT-C1'),
      row('CMT-DS2', 'Child', 'CMT-PS2', 'CMT-C2')
    )
    const path = await writeTmpFile('committed.csv', censusCsv(rows))
    const preview = await previewCensus(path, 'committed.csv', 'cli')
    const result = await importPreview(preview.cacheKey, 'cli', CMT_ACTOR)
    assert.deepInclude(result, {
      membersImported: 2403,
      membersUpdated: 1,
      membersUnchanged: 0,
      membersSkipped: 0,
      errors: [],
    })

    const idOf = async (memberId: string) => (await Member.findByOrFail('member_id', memberId)).id
    const principalOf = async (memberId: string) =>
      (await Member.findByOrFail('member_id', memberId)).principal_id
    assert.equal(await principalOf('CMT-D7'), older.id)
    assert.equal(await principalOf('CMT-DS1'), await idOf('CMT-NEWS'))
    assert.equal(await principalOf('CMT-DS2'), swapped.id)
    assert.equal(await principalOf('CMT-D0'), await idOf('CMT-0'))
    assert.equal(await principalOf('CMT-D1199'), await idOf('CMT-1199'))
    // Every other dependant links to the principal of its own family.
    const wrong = await db
      .from('members as d')
      .join('members as p', 'p.id', 'd.principal_id')
      .where('d.member_id', 'like', 'CMT-D%')
      .whereNotIn('d.member_id', ['CMT-D7', 'CMT-DS1', 'CMT-DS2'])
      .whereRaw('p.person_id <> d.principal_person_id')
      .count('* as n')
      .first()
    assert.equal(Number(wrong.n), 0)
    assert.equal(
      Number(
        (
          await db
            .from('members')
            .where('member_id', 'like', 'CMT-D%')
            .whereNull('principal_id')
            .count('* as n')
            .first()
        ).n
      ),
      0
    )
  }).timeout(120_000)
})
