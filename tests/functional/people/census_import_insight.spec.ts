import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { isolateEachTest } from '#tests/helpers/database'
import { AdminUser } from '#modules/admins/index'
import { Member } from '#modules/members/index'
import { censusCsv, familyRows, type CensusRow } from '#tests/helpers/census_files'

/*
| Census import: column synonyms, the mapping step, the dry run's counts and
| the error file.
*/

const NO_PREVIEW = 'No preview data found. Please upload and preview the file again.'

async function admin() {
  return AdminUser.findByOrFail('username', 'admin')
}

/** The seeded demo members as a census file (every census column, as the database holds them). */
const DEMO_HEADERS = [
  'Member ID',
  'Name',
  'Date of Birth',
  'Role',
  'Residence Country',
  'Principal Name',
  'Principal Person ID',
  'Person ID',
  'Product',
  'Email',
  'Plan',
  'Gender',
  'Citizenship',
  'Sum Insured',
  'Final Premium',
  'Premium Currency',
  'Policy Start',
  'Policy End',
]

async function demoCensus(): Promise<CensusRow[]> {
  const date = (value: unknown) =>
    value ? new Date(value as string).toISOString().slice(0, 10) : ''
  const members = await db
    .from('members')
    .where('member_id', 'like', 'DEMO-%')
    .orderByRaw("case when insured_role = 'Principal' then 0 else 1 end")
    .orderBy('id')
  return members.map((m) => [
    m.member_id,
    m.insured_full_name,
    date(m.date_of_birth),
    m.insured_role,
    m.residence_country ?? '',
    m.principal_name ?? '',
    m.principal_person_id ?? '',
    m.person_id ?? '',
    m.product_name ?? '',
    m.email ?? '',
    m.plan_name ?? '',
    m.gender ?? '',
    m.citizenship ?? '',
    m.sum_insured ?? '',
    m.final_premium ?? '',
    m.premium_currency ?? '',
    date(m.policy_start_date),
    date(m.policy_end_date),
  ])
}

