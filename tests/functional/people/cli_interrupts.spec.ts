import { test } from '@japa/runner'
import { spawn } from 'node:child_process'
import { censusCsv, writeTmpFile } from '#tests/helpers/census_files'
import {
  cliEnv,
  prepareCliDatabase,
  runCliInTerminal,
  withCliDatabase,
} from '#tests/helpers/cli_runner'

const membersCount = () =>
  withCliDatabase(
    (database) => (database.prepare('select count(*) as n from members').get() as any).n as number
  )

/** `npm run cli -- <args>` in a process, Ctrl-C (SIGINT) once `ready` holds; its code and output. */
async function interrupted(args: string[], ready: (stdout: string) => boolean) {
  const child = spawn(process.execPath, ['--no-warnings', 'scripts/cli.mjs', ...args], {
    env: cliEnv(),
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk) => (stdout += chunk))
  child.stderr.on('data', (chunk) => (stderr += chunk))
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve))
  for (let waited = 0; waited < 90_000 && child.exitCode === null; waited += 20) {
    if (ready(stdout)) break
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  child.kill('SIGINT')
  return { code: await exited, stdout, stderr }
}

/*
| Ctrl-C on each command that does work, in a real process: the command says what
| it did, or that it did nothing and why, and exits 130. tokens generate: cli_links_interrupted.spec.ts.
*/
test.group('Operators CLI: Ctrl-C says what was done', (group) => {
  // Its processes use their own SQLite file whatever the suite's database: run once (scripts/run_tests.mjs).
  group.tap((t) => t.tags(['@own-sqlite'], 'append'))
  group.setup(() => prepareCliDatabase())

  test('import on SQLite: stopped while importing, says how many records were imported (each batch is committed)', async ({
    assert,
  }) => {
    const rows = Array.from({ length: 40_000 }, (_, i) => [
      `INT-${i}`,
      `Interrupted Member ${i}`,
      '01.02.1970',
      'Principal',
      '',
      '',
      '',
      '',
      'Interrupted Plan',
      '',
      '',
      '',
      '',
    ])
    const file = await writeTmpFile('cli-interrupted.csv', censusCsv(rows))
    const before = membersCount()
    // The preview is printed, then the import starts: Ctrl-C then.
    const result = await interrupted(['import', file], (stdout) =>
      stdout.includes('The import will: add 40000')
    )
    assert.equal(result.code, 130, result.stderr)
    assert.include(
      result.stderr,
      'Stopping: finishing the batch being written (each batch is committed on its own)...'
    )
    const told = result.stderr.match(
      /error: Interrupted: ([\d,]+) of 40,000 records imported \(each batch is committed on its own\); the others were not\. Run the import again to import the rest: the members already imported stay unchanged\.\n$/
    )
    assert.isNotNull(told, result.stderr)
    assert.notInclude(result.stdout, 'Members imported')
    assert.equal(membersCount() - before, Number(told![1].replace(/,/g, '')))
    assert.isBelow(membersCount() - before, 40_000)
  }).timeout(180_000)

  test('clean: stopped between batches, says how many rows were deleted and that the rest is there', async ({
    assert,
  }) => {
    withCliDatabase((database) => {
      const stamp = '2026-01-01 00:00:00'
      const member = database.prepare(
        "insert into members (member_id, insured_full_name, date_of_birth, insured_role, status, created_at, updated_at) values (?, ?, '1980-01-01', 'Principal', 'Active', ?, ?)"
      )
      database.transaction(() => {
        for (let i = 0; i < 60_000; i++) member.run(`CLEAN-${i}`, `Clean Member ${i}`, stamp, stamp)
      })()
    })
    const deletedSoFar = () =>
      withCliDatabase((database) =>
        Number(
          (
            database.prepare('select max(deleted_rows) as n from data_cleans').get() as {
              n: number | null
            }
          ).n ?? 0
        )
      )
    const result = await interrupted(
      ['clean', '--confirm', 'DELETE ALL DATA'],
      () => deletedSoFar() >= 2000
    )
    assert.equal(result.code, 130, result.stderr)
    assert.include(result.stderr, 'Stopping: the clean ends after the batch being deleted...')
    const said =
      /error: Interrupted: ([\d,]+) of ([\d,]+) rows deleted \(each batch is committed\); the rest is still there: run clean again to delete it\n$/.exec(
        result.stderr
      )
    assert.isNotNull(said, result.stderr)
    const deleted = Number(said![1].replace(/,/g, ''))
    const total = Number(said![2].replace(/,/g, ''))
    assert.isAbove(deleted, 0)
    assert.isBelow(deleted, total)
    assert.notInclude(result.stdout, 'Database cleaned')
    // What it said is what the database holds; the run is ended (the next clean starts at once).
    const run = withCliDatabase(
      (database) =>
        database
          .prepare(
            'select status, error, active_key, deleted_rows from data_cleans order by id desc'
          )
          .get() as any
    )
    assert.containsSubset(run, {
      status: 'failed',
      error: 'stopped by the operator; run the clean again to delete the rest',
      active_key: null,
      deleted_rows: deleted,
    })
    assert.isAbove(membersCount(), 0)
  }).timeout(180_000)

  test('admins create: Ctrl-C at a prompt creates nothing', async ({ assert }) => {
    const result = await runCliInTerminal(
      ['admins', 'create', '--username', 'stopped1', '--email', 'stopped1@example.test'],
      [{ prompt: 'Password', answer: '\u0003' }]
    )
    assert.equal(result.code, 130, result.stdout)
    assert.include(result.stdout, 'error: Cancelled: nothing was done.')
    assert.equal(
      withCliDatabase(
        (database) =>
          (
            database
              .prepare("select count(*) as n from admin_users where username = 'stopped1'")
              .get() as any
          ).n
      ),
      0
    )
  }).timeout(120_000)
})
