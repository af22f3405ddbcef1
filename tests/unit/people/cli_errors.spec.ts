import { test } from '@japa/runner'
import { Writable } from 'node:stream'
import { CliError, handled, reasonOf } from '#cli/errors'
import { Interrupts, type CliContext } from '#cli/context'

/** What knex and the drivers throw: the statement before the driver's message. */
function databaseError(code: string, message: string, extra: Record<string, unknown> = {}) {
  return Object.assign(
    new Error(
      `insert into \`data_cleans\` (\`active_key\`, \`actor\`) values ('clean', 'cli:op') - ${message}`
    ),
    { code, ...extra }
  )
}

function context(verbose = false) {
  let stderr = ''
  const ctx: CliContext = {
    stdout: new Writable({ write: (_chunk, _encoding, done) => done() }),
    stderr: new Writable({
      write(chunk, _encoding, done) {
        stderr += String(chunk)
        done()
      },
    }),
    interactive: () => false,
    withApp: (work) => work(),
    interrupts: new Interrupts(),
    exitCode: 0,
    verbose,
  }
  return { ctx, stderr: () => stderr }
}

const BUSY = 'The database is busy (another process holds a write lock); try again in a moment.'

test.group('CLI errors: one readable line, never SQL', () => {
  test('a locked database, on SQLite and MariaDB, is "busy"', ({ assert }) => {
    for (const error of [
      databaseError('SQLITE_BUSY', 'database is locked'),
      databaseError('SQLITE_BUSY_TIMEOUT', 'database is locked'),
      databaseError(
        'ER_LOCK_WAIT_TIMEOUT',
        'Lock wait timeout exceeded; try restarting transaction',
        {
          errno: 1205,
          sqlMessage: 'Lock wait timeout exceeded; try restarting transaction',
        }
      ),
      databaseError('ER_LOCK_DEADLOCK', 'Deadlock found when trying to get lock'),
    ])
      assert.deepEqual(reasonOf(error), { message: BUSY, exitCode: 1 }, error.code)
  })

  test('other database errors name their kind, not their statement', ({ assert }) => {
    assert.deepEqual(
      reasonOf(databaseError('SQLITE_CONSTRAINT_UNIQUE', 'UNIQUE constraint failed')),
      {
        message:
          'A database error stopped the command (SQLITE_CONSTRAINT_UNIQUE); run it again with --verbose to see the detail',
        exitCode: 1,
      }
    )
    assert.equal(
      reasonOf(databaseError('SQLITE_READONLY', 'attempt to write a readonly database')).message,
      'The database cannot be written (SQLITE_READONLY: read-only or disk full)'
    )
    assert.equal(
      reasonOf(Object.assign(new Error('Access denied'), { code: 'ER_ACCESS_DENIED_ERROR' }))
        .message,
      'The database refused the connection (ER_ACCESS_DENIED_ERROR); check DB_USER, DB_PASSWORD and DB_DATABASE'
    )
    assert.equal(
      reasonOf(
        Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3306'), {
          code: 'ECONNREFUSED',
          syscall: 'connect',
          address: '127.0.0.1',
          port: 3306,
        })
      ).message,
      'The database cannot be reached (ECONNREFUSED 127.0.0.1:3306); check DB_HOST and DB_PORT'
    )
    // A service's message quoting a failed statement (a clean that stopped keeps its error).
    assert.equal(
      reasonOf(
        new Error('The clean stopped: delete from `members` where `id` in (1) - database is locked')
      ).message,
      `The clean stopped: ${BUSY}`
    )
  })

  test('a programming error is "unexpected"; readable messages and exit codes stay', ({
    assert,
  }) => {
    assert.equal(
      reasonOf(new TypeError("Cannot read properties of undefined (reading 'id')")).message,
      'An unexpected error stopped the command (TypeError); run it again with --verbose to see the detail'
    )
    assert.deepEqual(reasonOf(new CliError('Interrupted: 3 link(s) issued', 130)), {
      message: 'Interrupted: 3 link(s) issued',
      exitCode: 130,
    })
    assert.deepEqual(reasonOf(new Error('Username already exists\nat line 2')), {
      message: 'Username already exists',
      exitCode: 1,
    })
    assert.deepEqual(reasonOf(Object.assign(new Error('x'), { name: 'ExitPromptError' })), {
      message: 'Cancelled: nothing was done.',
      exitCode: 130,
    })
  })

  test('a command failing on the database prints one line; --verbose adds the raw error under it', async ({
    assert,
  }) => {
    const failing = async () => {
      throw databaseError('SQLITE_BUSY', 'database is locked')
    }
    const quiet = context()
    await handled(quiet.ctx, failing)()
    assert.equal(quiet.stderr(), `error: ${BUSY}\n`)
    assert.equal(quiet.ctx.exitCode, 1)

    const verbose = context(true)
    await handled(verbose.ctx, failing)()
    const [first, ...detail] = verbose.stderr().split('\n')
    assert.equal(first, `error: ${BUSY}`)
    assert.include(detail.join('\n'), 'insert into `data_cleans`')
  })
})