test.group('Census import insight: synonyms, mapping, dry run, error file', (group) => {
  isolateEachTest(group)

  const upload = async (client: any, csv: string, mapping?: Record<string, string> | string) => {
    const request = client
      .post('/api/admin/data/preview')
      .file('file', Buffer.from(csv), { filename: 'census.csv' })
    if (mapping !== undefined)
      request.field('mapping', typeof mapping === 'string' ? mapping : JSON.stringify(mapping))
    return request.asAdmin(await admin()).withCsrfToken()
  }
  const confirm = async (client: any, cacheKey: string) =>
    client
      .post('/api/admin/data/confirm-import')
      .json({ cacheKey })
      .asAdmin(await admin())
      .withCsrfToken()
  const errorFile = async (client: any, cacheKey: string) =>
    client.get(`/api/admin/data/preview-errors?cacheKey=${cacheKey}`).asAdmin(await admin())

  test('synonyms feed the right fields, whatever their case, spaces and punctuation', async ({
    client,
    assert,
  }) => {
    const headers = [
      'Member No.',
      'FULL NAME',
      'd.o.b',
      'Relationship',
      'Country',
      'Policyholder Name',
      'principal-id',
      'Personal ID',
      'Product Name',
      'E-mail',
      'Plan Name',
      'Premium',
      'currency',
    ]
    const preview = await upload(client, censusCsv(familyRows('SYN'), { headers }))
    preview.assertStatus(200)
    assert.deepEqual(preview.body().preview.validationWarnings, [])
    assert.deepEqual(preview.body().preview.allRecords[2], {
      row: 4,
      name: 'SYN Child',
      memberId: 'SYN-03',
      dateOfBirth: '2012-06-21',
      role: 'Child',
      residenceCountry: 'Switzerland',
      principalName: 'SYN Principal',
      principalPersonId: 'SYN-P1',
      personId: 'SYN-P3',
      product: 'SYN Care Plus',
      email: '',
    })
    await confirm(client, preview.body().cacheKey)
    const principal = await Member.findByOrFail('member_id', 'SYN-01')
    assert.equal(principal.email, 'syn@example.test')
    assert.equal(principal.plan_name, 'Gold')
    assert.equal(principal.final_premium, 2450)
    assert.equal(principal.premium_currency, 'USD')
    assert.equal((await Member.findByOrFail('member_id', 'SYN-03')).principal_id, principal.id)
  })

  test('an exact header wins over a synonym of the same column', async ({ client, assert }) => {
    const headers = ['Member ID', 'Full Name', 'Name', 'Date of Birth', 'Role']
    const preview = await upload(
      client,
      censusCsv([['EX-1', 'Not This', 'This One', '01.01.1980', 'Principal']], { headers })
    )
    preview.assertStatus(200)
    assert.equal(preview.body().preview.sampleRecords[0].name, 'This One')
  })

  test("a missing required column answers which ones are missing and the file's columns; a mapping then previews it", async ({
    client,
    assert,
  }) => {
    const headers = ['Policy Holder No', 'Insured', 'Birthday', 'Role', 'Product']
    const csv = censusCsv([['MAP-1', 'Mapped Person', '02.03.1981', 'Principal', 'Map Plan']], {
      headers,
    })
    const missing = await upload(client, csv)
    missing.assertStatus(422)
    assert.equal(missing.body().error, 'Missing required column(s): Member ID, Name, Date of Birth')
    assert.deepEqual(missing.body().missingColumns, ['Member ID', 'Name', 'Date of Birth'])
    assert.deepEqual(missing.body().fileColumns, headers)

    const mapped = await upload(client, csv, {
      'Member ID': 'Policy Holder No',
      'Name': 'insured',
      'Date of Birth': 'Birthday',
    })
    mapped.assertStatus(200)
    assert.deepInclude(mapped.body().preview.sampleRecords[0], {
      memberId: 'MAP-1',
      name: 'Mapped Person',
      dateOfBirth: '1981-03-02',
      product: 'Map Plan',
    })
    assert.deepEqual(mapped.body().preview.counts, { new: 1, updated: 0, unchanged: 0, skipped: 0 })
    ;(await confirm(client, mapped.body().cacheKey)).assertStatus(200)
    assert.equal(
      (await Member.findByOrFail('member_id', 'MAP-1')).insured_full_name,
      'Mapped Person'
    )
  })

  test('a bad mapping is a 422 with a clear message', async ({ client, assert }) => {
    const csv = censusCsv([['B-1', 'Person', '02.03.1981', 'Principal']], {
      headers: ['Policy Holder No', 'Name', 'Date of Birth', 'Role'],
    })
    const cases: [Record<string, string> | string, string][] = [
      [
        { 'Member ID': 'No Such Column' },
        'The column "No Such Column" chosen for Member ID is not in the file',
      ],
      [
        { 'Member Number': 'Policy Holder No' },
        'The mapping names "Member Number", which is not a census column (Member ID, Name, Date of Birth, Role, Residence Country, Principal Name, Principal Person ID, Person ID, Product, Email, Plan, Gender, Citizenship, Sum Insured, Final Premium, Premium Currency, Policy Start, Policy End)',
      ],
      [
        { 'Member ID': 'Policy Holder No', 'name': 'policy holder no' },
        'The column "Policy Holder No" is chosen for both Member ID and Name',
      ],
      [
        'not json',
        'The mapping must be a JSON object naming a file column for each census column, e.g. {"Member ID": "Policy Holder No"}',
      ],
      [
        '["Member ID"]',
        'The mapping must be a JSON object naming a file column for each census column, e.g. {"Member ID": "Policy Holder No"}',
      ],
    ]
    for (const [mapping, message] of cases) {
      const answer = await upload(client, csv, mapping)
      answer.assertStatus(422)
      assert.equal(answer.body().error, message, JSON.stringify(mapping))
    }
  })

  test('the dry run counts a re-import of the demo census with 5 changed rows exactly, and the import does what it said', async ({
    client,
    assert,
  }) => {
    const rows = await demoCensus()
    assert.isAtLeast(rows.length, 9)
    // The census as the database holds it: the first import settles it, a second preview finds everything unchanged.
    ;(
      await confirm(
        client,
        (await upload(client, censusCsv(rows, { headers: DEMO_HEADERS }))).body().cacheKey
      )
    ).assertStatus(200)
    const same = await upload(client, censusCsv(rows, { headers: DEMO_HEADERS }))
    assert.deepEqual(same.body().preview.counts, {
      new: 0,
      updated: 0,
      unchanged: rows.length,
      skipped: 0,
    })

    const changed = rows.map((row) => [...row])
    changed[0][1] = 'Anna Schmidt-Meyer' // updated: name
    changed[1][14] = '9999.5' // updated: premium
    changed[2][0] = 'DEMO-NEW-1' // new: a Member ID the table lacks
    changed[3][2] = '31.02.1990' // skipped: impossible date
    changed[4][3] = 'Cousin' // skipped: unknown role
    const preview = await upload(client, censusCsv(changed, { headers: DEMO_HEADERS }))
    preview.assertStatus(200)
    const counts = { new: 1, updated: 2, unchanged: rows.length - 5, skipped: 2 }
    assert.deepEqual(preview.body().preview.counts, counts)
    assert.equal(preview.body().preview.invalidRecords, 2)

    const result = await confirm(client, preview.body().cacheKey)
    result.assertStatus(200)
    assert.deepInclude(result.body(), {
      membersImported: counts.new,
      membersUpdated: counts.updated,
      membersUnchanged: counts.unchanged,
      membersSkipped: counts.skipped,
    })
    assert.equal(
      (await Member.findByOrFail('member_id', rows[0][0] as string)).insured_full_name,
      'Anna Schmidt-Meyer'
    )
  })

  test('the dry run counts while the file is read: across batches, dependants before their principal, orphans that are members; the import does what it said', async ({
    client,
    assert,
  }) => {
    // 1,353 rows: more than one round of the dry run's lookups (1,000 records) and 14 batches of the reading thread (100 lines).
    const rows = Array.from({ length: 450 }, (_, index) =>
      familyRows(`RND${index}`, 'RND Plan')
    ).flat()
    rows.push(...familyRows('ORPH', 'RND Plan'))
    ;(await confirm(client, (await upload(client, censusCsv(rows))).body().cacheKey)).assertStatus(
      200
    )

    const next = rows.map((row) => [...row])
    next[1_200][1] = 'RND400 Renamed' // updated, in the second round
    const orphanMember = next.findIndex((row) => row[0] === 'ORPH-02')
    next[orphanMember][6] = 'NOBODY-P' // a member whose principal is now nowhere: an orphan, skipped
    // A spouse read before its principal (kept aside until the principal comes): unchanged.
    ;[next[30], next[31]] = [next[31], next[30]]
    next.push([
      'NEWORPH-01',
      'New Orphan',
      '01.01.2010',
      'Child',
      'Switzerland',
      'Nobody',
      'NOBODY-2',
      'NO-P',
      'RND Plan',
      '',
      'Gold',
      '100.00',
      'USD',
    ])
    next.push(...familyRows('RNDNEW', 'rnd plan'))
    const preview = await upload(client, censusCsv(next))
    preview.assertStatus(200)
    const counts = { new: 3, updated: 1, unchanged: rows.length - 2, skipped: 2 }
    assert.deepEqual(preview.body().preview.counts, counts)
    assert.equal(preview.body().preview.totalRecords, next.length)

    const result = await confirm(client, preview.body().cacheKey)
    result.assertStatus(200)
    assert.deepInclude(result.body(), {
      membersImported: counts.new,
      membersUpdated: counts.updated,
      membersUnchanged: counts.unchanged,
      membersSkipped: counts.skipped,
    })
  })

  test('on an empty members table every valid record counts as new, orphans skipped', async ({
    client,
    assert,
  }) => {
    ;(
      await client
        .post('/api/admin/data/clean')
        .json({ confirmation: 'DELETE ALL DATA' })
        .asAdmin(await admin())
        .withCsrfToken()
    ).assertStatus(200)
    const rows = [
      ...familyRows('EMPTY'),
      [
        'EMPTY-09',
        'Lost Child',
        '01.01.2015',
        'Child',
        '',
        'Nobody',
        'NO-SUCH-PERSON',
        'X4',
        'EMPTY Plan',
        '',
        '',
        '',
        '',
      ],
      ['', 'No Id', '01.01.1990', 'Principal', '', '', '', 'X1', '', '', '', '', ''],
    ]
    const preview = await upload(client, censusCsv(rows))
    preview.assertStatus(200)
    assert.deepEqual(preview.body().preview.counts, {
      new: 3,
      updated: 0,
      unchanged: 0,
      skipped: 2,
    })
    const result = await confirm(client, preview.body().cacheKey)
    assert.deepInclude(result.body(), {
      membersImported: 3,
      membersUpdated: 0,
      membersUnchanged: 0,
      membersSkipped: 2,
    })
  })

  test('a new family counts as new members', async ({ client, assert }) => {
    const preview = await upload(client, censusCsv(familyRows('DRY')))
    assert.deepEqual(preview.body().preview.counts, {
      new: 3,
      updated: 0,
      unchanged: 0,
      skipped: 0,
    })
  })

  test('the error file lists the skipped rows with their own columns, row number and reason', async ({
    client,
    assert,
  }) => {
    const rows: CensusRow[] = [
      [
        'ERR-09',
        'Lost Child',
        '01.01.2015',
        'Child',
        '',
        'Nobody',
        'NO-SUCH-PERSON',
        'X4',
        'ERR Plan',
        '',
        '',
        '',
        '',
      ],
      ...familyRows('ERR'),
      ['', 'No Id', '01.01.1990', 'Principal', '', '', '', 'X1', 'ERR Plan', '', '', '', ''],
      [
        'ERR-06',
        '=HYPERLINK("x")',
        '31.02.1990',
        'Principal',
        'Switzerland',
        '',
        '',
        'X2',
        'ERR Plan',
        'a@b.test',
        'Gold',
        '1,200.50',
        'USD',
      ],
    ]
    const preview = await upload(client, censusCsv(rows))
    preview.assertStatus(200)
    const file = await errorFile(client, preview.body().cacheKey)
    file.assertStatus(200)
    assert.equal(file.header('content-type'), 'text/csv; charset=utf-8')
    assert.equal(file.header('content-disposition'), 'attachment; filename="census-errors.csv"')
    assert.equal(
      file.text(),
      '\uFEFF' +
        [
          'Member ID,Name,Date of Birth,Role,Residence Country,Principal Name,Principal Person ID,Person ID,Product,Email,Plan,Final Premium,Premium Currency,Row,Reason',
          "ERR-09,Lost Child,01.01.2015,Child,,Nobody,NO-SUCH-PERSON,X4,ERR Plan,,,,,2,Dependant's principal (Person ID NO-SUCH-PERSON) is neither in the file nor already imported",
          ',No Id,01.01.1990,Principal,,,,X1,ERR Plan,,,,,6,Member ID is missing',
          `ERR-06,"'=HYPERLINK(""x"")",31.02.1990,Principal,Switzerland,,,X2,ERR Plan,a@b.test,Gold,"1,200.50",USD,7,"Date of Birth ""31.02.1990"" is not a valid date (DD.MM.YYYY or YYYY-MM-DD)"`,
        ].join('\r\n') +
        '\r\n'
    )
  })

  test('the error file is only for the admin who made the preview, and only until it is confirmed', async ({
    client,
    assert,
  }) => {
    const preview = await upload(client, censusCsv(familyRows('OWN')))
    const key = preview.body().cacheKey
    const empty = await errorFile(client, key)
    assert.equal(
      empty.text(),
      '\uFEFFMember ID,Name,Date of Birth,Role,Residence Country,Principal Name,Principal Person ID,Person ID,Product,Email,Plan,Final Premium,Premium Currency,Row,Reason\r\n'
    )
    const other = await AdminUser.create({
      username: 'other-admin',
      email: 'other-admin@example.test',
      password: 'secret-123-abc',
    })
    const foreign = await client
      .get(`/api/admin/data/preview-errors?cacheKey=${key}`)
      .asAdmin(other)
    foreign.assertStatus(404)
    assert.equal(foreign.body().error, NO_PREVIEW)
    await confirm(client, key)
    const gone = await errorFile(client, key)
    gone.assertStatus(404)
    assert.equal(gone.body().error, NO_PREVIEW)
    const bad = await client.get('/api/admin/data/preview-errors').asAdmin(await admin())
    bad.assertStatus(422)
    assert.equal(bad.body().error, NO_PREVIEW)
  })
})
