import type { CliContext } from './context.js'

/** A failure the CLI reports as one line and a non-zero exit code. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1
  ) {
    super(message)
  }
}

const BUSY = 'The database is busy (another process holds a write lock); try again in a moment.'
const SEE_DETAIL = 'run it again with --verbose to see the detail'

/** SQLITE_BUSY_TIMEOUT → SQLITE_BUSY; ER_LOCK_WAIT_TIMEOUT stays. */
const codeOf = (error: any) => String(error?.code ?? '')

/** Knex puts the statement before the driver's message: "insert into `x` (…) - database is locked". */
const SQL_TEXT =
  /^\s*(insert|update|delete|select|with|create|alter|drop|pragma|replace)\b[\s\S]* - /i

/** The same inside a service's message: "The clean stopped: delete from … - database is locked". */
const QUOTED_SQL = /\b(insert into|update|delete from|select)\b[\s\S]* - /i

function isDatabaseError(error: any) {
  return (
    /^(SQLITE_|ER_|PROTOCOL_)/.test(codeOf(error)) ||
    error?.sqlMessage !== undefined ||
    error?.sql !== undefined ||
    SQL_TEXT.test(String(error?.message ?? ''))
  )
}

/** One readable line for a database error: never its SQL text. */
function databaseReason(error: any): string {
  const code = codeOf(error)
  const text = String(error?.message ?? '')
  if (
    /^SQLITE_(BUSY|LOCKED)/.test(code) ||
    ['ER_LOCK_WAIT_TIMEOUT', 'ER_LOCK_DEADLOCK'].includes(code) ||
    /database is locked|database table is locked|Lock wait timeout/i.test(text)
  )
    return BUSY
  if (/^SQLITE_(CANTOPEN|NOTADB|CORRUPT)/.test(code))
    return `The database file cannot be opened (${code}); check SQLITE_PATH`
  if (/^SQLITE_(READONLY|FULL)|^ER_(DISK_FULL|RECORD_FILE_FULL)/.test(code))
    return `The database cannot be written (${code}: read-only or disk full)`
  if (/^(ER_ACCESS_DENIED|ER_DBACCESS_DENIED|ER_BAD_DB_ERROR)/.test(code))
    return `The database refused the connection (${code}); check DB_USER, DB_PASSWORD and DB_DATABASE`
  if (/^PROTOCOL_|^ER_SERVER_SHUTDOWN|^ER_CON_COUNT/.test(code))
    return `The connection to the database was lost (${code}); try again`
  return `A database error stopped the command (${code || 'no code'}); ${SEE_DETAIL}`
}

const CONNECTION_CODES = ['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ETIMEDOUT']
/** Programming errors: their message is for developers, not operators. */
const UNEXPECTED = ['TypeError', 'ReferenceError', 'RangeError', 'SyntaxError', 'EvalError']

/** The one-line reason of any failure: API errors, validation errors, prompts closed, the rest. */
export function reasonOf(error: any): { message: string; exitCode: number } {
  if (error instanceof CliError) return { message: error.message, exitCode: error.exitCode }
  // Every prompt comes before the command's work: a closed prompt leaves everything as it was.
  if (error?.name === 'ExitPromptError')
    return { message: 'Cancelled: nothing was done.', exitCode: 130 }
  if (error?.code === 'E_VALIDATION_ERROR' && Array.isArray(error.messages)) {
    return { message: error.messages[0]?.message ?? 'Invalid input', exitCode: 1 }
  }
  if (isDatabaseError(error)) return { message: databaseReason(error), exitCode: 1 }
  if (CONNECTION_CODES.includes(codeOf(error)) && error?.syscall === 'connect')
    return {
      message: `The database cannot be reached (${codeOf(error)} ${error.address ?? ''}:${error.port ?? ''}); check DB_HOST and DB_PORT`,
      exitCode: 1,
    }
  if (UNEXPECTED.includes(error?.name))
    return {
      message: `An unexpected error stopped the command (${error.name}); ${SEE_DETAIL}`,
      exitCode: 1,
    }
  const first = String(error?.message ?? error).split('\n')[0]
  // A service's message may quote a database error (a failed clean keeps it): its readable part only.
  if (QUOTED_SQL.test(first)) {
    const prefix = first.slice(0, first.search(QUOTED_SQL)).trim()
    return { message: `${prefix} ${databaseReason({ message: first })}`.trim(), exitCode: 1 }
  }
  return { message: first, exitCode: 1 }
}

/**
 * Wraps a command's action: every failure becomes "error: <reason>" on
 * stderr and a non-zero exit code, never a stack trace nor SQL text
 * (the raw error follows the line with --verbose or DEBUG).
 */
export function handled<Args extends unknown[]>(
  ctx: CliContext,
  action: (...args: Args) => Promise<void>
) {
  return async (...args: Args) => {
    try {
      await action(...args)
    } catch (error) {
      const { message, exitCode } = reasonOf(error)
      ctx.stderr.write(`error: ${message}\n`)
      if (ctx.verbose && !(error instanceof CliError))
        ctx.stderr.write(`${(error as Error)?.stack ?? String(error)}\n`)
      ctx.exitCode = exitCode
    }
  }
}
