import { test } from '@japa/runner'
import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import { censusCsv, familyRows, writeTmpFile } from '#tests/helpers/census_files'
import { listeningAddress, settingsService } from '#modules/settings/index'
import { outboxDirectory } from '#modules/notifications/index'
import { forgetRecordedAddress } from '#modules/settings/services/frontend_url'
import { isolateEachTest } from '#tests/helpers/database'
import {
  buildIfNeeded,
  runCli as runCliProcess,
  runCliInProcess as runCli,
  runCliInProcessTerminal,
} from '#tests/helpers/cli_runner'
import { testTmpPath } from '#tests/helpers/test_paths'

const LINKS_CSV = testTmpPath('cli-links.csv')
const PARTIAL_CSV = testTmpPath('cli-partial.csv')

/** A query on the suite's database (the in-process CLI's), inside the test's transaction. */
async function query<T = any>(sql: string, ...params: unknown[]): Promise<T[]> {
  const result = await db.rawQuery(sql, params as any[])
  const rows = (db.connection().dialect.name === 'mysql' ? result[0] : result) as any[]
  // MariaDB counts are strings or bigints: numbers, as SQLite answers them.
  return rows.map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([key, value]) => [
        key,
        key === 'n' || key === 'id' ? Number(value) : value,
      ])
    )
  ) as T[]
}

