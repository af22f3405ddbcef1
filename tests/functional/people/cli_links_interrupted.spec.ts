import { test } from '@japa/runner'
import { spawn } from 'node:child_process'
import { readFile, rm } from 'node:fs/promises'
import { randomBytes } from 'node:crypto'
import { cliEnv, prepareCliDatabase, withCliDatabase } from '#tests/helpers/cli_runner'

const OUTPUT = 'tmp/cli-links-interrupted.csv'
/** Five batches of links (ISSUE_BATCH, 1,000 a transaction): Ctrl-C after the first lands mid-run. */
const PRINCIPALS = 5000

/** Principals who may all get a link, each with a link issued (and maybe emailed) before: the ones Ctrl-C must not lose. */
function addPrincipalsWithLinks() {
  withCliDatabase((database) => {
    const stamp = '2026-01-01 00:00:00'
    const member = database.prepare(
      "insert into members (member_id, insured_full_name, date_of_birth, insured_role, status, created_at, updated_at) values (?, ?, '1980-01-01', 'Principal', 'Active', ?, ?)"
    )
    const token = database.prepare(
      'insert into migration_tokens (member_id, token_hash, expires_at, failed_attempts, created_at) values (?, ?, ?, 0, ?)'
    )
    database.transaction(() => {
      for (let i = 0; i < PRINCIPALS; i++) {
        const { lastInsertRowid } = member.run(`LINK-${i}`, `Link Member ${i}`, stamp, stamp)
        token.run(lastInsertRowid, randomBytes(32).toString('hex'), '2099-01-01 00:00:00', stamp)
      }
    })()
  })
}

const dataRows = (csv: string) => csv.trim().split('\n').slice(1).filter(Boolean)

test.group('Operators CLI: Ctrl-C during tokens generate', (group) => {
  // Its processes use their own SQLite file whatever the suite's database: run once (scripts/run_tests.mjs).
  group.tap((t) => t.tags(['@own-sqlite'], 'append'))
  group.setup(() => prepareCliDatabase())

  test('every link issued before Ctrl-C is in the file, and nothing more was issued or revoked', async ({
    assert,
  }) => {
    addPrincipalsWithLinks()
    await rm(OUTPUT, { force: true })
    const lastTokenBefore = withCliDatabase(
      (database) =>
        (database.prepare('select max(id) as id from migration_tokens').get() as any).id as number
    )

    const child = spawn(
      process.execPath,
      ['--no-warnings', 'scripts/cli.mjs', 'tokens', 'generate', '--all', '--output', OUTPUT],
      { env: cliEnv() }
    )
    let stderr = ''
    child.stderr.on('data', (chunk) => (stderr += chunk))
    const exited = new Promise<number | null>((resolve) =>
      child.on('close', (code) => resolve(code))
    )
    // Ctrl-C once links are being issued (the first batches are in the file).
    for (let waited = 0; waited < 60_000; waited += 50) {
      const csv = await readFile(OUTPUT, 'utf8').catch(() => '')
      if (dataRows(csv).length >= 60) break
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    child.kill('SIGINT')
    const code = await exited

    assert.equal(code, 130, stderr)
    assert.match(
      stderr,
      /error: Interrupted: \d+ link\(s\) issued, each written to tmp\/cli-links-interrupted\.csv/
    )
    const rows = dataRows(await readFile(OUTPUT, 'utf8'))
    const inFile = new Set(rows.map((row) => row.split(',')[0]))
    const { issued, revoked } = withCliDatabase((database) => ({
      issued: database
        .prepare(
          'select m.member_id from migration_tokens t join members m on m.id = t.member_id where t.id > ?'
        )
        .all(lastTokenBefore) as { member_id: string }[],
      revoked: database
        .prepare(
          "select m.member_id from migration_tokens t join members m on m.id = t.member_id where t.id <= ? and t.revoked_at is not null and m.member_id like 'LINK-%'"
        )
        .all(lastTokenBefore) as { member_id: string }[],
    }))
    // Interrupted mid-run: some, not all.
    assert.isAbove(issued.length, 0)
    assert.isBelow(issued.length, PRINCIPALS)
    assert.equal(rows.length, issued.length, 'one row per link issued')
    assert.equal(inFile.size, rows.length)
    for (const { member_id: memberId } of issued)
      assert.isTrue(inFile.has(memberId), `${memberId} got a link that is not in the file`)
    // An older link was revoked only where its member's new link is in the file.
    assert.isAbove(revoked.length, 0)
    for (const { member_id: memberId } of revoked)
      assert.isTrue(inFile.has(memberId), `${memberId} lost a link without a new one in the file`)
  }).timeout(180_000)

  test('an output file that cannot be written issues no link', async ({ assert }) => {
    const lastTokenBefore = withCliDatabase(
      (database) =>
        (database.prepare('select max(id) as id from migration_tokens').get() as any).id as number
    )
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(
        process.execPath,
        [
          '--no-warnings',
          'scripts/cli.mjs',
          'tokens',
          'generate',
          '--all',
          '--output',
          'tmp/no-such-folder/links.csv',
        ],
        { env: cliEnv() }
      )
      let stderr = ''
      child.stderr.on('data', (chunk) => (stderr += chunk))
      child.on('close', (code) => resolve({ code, stderr }))
    })
    assert.equal(result.code, 1)
    assert.match(
      result.stderr,
      /^error: Cannot write tmp\/no-such-folder\/links\.csv: .*; no link was issued$/m
    )
    assert.equal(
      withCliDatabase(
        (database) =>
          (
            database
              .prepare('select count(*) as n from migration_tokens where id > ?')
              .get(lastTokenBefore) as any
          ).n
      ),
      0
    )
  }).timeout(120_000)
})
