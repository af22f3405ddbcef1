import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import Database from 'better-sqlite3'
import dbConfig from '#config/database'
import { testTmpPath } from '#tests/helpers/test_paths'

/*
| The failure seen: "insert into `data_cleans` (…) - database is locked" with the server running. A
| deferred transaction (knex's plain BEGIN) that reads and then writes, after another process
| committed in between, cannot write on its stale snapshot: SQLite fails it at once
| (SQLITE_BUSY_SNAPSHOT), busy_timeout or not. config/database.ts begins every transaction
| IMMEDIATE: the lock is taken at BEGIN, so the other writer waits for the commit instead.
| SQLite only (MariaDB locks rows). The other process is a second connection to the same file.
*/
const isSqlite = () => db.connection().dialect.name.includes('sqlite')

test.group('SQLite: a transaction that reads, then writes, beside another writer', (group) => {
  const file = join(process.cwd(), testTmpPath(`begin-immediate-${process.pid}.sqlite3`))
  const remove = () =>
    Promise.all(['', '-wal', '-shm'].map((suffix) => rm(file + suffix, { force: true })))

  group.setup(async () => {
    if (!isSqlite()) return () => {}
    await remove()
    const sqlite = dbConfig.connections.sqlite as any
    db.manager.add('begin_immediate_probe', { ...sqlite, connection: { filename: file } })
    await db
      .connection('begin_immediate_probe')
      .rawQuery('create table notes (id integer primary key, text text)')
    return async () => {
      await db.manager.close('begin_immediate_probe')
      db.manager.release('begin_immediate_probe')
      await remove()
    }
  })

  test('the transaction commits; the other writer waits for it rather than breaking it', async ({
    assert,
  }) => {
    const other = new Database(file, { timeout: 50 })
    try {
      const othersWrite = () => {
        try {
          other.prepare("insert into notes (text) values ('other')").run()
          return 'written'
        } catch (error) {
          return (error as { code?: string }).code
        }
      }
      await db.connection('begin_immediate_probe').transaction(async (trx) => {
        await trx.from('notes').count('* as n')
        // Another process writes between this transaction's read and its write: with the lock
        // taken at BEGIN it must wait (here it gives up after its 50 ms), the transaction goes on.
        assert.equal(othersWrite(), 'SQLITE_BUSY')
        await trx.table('notes').insert({ text: 'mine' })
      })
      assert.equal(othersWrite(), 'written')
      const texts = other.prepare('select text from notes order by id').all() as { text: string }[]
      assert.deepEqual(
        texts.map((row) => row.text),
        ['mine', 'other']
      )
    } finally {
      other.close()
    }
  }).skip(!!process.env.DB_CONNECTION && process.env.DB_CONNECTION !== 'sqlite', 'SQLite only')
})