/*
| The commands run in this test process (runCliInProcess: the commander program on the booted
| test application), each test in its rolled-back transaction on the suite's database.
| The groups after it: the prompts at a terminal (in-process too), then the CLI as a process: --help
| and exit codes.
*/
test.group('Operators CLI', (group) => {
  isolateEachTest(group)

  test('import --dry-run shows the preview and writes nothing; import then imports', async ({
    assert,
  }) => {
    const rows = [
      ...familyRows('CLI'),
      [
        'CLI-09',
        'Broken',
        '32.13.1990',
        'Principal',
        '',
        '',
        '',
        '',
        'CLI Care Plus',
        '',
        '',
        '',
        '',
      ],
    ]
    const file = await writeTmpFile('cli-census.csv', censusCsv(rows))
    const dry = await runCli('import', file, '--dry-run')
    assert.equal(dry.code, 0, dry.stderr)
    assert.include(dry.stdout, 'Records: 4')
    assert.include(dry.stdout, 'Records with errors (skipped): 1')
    assert.include(dry.stdout, 'Row 5: Date of Birth "32.13.1990" is not a valid date')
    assert.include(dry.stdout, 'Dry run: nothing was imported.')
    assert.lengthOf(await query("select id from members where member_id like 'CLI-%'"), 0)

    const real = await runCli('import', file)
    assert.equal(real.code, 0, real.stderr)
    assert.include(real.stdout, 'Members imported: 3')
    assert.include(real.stdout, 'New products added: 1')
    assert.lengthOf(await query("select id from members where member_id like 'CLI-%'"), 3)

    const again = await runCli('import', file)
    assert.include(again.stdout, 'Members imported: 0')
    assert.include(again.stdout, 'Members unchanged: 3')
  })

  test("import --map reads a census column from a file column; without it the missing column and the file's columns are named", async ({
    assert,
  }) => {
    const headers = ['Policy Holder No', 'Full Name', 'DOB', 'Relationship', 'Product']
    const file = await writeTmpFile(
      'cli-mapped.csv',
      censusCsv([['CLIMAP-1', 'Mapped Holder', '01.02.1970', 'Principal', 'CLI Map Plan']], {
        headers,
      })
    )
    const missing = await runCli('import', file, '--dry-run')
    assert.equal(missing.code, 1)
    assert.equal(
      missing.stderr.trim(),
      'error: Missing required column(s): Member ID. The file\'s columns: Policy Holder No, Full Name, DOB, Relationship, Product. Name the one to use with --map "Member ID=<file column>".'
    )
    const bad = await runCli('import', file, '--map', 'Member ID')
    assert.equal(bad.code, 1)
    assert.include(bad.stderr, 'Write it as "Census Column=File Column".')
    const wrong = await runCli('import', file, '--map', 'Member ID=Holder', '--dry-run')
    assert.equal(wrong.code, 1)
    assert.equal(
      wrong.stderr.trim(),
      'error: The column "Holder" chosen for Member ID is not in the file'
    )

    const mapped = await runCli('import', file, '--map', 'Member ID=Policy Holder No')
    assert.equal(mapped.code, 0, mapped.stderr)
    assert.include(
      mapped.stdout,
      'The import will: add 1, update 0, leave unchanged 0, skip 0 member(s)'
    )
    assert.include(mapped.stdout, 'Members imported: 1')
    assert.include(mapped.stdout, 'Members skipped: 0')
    assert.deepEqual(
      await query(
        "select insured_full_name, product_name from members where member_id = 'CLIMAP-1'"
      ),
      [{ insured_full_name: 'Mapped Holder', product_name: 'CLI Map Plan' }]
    )
  })

  test('import of a missing file or a wrong type fails with one line', async ({ assert }) => {
    const missing = await runCli('import', 'tmp/nope.csv')
    assert.equal(missing.code, 1)
    assert.equal(missing.stderr.trim(), 'error: File not found: tmp/nope.csv')
    const wrongType = await runCli('import', await writeTmpFile('census.txt', 'x'))
    assert.equal(wrongType.code, 1)
    assert.equal(wrongType.stderr.trim(), 'error: Please select a CSV or XLSX file')
  })

  test('tokens generate prints CSV links and writes a file', async ({ assert }) => {
    const printed = await runCli('tokens', 'generate', '--member', 'DEMO-1001')
    assert.equal(printed.code, 0, printed.stderr)
    const [header, line] = printed.stdout.trim().split('\n')
    assert.equal(header, 'Member ID,Full Name,Email,Secure Login Link,Expires At')
    assert.match(
      line,
      new RegExp(
        `^DEMO-1001,Anna Schmidt,anna\\.schmidt@corp\\.example\\.com,${listeningAddress()}/shop/login\\?token=[\\w-]{43},`
      )
    )
    const [anna] = await query('select id from members where member_id = ?', 'DEMO-1001')
    assert.lengthOf(
      await query(
        'select id from migration_tokens where member_id = ? and revoked_at is null and used_at is null',
        anna.id
      ),
      1
    )

    const written = await runCli('tokens', 'generate', '--all', '--output', LINKS_CSV)
    assert.equal(written.code, 0, written.stderr)
    const csv = await readFile(LINKS_CSV, 'utf8')
    assert.include(csv, 'DEMO-1005,Emma Johansson')
    assert.notInclude(csv, 'DEMO-1002,', 'a migrated member gets no link')
    assert.notInclude(csv, 'DEMO-1003,', 'a member blocked by an administrator gets no link')

    const unknown = await runCli('tokens', 'generate', '--member', 'NOPE-1')
    assert.equal(unknown.code, 1)
    assert.equal(unknown.stderr.trim(), 'error: Unknown member ID: NOPE-1')
    const none = await runCli('tokens', 'generate')
    assert.equal(none.code, 1)
    assert.equal(
      none.stderr.trim(),
      'error: Missing --member <ID...> or --all (no terminal to ask)'
    )
  })

  test('tokens generate: links issued before a member fails are still printed and written', async ({
    assert,
  }) => {
    const notEligible =
      'Secure links are only issued to principal members who have not migrated and whose product is enabled'
    const printed = await runCli('tokens', 'generate', '--member', 'DEMO-1001', 'DEMO-1002')
    assert.equal(printed.code, 1)
    assert.equal(
      printed.stderr.trim(),
      `error: 1 of 2 link(s) could not be issued: DEMO-1002: ${notEligible}`
    )
    const lines = printed.stdout.trim().split('\n')
    assert.lengthOf(lines, 2)
    assert.match(lines[1], /^DEMO-1001,Anna Schmidt,/)

    const written = await runCli(
      'tokens',
      'generate',
      '--member',
      'DEMO-1002',
      'DEMO-1005',
      '--output',
      PARTIAL_CSV
    )
    assert.equal(written.code, 1)
    assert.include(written.stderr, `1 links written to ${PARTIAL_CSV}`)
    assert.include(
      written.stderr,
      `error: 1 of 2 link(s) could not be issued: DEMO-1002: ${notEligible}`
    )
    assert.match(await readFile(PARTIAL_CSV, 'utf8'), /\nDEMO-1005,Emma Johansson,,http/)
  })

  test('tokens generate builds links by the server address rule, not the PORT of its own environment', async ({
    assert,
  }) => {
    // What the web server records once it listens (backend/bin/record_address.ts); the operator's
    // shell has the .env PORT 3333.
    await db.table('listening_addresses').insert({
      id: 1,
      address: 'http://127.0.0.1:47999',
      recorded_at: new Date(),
    })
    const port = env.get('PORT')
    forgetRecordedAddress()
    env.set('PORT', 3333)
    try {
      const link = async () => {
        const result = await runCli('tokens', 'generate', '--member', 'DEMO-1005')
        assert.equal(result.code, 0, result.stderr)
        return result.stdout.trim().split('\n')[1].split(',')[3]
      }
      assert.match(await link(), /^http:\/\/127\.0\.0\.1:47999\/shop\/login\?token=[\w-]{43}$/)
      // FRONTEND_URL, when set, is the address: for the CLI as for the server.
      await db
        .from('settings')
        .where('setting_key', 'FRONTEND_URL')
        .update({ setting_value: 'https://portal.example.test/' })
      settingsService.clearCache()
      assert.match(await link(), /^https:\/\/portal\.example\.test\/shop\/login\?token=[\w-]{43}$/)
    } finally {
      env.set('PORT', port)
      forgetRecordedAddress()
      settingsService.clearCache()
    }
  })

  test('invitations send: dry run lists, a real run emails and counts', async ({ assert }) => {
    // The seeded demo's purchase (DEMO-1002) already sent its emails into the outbox.
    const outbox = outboxDirectory()
    const before = new Set(await readdir(outbox).catch(() => [] as string[]))
    const dry = await runCli('invitations', 'send', '--member', 'DEMO-1001', '--dry-run')
    assert.equal(dry.code, 0, dry.stderr)
    assert.include(dry.stdout, 'Dry run: 1 invitation(s) would be sent')
    assert.deepEqual(
      (await readdir(outbox).catch(() => [] as string[])).filter((name) => !before.has(name)),
      []
    )

    const sent = await runCli('invitations', 'send', '--member', 'DEMO-1001', 'DEMO-1005')
    assert.equal(sent.code, 0, sent.stderr + sent.stdout)
    assert.include(sent.stdout, 'Sent: 1')
    assert.include(sent.stdout, 'Failed: 0')
    assert.include(sent.stdout, 'Skipped: 1')
    const messages = (await readdir(outbox)).filter((name) => !before.has(name))
    assert.isAbove(messages.length, 0)
    const content = (
      await Promise.all(messages.map((name) => readFile(`${outbox}/${name}`, 'utf8')))
    ).join('\n')
    assert.include(content, 'anna.schmidt@corp.example.com')
  })

  test('admins create from flags, with validation errors as exit codes', async ({ assert }) => {
    const short = await runCli(
      'admins',
      'create',
      '--username',
      'ops1',
      '--email',
      'ops1@example.test',
      '--password',
      '123'
    )
    assert.equal(short.code, 1)
    assert.equal(short.stderr.trim(), 'error: Password must be at least 6 characters')
    const noTerminal = await runCli(
      'admins',
      'create',
      '--username',
      'ops1',
      '--email',
      'ops1@example.test'
    )
    assert.equal(noTerminal.code, 1)
    assert.equal(noTerminal.stderr.trim(), 'error: Missing --password (no terminal to ask)')
    const created = await runCli(
      'admins',
      'create',
      '--username',
      'ops1',
      '--email',
      'ops1@example.test',
      '--password',
      'secret-123-abc'
    )
    assert.equal(created.code, 0, created.stderr)
    assert.deepEqual(
      await query("select role from admin_users where username = 'ops1'"),
      [{ role: 'owner' }],
      'without --role: an Owner'
    )
    const support = await runCli(
      'admins',
      'create',
      '--username',
      'help1',
      '--email',
      'help1@example.test',
      '--password',
      'secret-123-abc',
      '--role',
      'support'
    )
    assert.equal(support.code, 0, support.stderr)
    assert.include(
      support.stdout,
      'Admin created successfully: help1 <help1@example.test> (support)'
    )
    const duplicate = await runCli(
      'admins',
      'create',
      '--username',
      'ops1',
      '--email',
      'other@example.test',
      '--password',
      'secret-123-abc'
    )
    assert.equal(duplicate.code, 1)
    assert.equal(duplicate.stderr.trim(), 'error: Username already exists')
  })

  test('admins create --enrolment-link prints a single-use link whose token is stored hashed', async ({
    assert,
  }) => {
    const created = await runCli(
      'admins',
      'create',
      '--username',
      'ops3',
      '--email',
      'ops3@example.test',
      '--password',
      'secret-123-abc',
      '--enrolment-link'
    )
    assert.equal(created.code, 0, created.stderr)
    const link = created.stdout.match(
      /Enrolment link \(single use, valid 72 hours\): (http\S+\/admin\/login\?enrolment=(\S+))/
    )
    assert.isNotNull(link, created.stdout)
    const token = decodeURIComponent(link![2])
    const [admin] = await query("select id from admin_users where username = 'ops3'")
    const rows = await query(
      'select token_hash, used_at from admin_enrolment_links where admin_user_id = ?',
      admin.id
    )
    assert.deepEqual(rows, [
      { token_hash: createHash('sha256').update(token).digest('hex'), used_at: null },
    ])
  })

  test('without a terminal a missing input fails with one line; clean refuses a wrong phrase', async ({
    assert,
  }) => {
    const noTerminal = await runCli('invitations', 'send', '--dry-run')
    assert.equal(noTerminal.code, 1)
    assert.equal(
      noTerminal.stderr.trim(),
      'error: Missing --member <ID...> or --all-pending (no terminal to ask)'
    )
    const noFile = await runCli('import', '--dry-run')
    assert.equal(noFile.code, 1)
    assert.equal(noFile.stderr.trim(), 'error: Missing <file> (no terminal to ask)')
    const wrong = await runCli('clean', '--confirm', 'delete all data')
    assert.equal(wrong.code, 1)
    assert.equal(wrong.stderr.trim(), 'error: Please type "DELETE ALL DATA" to confirm')
    assert.isAbove((await query('select count(*) as n from members'))[0].n, 0)
  })
})

