import { test } from '@japa/runner'
import { readFile, rm } from 'node:fs/promises'
import db from '@adonisjs/lucid/services/db'
import { censusCsv, familyRows, writeTmpFile } from '#tests/helpers/census_files'
import { isolateEachTest } from '#tests/helpers/database'
import { runCliInProcessInterrupted } from '#tests/helpers/cli_runner'
import { testTmpPath } from '#tests/helpers/test_paths'

/*
| Ctrl-C says what was done, on the suite's database (SQLite and MariaDB): each command runs in
| this test process (runCliInProcessInterrupted) and gets a Ctrl-C through cli/index.ts's own
| SIGINT handler (ctrlC) once its progress bar shows some of the work done and not all. It stops
| at its next safe point, exits 130 and its last line says what it did (or that it did nothing,
| and why), which the database confirms. The same as a real process (cli_interrupts.spec.ts,
| cli_links_interrupted.spec.ts), without a process per test, at a size where a safe point is
| mid-work: ten families for the import (its principals, then its dependants), 1,001 principals
| for the link batches (1,000 a batch; three of them with an email, so the first batch of
| invitations sends three emails). What it costs: ~1,000 members added by multi-row inserts, a
| batch of links, three emails, a preview; a few seconds in all, each test rolled back.
*/

const LINKS = testTmpPath('cli-ctrl-c-links.csv')
const count = (n: number) => n.toLocaleString('en-US')
const sqlite = () => db.connection().dialect.name.includes('sqlite')

async function scalar(query: any): Promise<number> {
  const row = await query.first()
  return Number(Object.values(row ?? { n: 0 })[0] ?? 0)
}

/** 1,001 unmigrated principals on a seeded product: two batches of links; the first three have an email. */
async function addPrincipals() {
  const stamp = '2026-12-01 10:00:00'
  for (let start = 0; start < 1001; start += 400) {
    await db.table('members').multiInsert(
      Array.from({ length: Math.min(400, 1001 - start) }, (_, i) => ({
        member_id: `CTRLC-${start + i}`,
        insured_full_name: `Ctrl C Member ${start + i}`,
        date_of_birth: '1980-01-01',
        insured_role: 'Principal',
        product_name: 'Global Health Gold',
        email: start + i < 3 ? `ctrlc${start + i}@example.test` : null,
        status: 'Active',
        created_at: stamp,
        updated_at: stamp,
      }))
    )
  }
}

/** The command's stderr lines (progress bars are not drawn without a terminal). */
const linesOf = (stderr: string) => stderr.split('\n').filter(Boolean)

test.group('Operators CLI in-process: Ctrl-C mid-work says what was done', (group) => {
  isolateEachTest(group)

  test('import: the batches committed (SQLite) or nothing (MariaDB: one transaction), said so', async ({
    assert,
  }) => {
    const rows = Array.from({ length: 10 }, (_, i) => familyRows(`CTRLC${i}`, 'Ctrl C Care')).flat()
    const file = await writeTmpFile('cli-ctrl-c-import.csv', censusCsv(rows))
    const result = await runCliInProcessInterrupted(['import', file])

    assert.equal(result.code, 130, result.stderr + result.stdout)
    // The principals' batch was written, then Ctrl-C: the dependants are not.
    assert.deepEqual(result.pressedAt, { done: 10, total: 30 })
    const members = await scalar(
      db.from('members').where('member_id', 'like', 'CTRLC%').count('* as n')
    )
    if (sqlite()) {
      assert.deepEqual(linesOf(result.stderr), [
        'Stopping: finishing the batch being written (each batch is committed on its own)...',
        'error: Interrupted: 10 of 30 records imported (each batch is committed on its own); the others were not. Run the import again to import the rest: the members already imported stay unchanged.',
      ])
      assert.equal(members, 10)
    } else {
      assert.deepEqual(linesOf(result.stderr), [
        'Stopping: rolling the import back after the batch being written (it is written all at once or not at all)...',
        "error: Interrupted: nothing was imported (stopped at 10 of 30 records, before the import's one transaction was committed; it was rolled back). Run the import again to import the file.",
      ])
      assert.equal(members, 0)
    }
  }).timeout(60_000)

  test('tokens generate --all: the links issued so far, each written; the others untouched', async ({
    assert,
  }) => {
    await addPrincipals()
    await rm(LINKS, { force: true })
    const lastToken = await scalar(db.from('migration_tokens').max('id as n'))
    const result = await runCliInProcessInterrupted([
      'tokens',
      'generate',
      '--all',
      '--output',
      LINKS,
    ])

    assert.equal(result.code, 130, result.stderr)
    assert.equal(result.pressedAt?.done, 1000)
    assert.deepEqual(linesOf(result.stderr), [
      'Stopping: writing the links issued so far...',
      `1000 links written to ${LINKS}`,
      `error: Interrupted: 1000 link(s) issued, each written to ${LINKS}; the other members were not touched`,
    ])
    const written = (await readFile(LINKS, 'utf8')).trim().split('\n').length - 1
    assert.equal(written, 1000)
    assert.equal(
      await scalar(db.from('migration_tokens').where('id', '>', lastToken).count('* as n')),
      1000
    )
  }).timeout(60_000)

  test('invitations send --all-pending: the batch sent, counted; the other members not invited', async ({
    assert,
  }) => {
    await addPrincipals()
    const lastDelivery = await scalar(db.from('email_deliveries').max('id as n'))
    const result = await runCliInProcessInterrupted(['invitations', 'send', '--all-pending'])

    assert.equal(result.code, 130, result.stderr + result.stdout)
    const { done, total } = result.pressedAt!
    assert.equal(done, 1000)
    const sent = await scalar(
      db
        .from('email_deliveries')
        .where('id', '>', lastDelivery)
        .where('email_type', 'migration_invitation')
        .where('status', 'sent')
        .count('* as n')
    )
    // The three principals with an email, and any seeded one among the first 1,000.
    assert.isAtLeast(sent, 3)
    const sentLine = /^Sent: (\d+)$/m.exec(result.stdout)
    const skippedLine = /^Skipped: (\d+)$/m.exec(result.stdout)
    assert.equal(Number(sentLine?.[1]), sent, result.stdout)
    assert.deepEqual(linesOf(result.stderr), [
      'Stopping: the invitations end after the batch being sent (up to 1,000 members)...',
      `error: Interrupted: ${sent} invitation(s) sent, 0 failed, ${skippedLine?.[1]} skipped; the other ${total - done} member(s) were not invited; run it again to invite them`,
    ])
    // Nobody after the first batch was given a link.
    const last = await db.from('members').where('member_id', 'CTRLC-1000').select('id').first()
    assert.equal(
      await scalar(db.from('migration_tokens').where('member_id', last.id).count('* as n')),
      0
    )
  }).timeout(60_000)

  test('clean: the rows deleted so far (each batch committed), the rest still there', async ({
    assert,
  }) => {
    await addPrincipals()
    const result = await runCliInProcessInterrupted(['clean', '--confirm', 'DELETE ALL DATA'])

    assert.equal(result.code, 130, result.stderr + result.stdout)
    const { done, total } = result.pressedAt!
    assert.deepEqual(linesOf(result.stderr), [
      'Stopping: the clean ends after the batch being deleted...',
      `error: Interrupted: ${count(done)} of ${count(total)} rows deleted (each batch is committed); the rest is still there: run clean again to delete it`,
    ])
    assert.isAbove(await scalar(db.from('members').count('* as n')), 0)
  }).timeout(60_000)
})