/*
| The CLI as an operator runs it: `npm run cli` (the compiled CLI) in its own process, on its own
| SQLite file (@own-sqlite: run once, scripts/run_tests.mjs): --help and exit codes, and the
| prompts in a terminal. The Ctrl-C tests are in cli_interrupts.spec.ts.
*/
/*
| The prompts, as a person at a terminal answers them, in this test process (runCliInProcessTerminal:
| the prompts draw on the captured screen and read the typed keys), on the suite's database.
*/
test.group('Operators CLI at a terminal', (group) => {
  isolateEachTest(group)

  test('tokens generate asks for one member or all in a terminal', async ({ assert }) => {
    const result = await runCliInProcessTerminal(
      ['tokens', 'generate'],
      [
        { prompt: 'Which members?', answer: '' },
        { prompt: 'Member ID:', answer: 'DEMO-1005' },
      ]
    )
    assert.equal(result.code, 0, result.stdout)
    assert.match(
      result.stdout,
      new RegExp(`DEMO-1005,Emma Johansson,,${listeningAddress()}/shop/login\\?token=`)
    )
  })

  test('invitations send asks for member IDs or all pending in a terminal', async ({ assert }) => {
    const some = await runCliInProcessTerminal(
      ['invitations', 'send', '--dry-run'],
      [
        { prompt: 'Which members?', answer: '' },
        { prompt: 'Member IDs', answer: 'DEMO-1001, DEMO-1005' },
      ]
    )
    assert.equal(some.code, 0, some.stdout)
    assert.include(some.stdout, 'Dry run: 2 invitation(s) would be sent; nothing was sent.')

    // Arrow down to the second choice, then Enter.
    const all = await runCliInProcessTerminal(
      ['invitations', 'send', '--dry-run'],
      [{ prompt: 'Which members?', answer: '\u001b[B' }]
    )
    assert.equal(all.code, 0, all.stdout)
    const pending = await runCli('invitations', 'send', '--all-pending', '--dry-run')
    const count = /Dry run: (\d+) invitation/.exec(pending.stdout)![1]
    assert.include(all.stdout, `Dry run: ${count} invitation(s) would be sent; nothing was sent.`)
  })

  test('import asks for the file in a terminal', async ({ assert }) => {
    const file = await writeTmpFile('cli-asked.csv', censusCsv(familyRows('ASK')))
    const asked = await runCliInProcessTerminal(
      ['import', '--dry-run'],
      [{ prompt: 'Census file', answer: file }]
    )
    assert.equal(asked.code, 0, asked.stdout)
    assert.include(asked.stdout, 'Records: 3')
    assert.include(asked.stdout, 'Dry run: nothing was imported.')
  })

  test('admins create asks for the password in a terminal', async ({ assert }) => {
    const result = await runCliInProcessTerminal(
      ['admins', 'create', '--username', 'ops2', '--email', 'ops2@example.test'],
      [{ prompt: 'Password', answer: 'typed-secret' }]
    )
    assert.equal(result.code, 0, result.stdout)
    assert.include(result.stdout, 'Admin created successfully: ops2')
    assert.notInclude(result.stdout, 'typed-secret', 'the password is masked')
    assert.lengthOf(await query("select id from admin_users where username = 'ops2'"), 1)
  })

  test('clean empties the data when the phrase is typed', async ({ assert }) => {
    const typed = await runCliInProcessTerminal(
      ['clean'],
      [{ prompt: 'to confirm', answer: 'DELETE ALL DATA' }]
    )
    assert.equal(typed.code, 0, typed.stdout)
    assert.match(typed.stdout, /Database cleaned\. Deleted: \d+ members, 1 migrations/)
    assert.equal((await query('select count(*) as n from members'))[0].n, 0)
    assert.isAbove((await query('select count(*) as n from products'))[0].n, 0)
  })
})

test.group('Operators CLI in a process', (group) => {
  group.tap((t) => t.tags(['@own-sqlite'], 'append'))
  // --help needs no database: the compiled CLI only.
  group.setup(() => buildIfNeeded())

  test('every command has --help', async ({ assert }) => {
    for (const args of [
      ['--help'],
      ['import', '--help'],
      ['clean', '--help'],
      ['tokens', 'generate', '--help'],
      ['invitations', 'send', '--help'],
      ['admins', 'create', '--help'],
    ]) {
      const result = await runCliProcess(...args)
      assert.equal(result.code, 0, args.join(' '))
      assert.include(result.stdout, 'Usage:')
    }
  })
})
